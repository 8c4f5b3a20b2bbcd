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
        let c = category ?? ""
        if Self.mentions("bed", in: c) { return Clearance(side: .sides, recommended: 24 * inch, minimum: 18 * inch) }
        if Self.mentions("table", in: c) || Self.mentions("dining", in: c) {
            return Clearance(side: .around, recommended: 36 * inch, minimum: 30 * inch)
        }
        return Clearance(side: .front, recommended: 36 * inch, minimum: 30 * inch)
    }

    /// Whether the lowercase ASCII `word` (letters only) occurs in `text`, ignoring ASCII
    /// case: a byte ORed with 0x20 equals a lowercase letter exactly when it is that
    /// letter in either case, so no other byte can match one of its letters.
    private static func mentions(_ word: StaticString, in text: String) -> Bool {
        let w = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        var text = text
        return text.withUTF8 { t in
            guard t.count >= w.count else { return false }
            for start in 0...(t.count - w.count) where t[start] | 0x20 == w[0] {
                var k = 1
                while k < w.count && t[start + k] | 0x20 == w[k] { k += 1 }
                if k == w.count { return true }
            }
            return false
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
