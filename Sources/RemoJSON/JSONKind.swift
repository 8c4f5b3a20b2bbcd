/// The kind of a JSON value, as seen from its first character.
public enum JSONKind: String, Hashable, Sendable {
    case object, array, string, number, bool, null

    /// "an object", "a number", … for messages.
    public var withArticle: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}
