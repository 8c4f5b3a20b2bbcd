import Foundation
import RemoGeometry

/// The free floor seen along one wall direction, for the fit search.
///
/// The plan is turned by ``degrees`` so that the wall direction runs along x, and cut
/// into cells by the x and the y of every outline and obstacle vertex. No edge of a
/// rectilinear room passes through a cell, so each cell is wholly *free* (on the floor,
/// off every obstacle) or wholly *blocked*; a cell a slanted edge passes through is
/// *mixed*. Two fronts of largest rectangles are kept: over free cells (``sure``: their
/// rectangles are free floor, up to the rounding of the turn, which the exact check
/// catches) and over cells that are not blocked (``possible``: every free axis-aligned
/// rectangle lies inside one of its rectangles). A piece that no ``possible`` rectangle
/// holds at any wall direction does not fit at those directions; one that a ``sure``
/// rectangle holds fits there. Only pieces in between need a slower search.
///
/// Built once per ``FitChecker`` for each wall direction, in O(*V*²) for *V* vertices.
final class FreeFloorGrid: Sendable {
    /// The room turned along the wall direction: the grid's coordinates are its.
    let frame: TurnedFrame
    /// The largest rectangles of free cells.
    let sure: RectangleFront
    /// The largest rectangles of cells that are not blocked.
    let possible: RectangleFront
    /// Every maximal rectangle of cells that are not blocked (the front keeps only the
    /// largest): a free axis-aligned rectangle lies in one of them.
    let possibleRectangles: [RectangleFront.Entry]

    /// More cells than this and the grid is not built (the search falls back to trying
    /// positions one by one).
    static let cellLimit = 250_000
    /// Lines closer than this (metres) are one line: a wall or a piece of furniture
    /// square to the grid up to rounding gives one line per side, not two a hair apart.
    static let snap = 1e-6

    /// The grid for the room as `frame` turns it, or nil when the room has too many
    /// vertices for a grid.
    init?(frame: TurnedFrame) {
        let polygons = [frame.ring] + frame.blocks
        let box = frame.box
        guard frame.ring.count >= 3 else { return nil }
        let xs = Self.lines(frame.stopsX, from: box.min.x, to: box.max.x)
        let ys = Self.lines(frame.stopsY, from: box.min.y, to: box.max.y)
        guard xs.count >= 2, ys.count >= 2, (xs.count - 1) * (ys.count - 1) <= Self.cellLimit else { return nil }
        let cells = Cells(xs: xs, ys: ys, polygons: polygons)
        self.frame = frame
        (sure, possible, possibleRectangles) = cells.fronts()
    }

    /// Whether no `width` × `height` box of this frame fits the free floor, shown by the
    /// possible rectangles: a box inside a rectangle E always covers E's *core*, the
    /// part every position shares, so if the core (shrunk by a hair for rounding) is not
    /// free floor, no position in E is. False when some rectangle has no core or a free one.
    func ruledOut(width w: Double, height h: Double, on floor: FreeFloor) -> Bool {
        for e in possibleRectangles where e.width >= w && e.height >= h {
            // Relative to the coordinates, so that rounding stays inside it in any room.
            let hair = 1e-6 * (1 + max(abs(e.x), abs(e.y), abs(e.x + e.width), abs(e.y + e.height)))
            let core = (x0: e.x + e.width - w + hair, y0: e.y + e.height - h + hair, x1: e.x + w - hair, y1: e.y + h - hair)
            guard core.x0 < core.x1, core.y0 < core.y1 else { return false }
            let corners = Quad(
                frame.plan(Point(core.x0, core.y0)), frame.plan(Point(core.x1, core.y0)), frame.plan(Point(core.x1, core.y1)),
                frame.plan(Point(core.x0, core.y1)))
            if floor.holds(corners) { return false }
        }
        return true
    }

    /// Sorted values within [low, high], with both ends, each more than ``snap`` above the last.
    private static func lines(_ values: [Double], from low: Double, to high: Double) -> [Double] {
        var lines = [low]
        for value in values.filter({ $0 > low && $0 < high }).sorted() where value - lines[lines.count - 1] > snap {
            lines.append(value)
        }
        if high - lines[lines.count - 1] > snap { lines.append(high) } else { lines[lines.count - 1] = high }
        return lines
    }
}

/// The cells of a ``FreeFloorGrid`` and their states.
private struct Cells {
    static let free: UInt8 = 0
    static let mixed: UInt8 = 1
    static let blocked: UInt8 = 2

    let xs: [Double]
    let ys: [Double]
    /// Row-major: cell (i, j) spans [xs[i], xs[i+1]] × [ys[j], ys[j+1]].
    var states: [UInt8]

