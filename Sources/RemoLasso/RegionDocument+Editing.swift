/// The edits the app makes to a document's region list. Numbers follow the list:
/// after every edit they are 1…n in list order, and chips follow the numbers.
extension RegionDocument {
    /// Removes the region with `id`; returns whether there was one.
    @discardableResult
    public mutating func deleteRegion(id: String) -> Bool {
        guard let index = regions.firstIndex(where: { $0.id == id }) else { return false }
        regions.remove(at: index)
        renumber()
        return true
    }

    /// Moves the region with `id` to position `newIndex` (clamped to the list);
    /// returns whether there was one.
    @discardableResult
    public mutating func moveRegion(id: String, to newIndex: Int) -> Bool {
        guard let index = regions.firstIndex(where: { $0.id == id }) else { return false }
        let region = regions.remove(at: index)
        regions.insert(region, at: Swift.min(Swift.max(0, newIndex), regions.count))
        renumber()
        return true
    }

    /// Sets every region's number to its position in the list, from 1.
    public mutating func renumber() {
        for i in regions.indices { regions[i].number = i + 1 }
    }
}
