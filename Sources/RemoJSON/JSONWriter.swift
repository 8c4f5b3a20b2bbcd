/// Writes JSON values as compact text, keys in the order given, numbers in the
/// shortest form that reads back to the same double (integers without a fraction).
public enum JSONWriter {
    /// The compact JSON text of `value`. Non-finite numbers are written as `null`.
    public static func string(_ value: JSONValue) -> String {
        var out = ""
        write(value, to: &out)
        return out
    }

    /// Appends the compact JSON text of `value` to `out`.
    public static func write(_ value: JSONValue, to out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let d): out += number(d)
        case .string(let s): writeString(s, to: &out)
        case .array(let elements):
            out += "["
            for (i, e) in elements.enumerated() {
                if i > 0 { out += "," }
                write(e, to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, m) in members.enumerated() {
                if i > 0 { out += "," }
                writeString(m.key, to: &out)
                out += ":"
                write(m.value, to: &out)
            }
            out += "}"
        }
    }

    /// A number as JSON: integral values below 2⁵³ without a fraction.
    public static func number(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), d.magnitude < 0x1p53 { return String(Int64(d)) }
        return "\(d)"
    }

    static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                // Control characters escaped, DEL and C1 too (JSON allows them raw, but
                // a terminal acts on them when the output is read there).
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
