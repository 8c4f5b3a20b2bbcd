import RemoJSON

/// A product on the shopping list. Dimensions are in `unit`; any may be missing.
public struct Product: Hashable, Sendable {
    /// The product's identifier in the list.
    public var id: String
    /// A name for people.
    public var name: String?
    /// The category (sofa, bed, table, …), which picks the clearance.
    public var category: String?
    /// The width, in `unit`.
    public var width: Double?
    /// The depth, in `unit`.
    public var depth: Double?
    /// The height, in `unit`.
    public var height: Double?
    /// The unit of the dimensions.
    public var unit: LengthUnit

    /// A product; any dimension may be missing.
    public init(
        id: String, name: String? = nil, category: String? = nil, width: Double?, depth: Double?, height: Double?,
        unit: LengthUnit = .metres
    ) {
        self.id = id
        self.name = name
        self.category = category
        self.width = width
        self.depth = depth
        self.height = height
        self.unit = unit
    }

    /// Width, depth and height in metres, when all three are known and positive.
    public var metres: (width: Double, depth: Double, height: Double)? {
        guard let w = width, let d = depth, let h = height, Self.isLength(w), Self.isLength(d), Self.isLength(h) else { return nil }
        return (w * unit.metres, d * unit.metres, h * unit.metres)
    }

    /// Which dimensions are missing or not positive lengths (what ``metres`` needs).
    var unknownDimensions: (width: Bool, depth: Bool, height: Bool) {
        (!Self.isLength(width), !Self.isLength(depth), !Self.isLength(height))
    }

    static func isLength(_ value: Double?) -> Bool {
        guard let value else { return false }
        return value > 0 && value.isFinite
    }
}

/// Units of length a product's dimensions may be in.
public enum LengthUnit: String, Hashable, Sendable, CaseIterable {
    /// Metres, `"m"`.
    case metres = "m"
    /// Centimetres, `"cm"`.
    case centimetres = "cm"
    /// Millimetres, `"mm"`.
    case millimetres = "mm"
    /// Inches, `"in"`.
    case inches = "in"

    /// One unit in metres.
    public var metres: Double {
        switch self {
        case .metres: return 1
        case .centimetres: return 0.01
        case .millimetres: return 0.001
        case .inches: return 0.0254
        }
    }
}

/// Why a shopping list could not be read.
public struct ShoppingListError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, with the JSON path.
    public var message: String
    public var description: String { message }
}

/// Reads a shopping list: `{"items": [ … ]}`, optionally grouped as
/// `{"groups": [{"name": …, "items": [ … ]}]}`.
public enum ShoppingList {
    /// Decodes a shopping list.
    ///
    /// - Throws: ``ShoppingListError`` naming the JSON path of the first problem.
    public static func decode(_ bytes: [UInt8]) throws(ShoppingListError) -> [Product] {
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch { throw ShoppingListError(message: "not valid JSON: \(error)") }
        var items: [(String, JSONValue)] = []
        if case .array(let list)? = value["items"] {
            items += list.enumerated().map { ("items[\($0.offset)]", $0.element) }
        }
        if case .array(let groups)? = value["groups"] {
            for (g, group) in groups.enumerated() {
                if case .array(let list)? = group["items"] {
                    items += list.enumerated().map { ("groups[\(g)].items[\($0.offset)]", $0.element) }
                }
            }
        }
        if value["items"] == nil && value["groups"] == nil {
            throw ShoppingListError(message: "$: expected {\"items\": […]} or {\"groups\": [{\"items\": […]}]}")
        }
        var products: [Product] = []
        for (path, item) in items {
            guard case .object = item else { throw ShoppingListError(message: "\(path): expected an object (a product)") }
            let id: String
            switch item["id"] {
            case .string(let s)?: id = s
            case .number(let d)?: id = JSONWriter.number(d)
            default: throw ShoppingListError(message: "\(path).id: missing")
            }
            func number(_ key: String) throws(ShoppingListError) -> Double? {
                switch item[key] {
                case nil, .null?: return nil
                case .number(let d)?: return d
                default: throw ShoppingListError(message: "\(path).\(key): expected a number")
                }
            }
            var unit = LengthUnit.metres
            if case .string(let u)? = item["unit"] {
                guard let parsed = LengthUnit(rawValue: u) else {
                    throw ShoppingListError(message: "\(path).unit: expected m, cm, mm or in")
                }
                unit = parsed
            }
            func text(_ key: String) -> String? { if case .string(let s)? = item[key] { return s } else { return nil } }
            products.append(
                Product(
                    id: id, name: text("name"), category: text("category"), width: try number("width"), depth: try number("depth"),
                    height: try number("height"), unit: unit))
        }
        return products
    }
}
