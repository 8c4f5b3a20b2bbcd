import RemoGeometry

/// Digits drawn from the project's own vector strokes (no font): each glyph is a set
/// of polylines in a 0…1 × 0…1.6 box (y down), stroked like any outline, so they stay
/// crisp at any size.
enum Glyphs {
    static let height = 1.6
    static let width = 1.0

    static let digits: [[[(Double, Double)]]] = [
        // 0
        [[(0.5, 0), (0.85, 0.15), (1, 0.8), (0.85, 1.45), (0.5, 1.6), (0.15, 1.45), (0, 0.8), (0.15, 0.15), (0.5, 0)]],
        // 1
        [[(0.2, 0.3), (0.55, 0), (0.55, 1.6)], [(0.2, 1.6), (0.9, 1.6)]],
        // 2
        [[(0.05, 0.35), (0.3, 0.05), (0.7, 0.05), (0.95, 0.35), (0.9, 0.7), (0.05, 1.6), (1, 1.6)]],
        // 3
        [
            [(0.05, 0.15), (0.4, 0), (0.85, 0.1), (0.95, 0.4), (0.7, 0.75), (0.35, 0.78)],
            [(0.7, 0.75), (1, 1.1), (0.9, 1.45), (0.5, 1.6), (0.05, 1.45)],
        ],
        // 4
        [[(0.75, 1.6), (0.75, 0), (0, 1.1), (1, 1.1)]],
        // 5
        [[(0.95, 0), (0.15, 0), (0.08, 0.7), (0.5, 0.6), (0.9, 0.8), (1, 1.15), (0.85, 1.5), (0.45, 1.6), (0.05, 1.45)]],
        // 6
        [
            [
                (0.85, 0.05), (0.45, 0.05), (0.1, 0.45), (0, 1.0), (0.15, 1.45), (0.5, 1.6), (0.85, 1.45), (0.98, 1.1), (0.85, 0.75),
                (0.5, 0.62), (0.1, 0.8),
            ]
        ],
        // 7
        [[(0, 0), (1, 0), (0.35, 1.6)]],
        // 8
        [
            [
                (0.5, 0.75), (0.15, 0.6), (0.1, 0.3), (0.5, 0), (0.9, 0.3), (0.85, 0.6), (0.5, 0.75), (0.05, 0.95), (0.05, 1.35),
                (0.5, 1.6), (0.95, 1.35), (0.95, 0.95), (0.5, 0.75),
            ]
        ],
        // 9
        [
            [
                (0.9, 0.8), (0.5, 0.98), (0.15, 0.85), (0.02, 0.5), (0.15, 0.15), (0.5, 0), (0.85, 0.15), (1, 0.6), (0.9, 1.15),
                (0.55, 1.55), (0.15, 1.55),
            ]
        ],
    ]

