import RemoJSON

/// A checker for the subset of JSON Schema the project's schemas use: type (one or
/// several), required, properties, items, minItems, maxItems, minimum,
/// exclusiveMinimum, anyOf, enum. Returns the problems found, as JSON paths.
public enum SchemaCheck {
    public static func problems(_ value: JSONValue, against schema: JSONValue, path: String = "$") -> [String] {
        var problems: [String] = []
        if let types = schema["type"] {
            let allowed: [String]
            switch types {
            case .string(let t): allowed = [t]
            case .array(let ts): allowed = ts.compactMap { if case .string(let t) = $0 { return t } else { return nil } }
            default: allowed = []
            }
            if !allowed.contains(where: { matches(value, type: $0) }) {
                return ["\(path): expected \(allowed.joined(separator: " or ")), found \(value.kindDescription)"]
            }
        }
        if case .array(let options)? = schema["enum"], !options.contains(value) {
            problems.append("\(path): not one of the allowed values")
        }
        if case .array(let options)? = schema["anyOf"] {
            if !options.contains(where: { SchemaCheck.problems(value, against: $0, path: path).isEmpty }) {
                problems.append("\(path): matches none of the allowed forms")
            }
        }
        if case .number(let v) = value {
            if case .number(let m)? = schema["minimum"], v < m { problems.append("\(path): below \(m)") }
            if case .number(let m)? = schema["exclusiveMinimum"], v <= m { problems.append("\(path): not above \(m)") }
        }
        if case .object(let members) = value {
            if case .array(let required)? = schema["required"] {
                for case .string(let key) in required where !members.contains(where: { $0.key == key }) {
                    problems.append("\(path).\(key): missing")
                }
            }
            if case .object(let properties)? = schema["properties"] {
                for (key, sub) in properties {
                    if let v = value[key] { problems += SchemaCheck.problems(v, against: sub, path: "\(path).\(key)") }
                }
            }
        }
        if case .array(let elements) = value {
            if case .number(let m)? = schema["minItems"], Double(elements.count) < m {
                problems.append("\(path): fewer than \(Int(m)) items")
            }
            if case .number(let m)? = schema["maxItems"], Double(elements.count) > m {
                problems.append("\(path): more than \(Int(m)) items")
            }
            if let items = schema["items"] {
                for (i, e) in elements.enumerated() { problems += SchemaCheck.problems(e, against: items, path: "\(path)[\(i)]") }
            }
        }
        return problems
    }

    static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null), ("number", .number):
            return true
        case ("integer", .number(let d)): return d == d.rounded()
        default: return false
        }
    }
}
