import RemoGeometry
import RemoJSON

/// One RoomPlan element (a wall, door, window, opening, object or floor): the fields
/// remo-geom reads, taken from a JSON tree or straight from the bytes
/// (``ScanDocument``). Either way each field is interpreted by the same ``Read``
/// helper, so both give the same element.
final class ScanElement {
    var identifier: String?
    /// `id`, used when `identifier` is missing (custom exports).
    var id: String?
    /// Column-major, 16 finite numbers.
    var transform: Transform?
    var dimensions: (Double, Double, Double)?
    var category: String?
    /// A door's `isOpen`, from its category's payload.
    var isOpen: Bool?
    var confidence: String?
    var parentIdentifier: String?
    /// The corners of a floor or sloped wall; nil unless every corner is a point.
    var polygonCorners: [(Double, Double, Double)]?
    var attributes = ObjectAttributes()
    var story: Int?
    /// Keys that tell the formats apart.
    var hasTransform = false
    var hasLength = false

    /// The keys read; the others are stepped over.
    enum Field: Int, CaseIterable {
        case identifier, id, transform, dimensions, category, confidence, parentIdentifier, polygonCorners, attributes, story, length

        var key: String {
            switch self {
            case .identifier: return "identifier"
            case .id: return "id"
            case .transform: return "transform"
            case .dimensions: return "dimensions"
            case .category: return "category"
            case .confidence: return "confidence"
            case .parentIdentifier: return "parentIdentifier"
            case .polygonCorners: return "polygonCorners"
            case .attributes: return "attributes"
            case .story: return "story"
            case .length: return "length"
            }
        }
    }

    static let keys = JSONKeyTable(Field.allCases.map(\.key))

    /// RoomPlan's words for categories, confidence and attributes (names and values),
    /// handed out as they are instead of building a string for each one read. Others
    /// are read as usual.
    static let vocabulary = JSONKeyTable([
        "wall", "door", "window", "opening", "floor", "storage", "refrigerator", "stove", "bed", "sink", "washerDryer", "toilet",
        "bathtub", "oven", "dishwasher", "table", "sofa", "chair", "fireplace", "television", "stairs", "high", "medium", "low",
        "ChairArmType", "ChairBackType", "ChairLegType", "ChairType", "SofaType", "StorageType", "TableShapeType", "TableType",
        "existing", "missing", "unidentified", "four", "star", "dining", "swivel", "stool", "cabinet", "shelf", "rectangular",
        "circularElliptic", "coffee", "lShaped", "lShapedExtension", "singleSeat", "isOpen",
    ])

    /// The element's identifier: `identifier` (RoomPlan), else `id`.
    var name: String? { identifier ?? id }

    /// An element with no field set yet.
    init() {}

    /// An element read from the bytes, at the start of its value. Transforms and
    /// dimensions given as plain number arrays are read without building a tree; every
    /// other form goes through ``set(_:_:)`` like a tree. The first of repeated keys
    /// counts. `keepsParent`: whether its `parentIdentifier` is wanted (a door's wall);
    /// else it is stepped over unbuilt (an object's or a floor's, which the room does not use).
    init(from reader: inout JSONReader, keepsParent: Bool = true) throws(JSONSyntaxError) {
        guard try reader.nextKind() == .object else {
            try reader.skip()
            return
        }
        try reader.beginObject()
        var seen: UInt32 = 0
        while let index = try reader.nextKey(in: Self.keys) {
            guard let field = Field(rawValue: index), seen & (1 << index) == 0 else {
                try reader.skip()
                continue
            }
            seen |= 1 << index
            switch field {
            case .transform:
                hasTransform = true
                // Outer nil: not a flat array of at most 16 numbers, read as a tree instead.
                let read: Transform?? = withUnsafeTemporaryAllocation(of: Double.self, capacity: 16) { buffer in
                    reader.readNumbers(into: buffer).map { Transform(buffer[0..<$0]) }
                }
                if let read {
                    transform = read
                } else {
                    set(field, try reader.readValue())
                }
            case .dimensions:
                // Outer nil: not a flat array of numbers, read as a tree instead.
                let read: (Double, Double, Double)?? = withUnsafeTemporaryAllocation(of: Double.self, capacity: 8) { buffer in
                    reader.readNumbers(into: buffer).map { Read.dimensions(numbers: buffer[0..<$0]) }
                }
                if let read {
                    dimensions = read
                } else {
                    set(field, try reader.readValue())
                }
            case .identifier, .id, .parentIdentifier:
                if try reader.nextKind() == .string && (field != .parentIdentifier || keepsParent) {
                    let s = try reader.readString()
                    if field == .identifier { identifier = s } else if field == .id { id = s } else { parentIdentifier = s }
                } else {
                    try reader.skip()
                }
            case .story:
                if try reader.nextKind() == .number {
                    set(field, .number(try reader.readNumber()))
                } else {
                    try reader.skip()
                }
            case .length:
                hasLength = true
                try reader.skip()
            case .category:
                let c = try Self.readCase(&reader)
                category = c?.name
                isOpen = c?.isOpen
            case .confidence:
                confidence = try Self.readCase(&reader)?.name
            case .polygonCorners:
                try readCorners(&reader)
            case .attributes:
                try readAttributes(&reader)
            }
        }
    }

