/// The words a size text is read with: units, labels, and the words that say a size is not
/// the product's. Kept apart from the grammar so that the vocabulary can grow without
/// touching how it is read.
enum SizeWords {
    /// Units of length written after a number.
    static let lengthUnits: [String: SizeUnit] = [
        "m": .metre, "metre": .metre, "metres": .metre, "meter": .metre, "meters": .metre, "mtr": .metre,
        "cm": .centimetre, "cms": .centimetre, "centimetre": .centimetre, "centimetres": .centimetre,
        "centimeter": .centimetre, "centimeters": .centimetre,
        "mm": .millimetre, "millimetre": .millimetre, "millimetres": .millimetre, "millimeter": .millimetre,
        "millimeters": .millimetre,
        "in": .inch, "inch": .inch, "inches": .inch, "ins": .inch,
        "ft": .foot, "feet": .foot, "foot": .foot,
    ]

    /// Unit words that say the unit of a whole text where they stand alone ("Dimensions
    /// (cm):", "all sizes in inches"). `in`, `m` and `ft` count only in brackets: on their
    /// own they are too often other words.
    static let standaloneUnits: Set<String> = [
        "cm", "mm", "inch", "inches", "centimetre", "centimetres", "centimeter", "centimeters",
        "millimetre", "millimetres", "millimeter", "millimeters", "metre", "metres", "meter", "meters", "feet",
    ]

    /// Units of weight: a number with one is never a size.
    static let weightUnits: Set<String> = [
        "lb", "lbs", "pound", "pounds", "kg", "kgs", "kilogram", "kilograms", "g", "grams", "oz", "ounce", "ounces",
    ]

    /// Words before a unit that make it an area or a volume (`40 sq ft`).
    static let areaWords: Set<String> = ["sq", "square", "cu", "cubic"]

    /// Labels, and whether the word comes only after its number (`84 in wide`, `36" round`).
    static let labels: [String: (label: SizeLabel, after: Bool)] = [
        "w": (.width, false), "width": (.width, false), "wide": (.width, true), "wd": (.width, false),
        "d": (.depth, false), "depth": (.depth, false), "deep": (.depth, true), "dp": (.depth, false), "ext": (.depth, true),
        "h": (.height, false), "height": (.height, false), "high": (.height, true), "tall": (.height, true),
        "ht": (.height, false),
        "l": (.length, false), "length": (.length, false), "long": (.length, true), "lg": (.length, false),
        "dia": (.diameter, false), "diam": (.diameter, false), "diameter": (.diameter, false), "round": (.diameter, true),
        "square": (.square, true), "sq": (.square, true),
    ]

    /// Words a label may look past to find its number (`seat height of 18 in`, `height
    /// adjustable 28–48"`).
    static let fillers: Set<String> = [
        "of", "is", "from", "approx", "approximately", "about", "adjustable", "up", "to", "around", "ca", "roughly",
    ]

    /// Abbreviations whose full stop does not end a sentence (`34 in. H`, `approx. 84 in`).
    static let abbreviations: Set<String> = [
        "in", "ft", "cm", "mm", "m", "dia", "diam", "approx", "ca", "w", "d", "h", "l", "ht", "wd", "dp", "lg", "no",
        "lb", "lbs", "oz", "kg", "sq", "cu", "max", "min", "incl", "appx", "est", "ins", "ext",
    ]

    /// Words that say a size is not the product's wherever they stand near it: the
    /// package, a weight or a load, a clearance, what it fits or holds, what is required.
    static let notTheProduct: Set<String> = [
        "box", "boxed", "boxes", "package", "packaged", "packaging", "packed", "carton", "cartons", "shipping", "shipped",
        "ships", "shipment", "parcel", "weight", "weighs", "capacity", "load", "clearance", "fits", "accommodates", "holds",
        "supports", "required", "requires", "recommended", "needs", "needed", "pad",
    ]

    /// Parts and states: a size named right after one of these (`seat height 18 in`,
    /// `Arms: 25" H`, `fully reclined depth 65"`), or right before (`2" thick`), is the
    /// part's, not the product's. Only next to the size: "Canopy bed: 64" W" is a bed's.
    static let parts: Set<String> = [
        "seat", "seats", "arm", "arms", "armrest", "armrests", "back", "backrest", "leg", "legs", "cord", "cable", "chain",
        "canopy", "bulb", "bulbs", "opening", "openings", "footboard", "pile", "diagonal", "base", "leaf", "leaves", "thick",
        "thickness", "mounting", "bracket", "spacing", "hole", "holes", "cubby", "cubbies", "compartment", "chaise", "span",
        "blade", "backplate", "fur", "pole", "reach", "area", "ceiling", "tv", "tvs", "television", "doorway", "doorways",
        "open", "opens", "unfolded", "reclined", "extended", "extends", "extension", "interior", "inside", "internal", "inner",
    ]

    /// Parts that are also sold on their own (a shelf, a lamp shade, a cushion): such a word
    /// names a part only when a label follows it (`shelf depth 10.5"`, `shade Ø 35 cm`) or
    /// when the text has already given the product's size ("…; Shade: 16" Dia."); else it
    /// names the product ("Wall shelf 24" L x 6" D", "Chest of drawers 80 x 48 x 120 cm").
    static let partsSoldAlone: Set<String> = [
        "shade", "shades", "shelf", "shelves", "drawer", "drawers", "cushion", "cushions", "pillow", "pillows", "headboard",
        "glass", "umbrella", "hanging",
    ]

    /// Three words that are one label: "Overall Width - Side to Side: 96''".
    static let spans: [String: (to: String, label: SizeLabel)] = [
        "side": ("side", .width), "front": ("back", .depth), "top": ("bottom", .height),
    ]

    /// A mattress is the product ("Mattress: 60" x 80" x 12"") unless one of these says it
    /// is the one the product takes ("fits a queen mattress", "for mattress 160 x 200 cm").
    static let mattresses: Set<String> = ["mattress", "mattresses"]
    static let mattressTaken: Set<String> = ["fits", "fit", "for", "size", "sizes", "accommodates", "takes"]

    /// Words passed over when finding the word next to a size ("Seat Dimensions: 70" W").
    static let transparent: Set<String> = [
        "dimensions", "dimension", "dims", "dim", "size", "sizes", "measurements", "measurement", "measures", "approx",
        "approximately", "about", "is", "are", "of", "to", "up", "from", "the", "a", "an",
    ]

    /// Words that say a size is the whole product's: such a size comes before others.
    static let whole: Set<String> = ["overall", "total", "assembled", "outer", "exterior", "external", "product", "item"]
}

/// A unit of length.
enum SizeUnit: Hashable, Sendable {
    case metre, centimetre, millimetre, inch, foot

    /// One of it in metres.
    var metres: Double {
        switch self {
        case .metre: 1
        case .centimetre: 0.01
        case .millimetre: 0.001
        case .inch: 0.0254
        case .foot: 0.3048
        }
    }
}

/// What a label says a length is.
enum SizeLabel: Hashable, Sendable {
    case width, depth, height, length, diameter
    /// Width and depth alike (`42" square`).
    case square
}