    /// Capital letters and a few signs, in the same box.
    static let letters: [Character: [[(Double, Double)]]] = {
        let o: [(Double, Double)] = [(0.2, 0), (0.8, 0), (1, 0.3), (1, 1.3), (0.8, 1.6), (0.2, 1.6), (0, 1.3), (0, 0.3), (0.2, 0)]
        let p: [(Double, Double)] = [(0, 1.6), (0, 0), (0.8, 0), (1, 0.2), (1, 0.6), (0.8, 0.8), (0, 0.8)]
        return [
            "A": [[(0, 1.6), (0.5, 0), (1, 1.6)], [(0.2, 1.0), (0.8, 1.0)]],
            "B": [
                [(0, 1.6), (0, 0), (0.7, 0), (0.9, 0.2), (0.9, 0.6), (0.7, 0.8), (0, 0.8)],
                [(0.7, 0.8), (1, 1.0), (1, 1.4), (0.8, 1.6), (0, 1.6)],
            ],
            "C": [[(1, 0.2), (0.8, 0), (0.2, 0), (0, 0.3), (0, 1.3), (0.2, 1.6), (0.8, 1.6), (1, 1.4)]],
            "D": [[(0, 0), (0, 1.6), (0.6, 1.6), (1, 1.2), (1, 0.4), (0.6, 0), (0, 0)]],
            "E": [[(1, 0), (0, 0), (0, 1.6), (1, 1.6)], [(0, 0.8), (0.7, 0.8)]],
            "F": [[(1, 0), (0, 0), (0, 1.6)], [(0, 0.8), (0.7, 0.8)]],
            "G": [[(1, 0.2), (0.8, 0), (0.2, 0), (0, 0.3), (0, 1.3), (0.2, 1.6), (0.8, 1.6), (1, 1.3), (1, 0.9), (0.55, 0.9)]],
            "H": [[(0, 0), (0, 1.6)], [(1, 0), (1, 1.6)], [(0, 0.8), (1, 0.8)]],
            "I": [[(0.5, 0), (0.5, 1.6)], [(0.2, 0), (0.8, 0)], [(0.2, 1.6), (0.8, 1.6)]],
            "J": [[(1, 0), (1, 1.3), (0.7, 1.6), (0.3, 1.6), (0, 1.3)]],
            "K": [[(0, 0), (0, 1.6)], [(1, 0), (0, 0.9)], [(0.35, 0.6), (1, 1.6)]],
            "L": [[(0, 0), (0, 1.6), (1, 1.6)]],
            "M": [[(0, 1.6), (0, 0), (0.5, 0.9), (1, 0), (1, 1.6)]],
            "N": [[(0, 1.6), (0, 0), (1, 1.6), (1, 0)]],
            "O": [o],
            "P": [p],
            "Q": [o, [(0.6, 1.2), (1, 1.7)]],
            "R": [p, [(0.5, 0.8), (1, 1.6)]],
            "S": [
                [
                    (1, 0.2), (0.8, 0), (0.2, 0), (0, 0.2), (0, 0.6), (0.2, 0.8), (0.8, 0.8), (1, 1.0), (1, 1.4), (0.8, 1.6), (0.2, 1.6),
                    (0, 1.4),
                ]
            ],
            "T": [[(0, 0), (1, 0)], [(0.5, 0), (0.5, 1.6)]],
            "U": [[(0, 0), (0, 1.3), (0.3, 1.6), (0.7, 1.6), (1, 1.3), (1, 0)]],
            "V": [[(0, 0), (0.5, 1.6), (1, 0)]],
            "W": [[(0, 0), (0.25, 1.6), (0.5, 0.7), (0.75, 1.6), (1, 0)]],
            "X": [[(0, 0), (1, 1.6)], [(1, 0), (0, 1.6)]],
            "Y": [[(0, 0), (0.5, 0.8), (1, 0)], [(0.5, 0.8), (0.5, 1.6)]],
            "Z": [[(0, 0), (1, 0), (0, 1.6), (1, 1.6)]],
            ".": [[(0.45, 1.5), (0.55, 1.5), (0.55, 1.6), (0.45, 1.6), (0.45, 1.5)]],
            "-": [[(0.2, 0.8), (0.8, 0.8)]],
            "×": [[(0.2, 0.6), (0.8, 1.2)], [(0.8, 0.6), (0.2, 1.2)]],
            "/": [[(1, 0), (0, 1.6)]],
        ]
    }()

    /// The strokes of one character: digits, capitals (lower case drawn as capitals) and
    /// `. - × /`; anything else is a space.
    static func strokes(_ ch: Character) -> [[(Double, Double)]] {
        if let digit = ch.wholeNumberValue, ch.isASCII { return digits[digit] }
        return letters[Character(ch.uppercased())] ?? []
    }

    /// The polylines of `text` centred on `center`, `size` pixels tall.
    static func polylines(for text: String, center: Point, size: Double) -> [[Point]] {
        let characters = Array(text)
        let scale = size / height
        let advance = 1.35 * scale
        let totalWidth = Double(max(0, characters.count - 1)) * advance + width * scale
        var result: [[Point]] = []
        for (i, ch) in characters.enumerated() {
            let left = center.x - totalWidth / 2 + Double(i) * advance
            let top = center.y - size / 2
            for stroke in strokes(ch) {
                result.append(stroke.map { Point(left + $0.0 * scale, top + $0.1 * scale) })
            }
        }
        return result
    }

    /// The polylines of `number` centred on `center`, `size` pixels tall.
    static func polylines(for number: Int, center: Point, size: Double) -> [[Point]] {
        polylines(for: String(abs(number)), center: center, size: size)
    }

    /// How wide `text` is at `size` pixels tall.
    static func width(of text: String, size: Double) -> Double {
        let scale = size / height
        return Double(max(0, text.count - 1)) * 1.35 * scale + width * scale
    }
}
