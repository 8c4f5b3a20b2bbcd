/// The floor a piece needs around it, by category: recommended and minimum, in metres.
///
/// Sources: walkways 36 in recommended and 30 in minimum (NKBA kitchen and bath planning
/// guidelines, clear walkway widths, the usual residential rule); 24 in beside a bed for
/// getting in and making it (common bedroom planning rule, e.g. NKBA and Neufert), 18 in
/// minimum; 36 in around a dining table to pull chairs out (NKBA seating clearance), 30 in
/// minimum; a door's clear zone of 0.6 m inside the room (the swing of a typical interior
/// door leaf is 0.6–0.9 m; 0.6 m keeps the approach free).
public struct Clearance: Hashable, Sendable {
    /// Where the clearance goes.
    public enum Side: String, Hashable, Sendable {
        /// In front only (the depth side away from the wall): sofas, storage, desks.
        case front
        /// Both long sides: beds.
        case sides
        /// All round: tables.
        case around
    }

    /// Where the clearance goes.
    public var side: Side
    /// The comfortable clearance, in metres.
    public var recommended: Double
    /// The least usable clearance, in metres.
    public var minimum: Double

    static let inch = 0.0254

    /// The clearance for a product category (case-insensitive; unknown ones get a walkway in front).
    public static func forCategory(_ category: String?) -> Clearance {
        switch Self.kind(of: category ?? "") {
        case .bed: Clearance(side: .sides, recommended: 24 * inch, minimum: 18 * inch)
        case .table: Clearance(side: .around, recommended: 36 * inch, minimum: 30 * inch)
        case .other: Clearance(side: .front, recommended: 36 * inch, minimum: 30 * inch)
        }
    }

    private enum Kind {
        case bed
        case table
        case other
    }

    /// A bed if the category mentions "bed" anywhere, else a table if it mentions "table"
    /// or "dining", ignoring ASCII case: one pass over the bytes. A byte ORed with 0x20
    /// equals a lowercase letter exactly when it is that letter in either case.
    private static func kind(of category: String) -> Kind {
        var category = category
        return category.withUTF8 { t in
            @inline(__always) func at(_ i: Int, _ word: StaticString) -> Bool {
                let n = word.utf8CodeUnitCount
                guard i + n <= t.count else { return false }
                for k in 1..<n where t[i + k] | 0x20 != word.utf8Start[k] { return false }
                return true
            }
            var table = false
            for i in t.indices {
                switch t[i] | 0x20 {
                case UInt8(ascii: "b"): if at(i, "bed") { return .bed }
                case UInt8(ascii: "t"): if !table && at(i, "table") { table = true }
                case UInt8(ascii: "d"): if !table && at(i, "dining") { table = true }
                default: break
                }
            }
            return table ? .table : .other
        }
    }

    /// The depth of the clear zone kept inside the room in front of each door.
    public static let doorZone = 0.6
    /// What a door's frame and stop take from its width.
    public static let doorAllowance = 0.05
    /// A door passage margin under this is `tight`.
    public static let tightDoorMargin = 0.075
    /// A ceiling margin under this is `tight`.
    public static let tightCeilingMargin = 0.15
}
