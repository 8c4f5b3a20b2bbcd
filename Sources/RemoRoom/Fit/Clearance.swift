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
    /// or "dining", in any case. (Searched byte by byte: `String.contains` goes through
    /// Foundation here, and took more than the rest of a badge.)
    private static func kind(of category: String) -> Kind {
        var category = category.lowercased()
        return category.withUTF8 { letters in
            func mentions(_ word: StaticString) -> Bool {
                word.withUTF8Buffer { word in
                    letters.count >= word.count
                        && (0...(letters.count - word.count)).contains { start in
                            word.indices.allSatisfy { letters[start + $0] == word[$0] }
                        }
                }
            }
            if mentions("bed") { return .bed }
            if mentions("table") || mentions("dining") { return .table }
            return .other
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