    /// Reads an enum-like value as ``Read/enumCase(_:)`` sees it, without a tree: a
    /// string, or an object's first key; of that key's payload only a boolean
    /// `isOpen` (a door's state) is kept.
    static func readCase(_ reader: inout JSONReader) throws(JSONSyntaxError) -> (name: String, isOpen: Bool?)? {
        switch try reader.nextKind() {
        case .string:
            return (try reader.readString(interning: vocabulary), nil)
        case .object:
            // Most are `{"chair": {}}`: read in one step.
            if let index = reader.readEmptyCase(in: vocabulary) { return (vocabulary.keys[index], nil) }
            try reader.beginObject()
            guard let name = try reader.nextKey(interning: vocabulary) else { return nil }
            var isOpen: Bool? = nil
            if try reader.nextKind() == .object {
                try reader.beginObject()
                var seen = false
                while let key = try reader.nextKey(interning: vocabulary) {
                    if key == "isOpen" && !seen {
                        seen = true
                        if case .bool(let open) = try reader.readValue() { isOpen = open }
                    } else {
                        try reader.skip()
                    }
                }
            } else {
                try reader.skip()
            }
            while try reader.nextKey(in: vocabulary) != nil { try reader.skip() }
            return (name, isOpen)
        default:
            try reader.skip()
            return nil
        }
    }

    /// Reads `polygonCorners`: corners given as `[x, y, z]` arrays of numbers without a
    /// tree; at the first corner in any other form, the rest of the array is read as a
    /// tree and the whole list goes through ``set(_:_:)``.
    func readCorners(_ reader: inout JSONReader) throws(JSONSyntaxError) {
        guard try reader.nextKind() == .array else {
            set(.polygonCorners, try reader.readValue())
            return
        }
        try reader.beginArray()
        var corners: [(Double, Double, Double)] = []
        corners.reserveCapacity(16)
        var rest: [JSONValue] = []
        // One corner's numbers, read in place (a tuple of doubles is laid out as an array).
        var numbers = (0.0, 0.0, 0.0)
        while try reader.nextElement() {
            let count =
                rest.isEmpty
                ? withUnsafeMutableBytes(of: &numbers) { reader.readNumbers(into: $0.bindMemory(to: Double.self)) } : nil
            if count == 3 && numbers.0.isFinite && numbers.1.isFinite && numbers.2.isFinite {
                corners.append(numbers)
            } else if let count {
                rest.append(.array([numbers.0, numbers.1, numbers.2].prefix(count).map(JSONValue.number)))
            } else {
                rest.append(try reader.readValue())
            }
        }
        if rest.isEmpty {
            polygonCorners = corners
        } else {
            set(.polygonCorners, .array(corners.map { .array([.number($0.0), .number($0.1), .number($0.2)]) } + rest))
        }
    }

    /// Reads `attributes`: string values without a tree, others through ``set(_:_:)``'s rule.
    func readAttributes(_ reader: inout JSONReader) throws(JSONSyntaxError) {
        guard try reader.nextKind() == .object else {
            set(.attributes, try reader.readValue())
            return
        }
        try reader.beginObject()
        while let key = try reader.nextKey(interning: Self.vocabulary) {
            let value =
                try reader.nextKind() == .string
                ? try reader.readString(interning: Self.vocabulary) : Self.attribute(try reader.readValue())
            attributes.add(key, value)
        }
    }

    /// An attribute's value as text: a string, an enum case's name, else its JSON.
    static func attribute(_ a: JSONValue) -> String {
        Read.string(a) ?? Read.enumCase(a)?.name ?? JSONWriter.string(a)
    }

    /// Interprets one field's value.
    func set(_ field: Field, _ v: JSONValue) {
        switch field {
        case .identifier: identifier = Read.string(v)
        case .id: id = Read.string(v)
        case .transform:
            hasTransform = true
            transform = Read.transform(v)
        case .dimensions: dimensions = Read.dimensions(v)
        case .category:
            let c = Read.enumCase(v)
            category = c?.name
            if case .bool(let open)? = c?.payload?["isOpen"] { isOpen = open }
        case .confidence: confidence = Read.enumCase(v)?.name
        case .parentIdentifier: parentIdentifier = Read.string(v)
        case .polygonCorners:
            if case .array(let corners) = v {
                let points = corners.compactMap { Read.vector($0) }
                polygonCorners = points.count == corners.count ? points : nil
            }
        case .attributes:
            if case .object(let members) = v {
                for (k, a) in members { attributes.add(k, Self.attribute(a)) }
            }
        case .story: story = Read.number(v)?.clamped(to: -1000...1000)
        case .length: hasLength = true
        }
    }
}

/// The elements of one CapturedRoom, by kind.
struct ScanElements {
    var walls: [ScanElement] = []
    var doors: [ScanElement] = []
    var windows: [ScanElement] = []
    var openings: [ScanElement] = []
    var objects: [ScanElement] = []
    var floors: [ScanElement] = []

    /// The kinds, as top-level keys of a CapturedRoom.
    enum Kind: Int, CaseIterable {
        case walls, doors, windows, openings, objects, floors
    }

    subscript(kind: Kind) -> [ScanElement] {
        get {
            switch kind {
            case .walls: return walls
            case .doors: return doors
            case .windows: return windows
            case .openings: return openings
            case .objects: return objects
            case .floors: return floors
            }
        }
        set {
            switch kind {
            case .walls: walls = newValue
            case .doors: doors = newValue
            case .windows: windows = newValue
            case .openings: openings = newValue
            case .objects: objects = newValue
            case .floors: floors = newValue
            }
        }
    }

    /// How many different stories the elements name (those without one not counted).
    var stories: Int {
        var seen: [Int] = []
        for kind in Kind.allCases {
            for case let story? in self[kind].lazy.map(\.story) where !seen.contains(story) { seen.append(story) }
        }
        return seen.count
    }

    init() {}
}