    /// `polygons[0]` is the floor outline; the others are obstacles.
    init(xs: [Double], ys: [Double], polygons: [[Point]]) {
        self.xs = xs
        self.ys = ys
        let (nx, ny) = (xs.count - 1, ys.count - 1)
        let centres = (0..<nx).map { (xs[$0] + xs[$0 + 1]) / 2 }
        var states = [UInt8](repeating: Self.blocked, count: nx * ny)
        let spans = polygons.map { polygon in polygon.reduce((Double.infinity, -Double.infinity)) { (min($0.0, $1.y), max($0.1, $1.y)) } }
        // Each polygon's edges with their run over rise, so that crossings multiply.
        let edges = polygons.map { polygon in
            polygon.indices.map { k in
                let (a, b) = (polygon[k == 0 ? polygon.count - 1 : k - 1], polygon[k])
                return Edge(a: a, b: b, slope: a.y == b.y ? 0 : (b.x - a.x) / (b.y - a.y))
            }
        }
        // The middle of each row, to find the rows each polygon spans.
        let middles = (0..<ny).map { (ys[$0] + ys[$0 + 1]) / 2 }
        var crossings: [Double] = []
        states.withUnsafeMutableBufferPointer { states in
            // Cells no edge passes through take the state of their centre, row by row:
            // inside the outline's runs free, then inside the obstacles' runs blocked.
            for n in polygons.indices {
                let state = n == 0 ? Self.free : Self.blocked
                var j = Self.firstIndex(above: spans[n].0, in: middles)
                while j < ny && middles[j] < spans[n].1 {
                    Self.crossings(of: edges[n], at: middles[j], into: &crossings)
                    for k in stride(from: 0, to: crossings.count - 1, by: 2) {
                        // The centres strictly between the two crossings.
                        let first = Self.firstIndex(above: crossings[k], in: centres)
                        let end = Self.firstIndex(atLeast: crossings[k + 1], in: centres)
                        if first < end { states[(j * nx + first)..<(j * nx + end)].update(repeating: state) }
                    }
                    j += 1
                }
            }
            // Cells a slanted edge passes through, with a little slack for rounding.
            for polygonEdges in edges {
                for edge in polygonEdges {
                    let (a, b) = (edge.a, edge.b)
                    // Edges square to the grid up to the snap lie on its lines.
                    guard abs(a.x - b.x) > FreeFloorGrid.snap && abs(a.y - b.y) > FreeFloorGrid.snap else { continue }
                    let (low, high) = a.y < b.y ? (a, b) : (b, a)
                    var j = max(0, Self.firstIndex(above: low.y, in: ys) - 1)
                    while j < ny && ys[j] < high.y {
                        // The part of the edge within this row's band.
                        let y0 = max(ys[j], low.y)
                        let y1 = min(ys[j + 1], high.y)
                        if y1 >= y0 {
                            let xa = low.x + (y0 - low.y) * edge.slope
                            let xb = low.x + (y1 - low.y) * edge.slope
                            let slack = 1e-9 * (1 + abs(xa) + abs(xb))
                            let (left, right) = (min(xa, xb) - slack, max(xa, xb) + slack)
                            var i = max(0, Self.firstIndex(above: left, in: xs) - 1)
                            while i < nx && xs[i] < right {
                                if xs[i + 1] > left { states[j * nx + i] = Self.mixed }
                                i += 1
                            }
                        }
                        j += 1
                    }
                }
            }
        }
        self.states = states
    }

    /// An edge from `a` to `b`, with its run over rise.
    struct Edge {
        var a: Point
        var b: Point
        var slope: Double
    }

    /// The sorted x where the polygon's edges cross the line y = `y`.
    private static func crossings(of edges: [Edge], at y: Double, into crossings: inout [Double]) {
        crossings.removeAll(keepingCapacity: true)
        for e in edges where (e.a.y > y) != (e.b.y > y) { crossings.append(e.a.x + (y - e.a.y) * e.slope) }
        // Two for a convex obstacle: no sort needed then.
        if crossings.count == 2 {
            if crossings[1] < crossings[0] { crossings.swapAt(0, 1) }
        } else {
            crossings.sort()
        }
    }

    /// The index of the first value at least `value` in the sorted `values`.
    static func firstIndex(atLeast value: Double, in values: [Double]) -> Int {
        firstIndex(in: values) { !($0 < value) }
    }

    /// The index of the first value strictly above `value` in the sorted `values`.
    static func firstIndex(above value: Double, in values: [Double]) -> Int {
        firstIndex(in: values) { !($0 <= value) }
    }

