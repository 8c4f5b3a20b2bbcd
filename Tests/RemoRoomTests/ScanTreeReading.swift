import RemoJSON

@testable import RemoRoom

// The reference reading of a scan through a JSON tree, which the one-pass reader
// (`ScanDocument`) is checked against: kept with the tests that use it, out of the library.

extension ScanElement {
    /// An element from a JSON tree (anything but an object gives an empty element); the
    /// first of repeated keys counts, as in the one-pass reader.
    convenience init(_ value: JSONValue) {
        self.init()
        guard case .object(let members) = value else { return }
        var seen = Set<Field>()
        for (key, v) in members {
            guard let field = Field.allCases.first(where: { $0.key == key }), seen.insert(field).inserted else { continue }
            set(field, v)
        }
    }
}

extension ScanElements {
    /// The elements of a CapturedRoom tree (kinds that are not arrays have none).
    init(_ value: JSONValue) {
        self.init()
        for kind in Kind.allCases {
            if case .array(let items)? = value["\(kind)"] { self[kind] = items.map(ScanElement.init) }
        }
    }
}

extension FormatClues {
    /// The clues of a JSON tree.
    init(_ value: JSONValue) {
        self.init()
        guard case .object = value else {
            isObject = false
            return
        }
        roomsIsArray = if case .array? = value["rooms"] { true } else { false }
        if case .array(let items)? = value["walls"] { walls = items.map { ($0["transform"] != nil, $0["length"] != nil) } }
        hasFloors = value["floors"] != nil
        hasVersion = value["version"] != nil
        hasRoomDimensionsKey = value["floorArea"] != nil || value["ceilingHeight"] != nil
    }
}
