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
    /// Its size as the retailer wrote it, read (``DimensionsReader``): what fills in a
    /// dimension the numbers leave out. Numbers win, dimension by dimension.
    public var dimensions: DimensionsReading?

    /// A product; any dimension may be missing.
    public init(
        id: String, name: String? = nil, category: String? = nil, width: Double?, depth: Double?, height: Double?,
        unit: LengthUnit = .metres, dimensions: DimensionsReading? = nil
    ) {
        self.id = id
        self.name = name
        self.category = category
        self.width = width
        self.depth = depth
        self.height = height
        self.unit = unit
        self.dimensions = dimensions
    }

    /// Width, depth and height in metres, when all three are known and positive: each
    /// from its number, else from the text.
    public var metres: (width: Double, depth: Double, height: Double)? {
        guard let w = metres(width, dimensions?.width), let d = metres(depth, dimensions?.depth), let h = metres(height, dimensions?.height)
        else { return nil }
        return (w, d, h)
    }

    /// Whether a dimension ``metres`` gives was placed by its order in the text (an
    /// unlabelled "84 x 38 x 34 in"), not by a label or a number.
    public var usesInferredDimensions: Bool {
        guard let dimensions, dimensions.confidence == .inferred else { return false }
        return (!Self.isLength(width) && dimensions.width != nil) || (!Self.isLength(depth) && dimensions.depth != nil)
            || (!Self.isLength(height) && dimensions.height != nil)
    }

    /// Which dimensions are missing or not positive lengths (what ``metres`` needs).
    var unknownDimensions: (width: Bool, depth: Bool, height: Bool) {
        (metres(width, dimensions?.width) == nil, metres(depth, dimensions?.depth) == nil, metres(height, dimensions?.height) == nil)
    }

    /// A dimension in metres: the number's, else the text's.
    private func metres(_ number: Double?, _ read: Double?) -> Double? {
        if let number, Self.isLength(number) { return number * unit.metres }
        return Self.isLength(read) ? read : nil
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
            var dimensions: DimensionsReading? = nil
            switch item["dimensions"] {
            case nil, .null?: break
            case .string(let written)?:
                guard written.utf8.count <= DimensionsReader.maximumTextBytes else {
                    throw ShoppingListError(
                        message:
                            "\(path).dimensions: \(written.utf8.count) bytes; a size text may have at most \(DimensionsReader.maximumTextBytes)"
                    )
                }
                dimensions = DimensionsReader.read(written)
            default: throw ShoppingListError(message: "\(path).dimensions: expected a string (the size as the retailer wrote it)")
            }
            products.append(
                Product(
                    id: id, name: text("name"), category: text("category"), width: try number("width"), depth: try number("depth"),
                    height: try number("height"), unit: unit, dimensions: dimensions))
        }
        return products
    }
}
