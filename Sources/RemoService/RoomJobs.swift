import RemoImage
import RemoJSON
import RemoRender
import RemoRoom

/// The result of the fit job.
public struct FitJobResult: Sendable {
    /// The room the badges are for (`nil` without a scan).
    public var room: Room?
    /// The products, in list order.
    public var products: [Product]
    /// Their badges, in list order.
    public var results: [FitResult]
    /// Warnings for people (a `remove` name that matches no furniture).
    public var warnings: [String]
}

extension Jobs {
    /// Reads a room scan in any format of docs/formats.md.
    ///
    /// - Throws: ``JobError`` `invalid-json` or `invalid-scan`.
    public static func room(_ scan: [UInt8], format: RoomScanFormat? = nil, name: String = "the scan") throws(JobError) -> RoomScan {
        do {
            return try RoomScan.decode(scan, format: format)
        } catch {
            throw JobError(ErrorCode(naming: error.code, otherwise: .invalidScan), message: "\(name): \(error)")
        }
    }

    /// One room of a scan, counting from 1 (the first when `number` is `nil`).
    ///
    /// - Parameters:
    ///   - scan: The scan, from ``room(_:format:name:)``.
    ///   - number: The room's number, from 1; `nil` for the first.
    ///   - name: How messages name the scan.
    ///   - option: How messages name the number (`--room-number`, `roomNumber`).
    /// - Throws: ``JobError`` `no-such-room` when the scan has fewer rooms.
    public static func chooseRoom(_ scan: RoomScan, number: Int?, name: String = "the scan", option: String = "roomNumber") throws(JobError)
        -> Room
    {
        let number = number ?? 1
        guard number >= 1, number <= scan.rooms.count else {
            let count = scan.rooms.count
            let rooms = count == 0 ? "no rooms" : count == 1 ? "1 room" : "\(count) rooms"
            throw JobError(.noSuchRoom, message: "\(name): the scan has \(rooms); \(option) \(number) names none")
        }
        return scan.rooms[number - 1]
    }

    /// Fit badges for a shopping list in a room (`nil`: every badge unknown).
    ///
    /// - Parameters:
    ///   - room: The room, from ``room(_:format:name:)`` and ``chooseRoom(_:number:name:option:)``.
    ///   - items: The shopping list's JSON bytes.
    ///   - remove: Furniture (identifier or category, in any case) treated as removed.
    ///   - itemsName: How messages name the list.
    /// - Throws: ``JobError`` `invalid-json` or `invalid-list`.
    public static func fit(room: Room?, items: [UInt8], remove: [String] = [], itemsName: String = "the list") throws(JobError)
        -> FitJobResult
    {
        let products: [Product]
        do {
            products = try ShoppingList.decode(items)
        } catch {
            throw JobError(.invalidList, message: "\(itemsName): \(error)")
        }
        var warnings: [String] = []
        if let room {
            // A name that matches nothing is most likely a typo: say so, and what there is.
            for name in remove where !room.objects.contains(where: { $0.isNamed(name) }) {
                let present = Set(room.objects.map(\.category)).sorted().joined(separator: ", ")
                warnings.append("--remove \(name) names no furniture in the room (it has: \(present.isEmpty ? "none" : present))")
            }
        }
        let checker = FitChecker(room: room, removing: Set(remove))
        return FitJobResult(room: room, products: products, results: products.map(checker.check), warnings: warnings)
    }

    /// The floor plan of a room as PNG bytes, with each fitting product at its witness
    /// placement when `fit` is given.
    public static func plan(_ room: Room, fit: FitJobResult? = nil) throws(JobError) -> [UInt8] {
        let planned = (fit?.results ?? []).compactMap { r in
            r.placement.map { PlannedProduct(label: r.id, placement: $0, badge: r.badge) }
        }
        return try encodedPlan(FloorPlanRenderer().render(room, products: planned))
    }

    /// Every room of a scan on one plan, as PNG bytes: a CapturedStructure's rooms in the
    /// structure's coordinates, each numbered as the summary numbers them.
    public static func plan(allRoomsOf scan: RoomScan) throws(JobError) -> [UInt8] {
        try encodedPlan(FloorPlanRenderer().render(rooms: scan.rooms))
    }

    private static func encodedPlan(_ picture: RGBAImage) throws(JobError) -> [UInt8] {
        do {
            return try PNGCodec.encode(picture)
        } catch {
            throw JobError(.encodingFailed, message: "the plan could not be encoded: \(error)")
        }
    }
}