    /// The first index whose value is past the point `isPast` marks (false for a prefix
    /// of the sorted `values`, true after), by binary search. (The callers negate their
    /// comparisons, so that a NaN asked about gives 0, as it always has here.)
    @inline(__always)
    private static func firstIndex(in values: [Double], where isPast: (Double) -> Bool) -> Int {
        var (low, high) = (0, values.count)
        while low < high {
            let mid = (low + high) / 2
            if isPast(values[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The largest rectangles of free cells and of cells that are not blocked.
    ///
    /// Row by row, each kind of cell keeps a histogram: how many qualifying cells stand
    /// in each column up to this row. A maximal rectangle tops out at a row where a
    /// qualifying cell has one above it that does not qualify; only stretches of such a
    /// row that hold one are swept with a stack of open bars.
    func fronts() -> (sure: RectangleFront, possible: RectangleFront, possibleRectangles: [RectangleFront.Entry]) {
        let nx = xs.count - 1
        let ny = ys.count - 1
        var sure = RectangleFront()
        var possible = RectangleFront()
        var possibleRectangles: [RectangleFront.Entry] = []
        // Two histograms, then working rows for a sweep (prefix counts of the stops
        // above, the stack of open bars), then a row of blocked cells above the top.
        let scratch = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 5 * nx + 3)
        defer { scratch.deallocate() }
        scratch.initialize(repeating: 0)
        let roof = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: nx)
        defer { roof.deallocate() }
        roof.initialize(repeating: Self.blocked)
        let sureCounts = scratch.baseAddress!
        let possibleCounts = sureCounts + nx
        let sweep = Sweep(stopsAbove: sureCounts + 2 * nx, starts: sureCounts + 3 * nx + 1, heights: sureCounts + 4 * nx + 2)
        states.withUnsafeBufferPointer { states in
            xs.withUnsafeBufferPointer { xs in
                ys.withUnsafeBufferPointer { ys in
                    for j in 0..<ny {
                        let row = states.baseAddress! + j * nx
                        let above = j + 1 < ny ? row + nx : UnsafePointer(roof.baseAddress!)
                        // Branch-free, so that it runs on vectors: one more where the
                        // cell qualifies, else zero; and whether any run ends here.
                        var sureEnds: UInt8 = 0
                        var possibleEnds: UInt8 = 0
                        for i in 0..<nx {
                            let (cell, up) = (row[i], above[i])
                            let isFree: Int32 = cell == Self.free ? -1 : 0
                            let notBlocked: Int32 = cell != Self.blocked ? -1 : 0
                            sureCounts[i] = (sureCounts[i] &+ 1) & isFree
                            possibleCounts[i] = (possibleCounts[i] &+ 1) & notBlocked
                            sureEnds |= cell == Self.free && up != Self.free ? 1 : 0
                            possibleEnds |= cell != Self.blocked && up == Self.blocked ? 1 : 0
                        }
                        if sureEnds != 0 {
                            sweep.run(row: j, counts: sureCounts, above: above, limit: Self.free, xs: xs, ys: ys) { sure.insert($0) }
                        }
                        if possibleEnds != 0 {
                            sweep.run(row: j, counts: possibleCounts, above: above, limit: Self.mixed, xs: xs, ys: ys) {
                                possible.insert($0)
                                possibleRectangles.append($0)
                            }
                        }
                    }
                }
            }
        }
        return (sure, possible, possibleRectangles)
    }

    /// The maximal rectangles that top out at one row, from its histogram: working
    /// memory for ``run(row:counts:above:limit:xs:ys:found:)``, which the caller owns.
    private struct Sweep {
        /// Prefix counts of the cells above that do not qualify (nx + 1).
        let stopsAbove: UnsafeMutablePointer<Int32>
        /// The open bars: first column and height (nx + 1 each).
        let starts: UnsafeMutablePointer<Int32>
        let heights: UnsafeMutablePointer<Int32>

        /// Reports every maximal rectangle of qualifying cells whose top is row `j`:
        /// bars of the histogram `counts` closed by a lower one, kept when some cell
        /// above them does not qualify (else the rectangle grows upward). Runs of
        /// qualifying cells are independent: only those under a stop are swept.
        func run(
            row j: Int, counts: UnsafeMutablePointer<Int32>, above: UnsafePointer<UInt8>, limit: UInt8,
            xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>, found: (RectangleFront.Entry) -> Void
        ) {
            let nx = xs.count - 1
            var first = 0
            while first < nx {
                // The next run of qualifying cells, and whether it has a stop above.
                while first < nx && counts[first] == 0 { first += 1 }
                var end = first
                var stopped = false
                while end < nx && counts[end] > 0 {
                    stopped = stopped || above[end] > limit
                    end += 1
                }
                defer { first = end }
                guard stopped else { continue }
                stopsAbove[first] = 0
                for i in first..<end { stopsAbove[i + 1] = stopsAbove[i] &+ (above[i] > limit ? 1 : 0) }
                var top = 0
                for i in first...end {
                    let c = i < end ? counts[i] : 0
                    var start = Int32(truncatingIfNeeded: i)
                    while top > 0 && heights[top - 1] > c {
                        top -= 1
                        let (s, h) = (Int(starts[top]), Int(heights[top]))
                        // Only rectangles that cannot grow upward.
                        if stopsAbove[i] > stopsAbove[s] {
                            let bottom = j - h + 1
                            found(RectangleFront.Entry(width: xs[i] - xs[s], height: ys[j + 1] - ys[bottom], x: xs[s], y: ys[bottom]))
                        }
                        start = starts[top]
                    }
                    if c > 0 && (top == 0 || heights[top - 1] < c) {
                        starts[top] = start
                        heights[top] = c
                        top += 1
                    }
                }
            }
        }
    }
}
