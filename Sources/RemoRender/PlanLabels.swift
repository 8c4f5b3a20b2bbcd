import RemoGeometry

/// Where a floor plan's labels go, so that none overlaps another, leaves its piece or
/// leaves the picture.
///
/// The rule, for each label in turn (furniture first, then products at their witness
/// placements, then the rooms' numbers), at the piece's middle, else at the points of a
/// 6 × 6 grid over the piece, row by row (a room's number is never shortened):
/// 1. all its lines (a piece's category and size) at the plan's text size, then smaller,
///    down to ``smallest``;
/// 2. its first line alone, likewise;
/// 3. that line cut to its first three letters and a full stop, likewise;
/// 4. else the label is left out: the piece is still drawn, and the summary lists it.
///
/// A label fits when the box its text takes (with a margin of a quarter of the text size)
/// lies inside the piece (every corner of the box inside its outline and no corner of the
/// outline inside the box, which holds for an L-shaped room too), off every other piece drawn
/// on the plan (`covering`: furniture under furniture, a chair under a table), inside the
/// picture, and clear of every label already placed.
struct PlanLabels {
    /// The smallest text size tried, in pixels.
    static let smallest = 8.0
    /// Each smaller size tried is this share of the one before.
    static let step = 0.85
    /// The line pitch, as a share of the text size.
    static let pitch = 1.4
    /// The margin kept round a label's text, as a share of the text size: strokes have a
    /// width, and two labels closer than this read as one.
    static let margin = 0.25

    /// The picture's size.
    let width: Double
    let height: Double
    /// The boxes of the labels placed so far.
    private(set) var placed: [BoundingBox] = []
    /// The piece each of them was placed in, in the same order.
    private(set) var pieces: [[Point]] = []
    /// The first line of each, in the same order.
    private(set) var texts: [String] = []

    init(width: Int, height: Int) {
        (self.width, self.height) = (Double(width), Double(height))
    }

    /// A label to draw: its lines, their size and the middle of the first line.
    struct Placement {
        var lines: [String]
        var size: Double
        var firstCenter: Point
    }

    /// Where `lines` go in the piece `corners` (pixels), following the rule above from
    /// `size` down; nil when the label is left out. A room's number or a wall's id
    /// (`keepWhole`) is never shortened.
    mutating func place(
        _ lines: [String], in corners: [Point], size: Double, off covering: [[Point]] = [], keepWhole: Bool = false
    ) -> Placement? {
        guard let first = lines.first, !first.isEmpty, corners.count >= 3, let piece = try? Ring(corners),
            let bounds = BoundingBox(of: corners)
        else { return nil }
        let middle = Point(corners.map(\.x).reduce(0, +) / Double(corners.count), corners.map(\.y).reduce(0, +) / Double(corners.count))
        let grid = (0..<36).map { k in
            Point(bounds.min.x + bounds.width * (Double(k % 6) + 0.5) / 6, bounds.min.y + bounds.height * (Double(k / 6) + 0.5) / 6)
        }
        let places = [middle] + grid
        let shorter = keepWhole ? [] : [lines.count > 1 ? [first] : nil, first.count > 4 ? [String(first.prefix(3)) + "."] : nil]
        for candidate in ([lines] + shorter).compactMap({ $0 }) {
            var textSize = size
            while textSize >= Self.smallest {
                for center in places {
                    let box = Self.box(of: candidate, size: textSize, middle: center)
                    guard fits(box, in: piece, off: covering) else { continue }
                    placed.append(box)
                    pieces.append(corners)
                    texts.append(candidate[0])
                    let top = center.y - Double(candidate.count - 1) * Self.pitch * textSize / 2
                    return Placement(lines: candidate, size: textSize, firstCenter: Point(center.x, top))
                }
                textSize *= Self.step
            }
        }
        return nil
    }

    /// The box `lines` take at `size`, centred on `middle`: from the top of the first
    /// line's capitals to the bottom of the last line's descenders, a pixel round.
    static func box(of lines: [String], size: Double, middle: Point) -> BoundingBox {
        let widest = lines.map { Glyphs.width(of: $0, size: size) }.max() ?? 0
        let firstCenter = middle.y - Double(lines.count - 1) * pitch * size / 2
        let lastCenter = middle.y + Double(lines.count - 1) * pitch * size / 2
        // Glyphs reach from half a size above a line's centre to 2.05 / 1.6 of it below the top.
        let pad = margin * size
        let top = firstCenter - size / 2 - pad
        let bottom = lastCenter - size / 2 + size * 2.05 / Glyphs.height + pad
        return BoundingBox(min: Point(middle.x - widest / 2 - pad, top), max: Point(middle.x + widest / 2 + pad, bottom))
    }

    /// Whether `box` lies inside `piece` and the picture, off the `covering` pieces and
    /// clear of the labels placed.
    private func fits(_ box: BoundingBox, in piece: Ring, off covering: [[Point]]) -> Bool {
        guard box.min.x >= 0, box.min.y >= 0, box.max.x <= width, box.max.y <= height else { return false }
        let corners = [box.min, Point(box.max.x, box.min.y), box.max, Point(box.min.x, box.max.y)]
        guard corners.allSatisfy({ piece.locate($0) == .inside }) else { return false }
        let inside = { (p: Point) in p.x > box.min.x && p.x < box.max.x && p.y > box.min.y && p.y < box.max.y }
        guard !piece.vertices.contains(where: inside) else { return false }
        guard !covering.contains(where: { Self.overlap(corners, $0) }) else { return false }
        return !placed.contains { $0.max.x > box.min.x && $0.min.x < box.max.x && $0.max.y > box.min.y && $0.min.y < box.max.y }
    }

    /// Whether two convex polygons' interiors overlap: no edge of either gives an axis
    /// on which their shadows are apart (the separating axis test).
    static func overlap(_ a: [Point], _ b: [Point]) -> Bool {
        for polygon in [a, b] {
            for k in polygon.indices {
                let (p, q) = (polygon[k], polygon[(k + 1) % polygon.count])
                let normal = Point(q.y - p.y, p.x - q.x)
                func shadow(_ points: [Point]) -> (Double, Double) {
                    let lengths = points.map { $0.x * normal.x + $0.y * normal.y }
                    return (lengths.min() ?? 0, lengths.max() ?? 0)
                }
                let (sa, sb) = (shadow(a), shadow(b))
                if sa.1 <= sb.0 || sb.1 <= sa.0 { return false }
            }
        }
        return true
    }
}
