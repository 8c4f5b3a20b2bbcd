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

    /// The polylines of `number` centred on `center`, `size` pixels tall.
    static func polylines(for number: Int, center: Point, size: Double) -> [[Point]] {
        let text = Array(String(abs(number)))
        let scale = size / height
        let advance = 1.35 * scale
        let totalWidth = Double(text.count - 1) * advance + width * scale
        var result: [[Point]] = []
        for (i, ch) in text.enumerated() {
            guard let digit = ch.wholeNumberValue else { continue }
            let left = center.x - totalWidth / 2 + Double(i) * advance
            let top = center.y - size / 2
            for stroke in digits[digit] {
                result.append(stroke.map { Point(left + $0.0 * scale, top + $0.1 * scale) })
            }
        }
        return result
    }
}
