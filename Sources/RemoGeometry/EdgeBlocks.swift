/// An outline's edges in blocks of ``size`` consecutive edges with their boxes, and the
/// blocks in groups of ``size`` with theirs: a two-level index over an outline, so that a
/// question about one place (the nearest edge, the edges crossing a row, the corners in
/// a rectangle) looks at about √*n* boxes and the edges of the few blocks that matter,
/// not at all *n* edges.
///
/// Edge *i* runs from point *i* to the next (the first again after the last when the
/// outline is closed).
public struct EdgeBlocks: Sendable {
    /// Edges per block, and blocks per group.
    public static let size = 32
    /// Each block's box: the box of its edges' end points.
    public let boxes: [BoundingBox]
    /// Each group's box: the union of its blocks' boxes.
    public let groups: [BoundingBox]
    /// The number of edges: around a closed outline, along an open one.
    public let edgeCount: Int

    /// The index of the outline through `points`.
    ///
    /// - Complexity: O(*n*).
    public init(_ points: ArraySlice<Point>, closed: Bool) {
        let n = points.count
        let edges = n < 2 ? 0 : (closed ? n : n - 1)
        let base = points.startIndex
        let boxes = stride(from: 0, to: edges, by: Self.size).map { first in
            // A block's edges run through its points from `first` to one past its last edge.
            let last = Swift.min(first + Self.size, edges)
            var box = BoundingBox(min: points[base + first], max: points[base + first])
            for i in (first + 1)...last {
                let q = points[base + (i == n ? 0 : i)]
                box = box.union(BoundingBox(min: q, max: q))
            }
            return box
        }
        self.boxes = boxes
        self.edgeCount = edges
        groups = stride(from: 0, to: boxes.count, by: Self.size).map { first in
            boxes[first..<Swift.min(first + Self.size, boxes.count)].dropFirst().reduce(boxes[first]) { $0.union($1) }
        }
    }

    /// The edges of block `k`.
    public func edges(ofBlock k: Int) -> Range<Int> {
        (k * Self.size)..<Swift.min((k + 1) * Self.size, edgeCount)
    }

    /// The blocks of group `g`.
    public func blocks(ofGroup g: Int) -> Range<Int> {
        (g * Self.size)..<Swift.min((g + 1) * Self.size, boxes.count)
    }

    /// Calls `body` with the edges of each block whose box (and whose group's box) passes
    /// `test`, in order, until `body` returns `true`; whether one did.
    @inlinable
    public func contains(blockWhere test: (BoundingBox) -> Bool, _ body: (Range<Int>) -> Bool) -> Bool {
        for g in groups.indices where test(groups[g]) {
            for k in blocks(ofGroup: g) where test(boxes[k]) {
                if body(edges(ofBlock: k)) { return true }
            }
        }
        return false
    }

    /// Calls `body` with the edges of each block whose box spans the height `y` (closed):
    /// the only edges that can meet the horizontal line through `y`.
    @inlinable
    public func forEachBlock(spanning y: Double, _ body: (Range<Int>) -> Void) {
        let spans = { (box: BoundingBox) in box.min.y <= y && y <= box.max.y }
        for g in groups.indices where spans(groups[g]) {
            for k in blocks(ofGroup: g) where spans(boxes[k]) { body(edges(ofBlock: k)) }
        }
    }
}
