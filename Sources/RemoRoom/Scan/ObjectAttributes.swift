/// An object's attributes from newer scans (such as `StorageType: shelf`), in the order
/// the scan gives them; of repeated names the first counts. A handful per object, so a
/// list searched in order: reading a scan hashes nothing for them.
public struct ObjectAttributes: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    /// One attribute: RoomPlan's name and value.
    public struct Attribute: Hashable, Sendable {
        /// The name, such as `StorageType`.
        public var name: String
        /// The value, such as `shelf`.
        public var value: String
    }

    /// The attributes in the scan's order.
    public private(set) var list: [Attribute] = []

    /// No attributes.
    public init() {}

    /// The attributes of a literal, in its order (the first of repeated names counts).
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { add(name, value) }
    }

    /// The value named `name`, or nil.
    public subscript(name: String) -> String? { list.first { $0.name == name }?.value }

    /// How many there are.
    public var count: Int { list.count }

    /// Whether there are none.
    public var isEmpty: Bool { list.isEmpty }

    /// Adds an attribute unless one of that name is there already.
    mutating func add(_ name: String, _ value: String) {
        guard self[name] == nil else { return }
        // RoomPlan gives an object up to four: room for them at once.
        if list.isEmpty { list.reserveCapacity(4) }
        list.append(Attribute(name: name, value: value))
    }
}
