extension UnsafeMutableBufferPointer {
    /// Sorts in place: by insertion (stable) when there are few elements (a room's
    /// obstacles, a polygon's corners, the cuts of one stretch), which for a few dozen
    /// beats the standard library's sort and its closure calls; else by that sort.
    @inline(__always)
    func sortFew(by less: (Element, Element) -> Bool) {
        guard count <= 64 else {
            var all = self
            all.sort(by: less)
            return
        }
        for i in 1..<Swift.max(count, 1) {
            let value = self[i]
            var j = i
            while j > 0 && less(value, self[j - 1]) {
                self[j] = self[j - 1]
                j -= 1
            }
            self[j] = value
        }
    }
}
