/// A fixed set of points bucketed by a uniform grid, for "which points lie in this box?".
///
/// Built once (the simplifier only ever removes points, and keeps its own record of which
/// are gone); the buckets are one array sorted by cell, so a query reads memory in order.
struct PointGrid {
    private let origin: Point
    private let cellSize: Double
    private let columns: Int
    private let rows: Int
    /// `members[cellStart[c]..<cellStart[c + 1]]` are the indices of the points in cell `c`.
    private let cellStart: [Int]
    private let members: [Int]

    /// Buckets `points` into about `points.count / pointsPerCell` cells over their box.
    init(_ points: [Point], pointsPerCell: Double = 2) {
        let box = BoundingBox(of: points) ?? BoundingBox(min: Point(0, 0), max: Point(0, 0))
        let cells = Swift.max(1, Double(points.count) / pointsPerCell)
        // Square cells; for a long thin box, no more of them along its length than `cells`
        // (so at most about 3 × `cells` in all).
        let size = Swift.max((box.width * box.height / cells).squareRoot(), Swift.max(box.width, box.height) / cells)
        let (cellSize, origin) = (size > 0 ? size : 1, box.min)
        let (columns, rows) = (Int(box.width / cellSize) + 1, Int(box.height / cellSize) + 1)
        var counts = [Int](repeating: 0, count: columns * rows + 1)
        let cellOf = points.map { p in
            Self.index(p.y - origin.y, cellSize, rows) * columns + Self.index(p.x - origin.x, cellSize, columns)
        }
        for c in cellOf { counts[c + 1] += 1 }
        for c in 0..<columns * rows { counts[c + 1] += counts[c] }
        var next = counts
        var members = [Int](repeating: 0, count: points.count)
        for (i, c) in cellOf.enumerated() {
            members[next[c]] = i
            next[c] += 1
        }
        (self.origin, self.cellSize, self.columns, self.rows) = (origin, cellSize, columns, rows)
        self.cellStart = counts
        self.members = members
    }

    private static func index(_ offset: Double, _ size: Double, _ count: Int) -> Int {
        let k = offset / size
        return k < 0 ? 0 : (k >= Double(count - 1) ? count - 1 : Int(k))
    }

    /// Calls `body` with the index of every point whose cell meets `box` (a superset of the
    /// points in the box) until it returns `false`.
    ///
    /// - Returns: `false` when `body` stopped the walk.
    @discardableResult
    func forEachCandidate(in box: BoundingBox, _ body: (Int) -> Bool) -> Bool {
        let c0 = Self.index(box.min.x - origin.x, cellSize, columns)
        let c1 = Self.index(box.max.x - origin.x, cellSize, columns)
        let r0 = Self.index(box.min.y - origin.y, cellSize, rows)
        let r1 = Self.index(box.max.y - origin.y, cellSize, rows)
        for r in r0...r1 {
            for k in cellStart[r * columns + c0]..<cellStart[r * columns + c1 + 1] where !body(members[k]) {
                return false
            }
        }
        return true
    }
}
