import RemoJSON

/// A CapturedRoom or CapturedStructure read straight from the bytes: one pass of the
/// pull reader, building only the fields remo-geom uses (``ScanElement``) and
/// stepping over everything else (the `coreModel` blob, `sections`, edges, curves)
/// without building it. The syntax of the whole text is still checked.
struct ScanDocument {
    /// The top-level elements (a CapturedRoom).
    var elements = ScanElements()
    /// The rooms of a CapturedStructure, when `rooms` is an array.
    var rooms: [ScanElements]?
    var clues = FormatClues()

    enum Key: Int, CaseIterable {
        case walls, doors, windows, openings, objects, floors, rooms, version, floorArea, ceilingHeight

        /// The key as the file spells it (written out: describing a case by reflection
        /// cost a millisecond at the first read).
        var name: String {
            switch self {
            case .walls: "walls"
            case .doors: "doors"
            case .windows: "windows"
            case .openings: "openings"
            case .objects: "objects"
            case .floors: "floors"
            case .rooms: "rooms"
            case .version: "version"
            case .floorArea: "floorArea"
            case .ceilingHeight: "ceilingHeight"
            }
        }
    }

    static let keys = JSONKeyTable(Key.allCases.map(\.name))

    /// Reads a whole document; throws the reader's syntax errors.
    init(bytes: [UInt8], limits: JSONLimits) throws(JSONSyntaxError) {
        var reader = JSONReader(bytes: bytes, limits: limits)
        guard try reader.nextKind() == .object else {
            try reader.skip()
            try reader.finish()
            clues.isObject = false
            return
        }
        clues.isObject = true
        try Self.read(&reader, into: &elements, clues: &clues) { reader throws(JSONSyntaxError) in
            var rooms: [ScanElements] = []
            try reader.beginArray()
            while try reader.nextElement() {
                var room = ScanElements()
                var ignored = FormatClues()
                if try reader.nextKind() == .object {
                    try Self.read(&reader, into: &room, clues: &ignored) { reader throws(JSONSyntaxError) in try reader.skip() }
                } else {
                    try reader.skip()
                }
                rooms.append(room)
            }
            self.rooms = rooms
        }
        try reader.finish()
    }

    /// Reads one CapturedRoom object's elements; `readRooms` reads a `rooms` array.
    static func read(
        _ reader: inout JSONReader, into scan: inout ScanElements, clues: inout FormatClues,
        readRooms: (inout JSONReader) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        try reader.beginObject()
        var seen: UInt32 = 0
        while let index = try reader.nextKey(in: keys) {
            guard let key = Key(rawValue: index), seen & (1 << index) == 0 else {
                try reader.skip()
                continue
            }
            seen |= 1 << index
            let kind = try reader.nextKind()
            switch key {
            case .walls, .doors, .windows, .openings, .objects, .floors:
                if key == .walls { clues.walls = kind == .array ? [] : nil }
                if key == .floors { clues.hasFloors = true }
                guard kind == .array, let elementKind = ScanElements.Kind(rawValue: key.rawValue) else {
                    try reader.skip()
                    continue
                }
                var items: [ScanElement] = []
                items.reserveCapacity(16)
                try reader.beginArray()
                // Only doors, windows and openings name their wall.
                let keepsParent = elementKind == .doors || elementKind == .windows || elementKind == .openings
                while try reader.nextElement() { items.append(try ScanElement(from: &reader, keepsParent: keepsParent)) }
                scan[elementKind] = items
                if key == .walls { clues.walls = items.map { ($0.hasTransform, $0.hasLength) } }
            case .rooms:
                clues.roomsIsArray = kind == .array
                if kind == .array { try readRooms(&reader) } else { try reader.skip() }
            case .version, .floorArea, .ceilingHeight:
                if key == .version { clues.hasVersion = true }
                if key == .floorArea || key == .ceilingHeight { clues.hasRoomDimensionsKey = true }
                try reader.skip()
            }
        }
    }
}

/// What the top level of a scan shows about its format (see ``RoomScan/detect(_:)``).
struct FormatClues {
    var isObject = true
    var roomsIsArray = false
    /// For a `walls` array: each wall's `transform` and `length` keys; nil for no array.
    var walls: [(hasTransform: Bool, hasLength: Bool)]? = nil
    var hasFloors = false
    var hasVersion = false
    var hasRoomDimensionsKey = false

    init() {}

    /// The format these clues point to, or nil for none.
    var format: RoomScanFormat? {
        if roomsIsArray { return .capturedStructure }
        if let walls {
            if walls.isEmpty { return hasFloors || hasVersion ? .capturedRoom : nil }
            if walls.contains(where: \.hasTransform) { return .capturedRoom }
            if walls.contains(where: \.hasLength) { return .roomDimensions }
        }
        if hasRoomDimensionsKey { return .roomDimensions }
        if hasFloors { return .capturedRoom }
        return nil
    }
}
