extension Array {
    /// Sorts the first `count` elements in place: by insertion when they are few (the
    /// corners of a piece of furniture, the blockers at one height), which for a
    /// handful beats the standard library's sort and its closure calls; else by it.
    @inline(__always)
    mutating func sortPrefix(_ count: Int, by less: (Element, Element) -> Bool) {
        guard count > 64 else {
            withUnsafeMutableBufferPointer { v in
                for i in 1..<Swift.max(count, 1) {
                    let value = v[i]
                    var j = i
                    while j > 0 && less(value, v[j - 1]) {
                        v[j] = v[j - 1]
                        j -= 1
                    }
                    v[j] = value
                }
            }
            return
        }
        self[0..<count].sort(by: less)
    }
}
