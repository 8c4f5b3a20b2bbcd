import Foundation
import RemoGeometry

/// The free floor seen along one wall direction, for the fit search, as its largest
/// free rectangles.
///
/// The plan is turned by the frame's degrees so that the wall direction runs along x.
/// Axis-aligned boxes are laid over what is off the free floor twice over: boxes that
/// cover all that *may* be off it (outside the outline, on an obstacle: each obstacle's
/// box) and boxes that cover only what *surely* is; for these the outline and each
/// obstacle are cut into horizontal slabs at their vertices, and each slab gives the
/// stretch every height in it shares. The maximal
/// empty rectangles among the first give ``sure`` (their rectangles are free floor, up
/// to the rounding of the turn, which the exact check catches); among the second,
/// ``possible`` (every free axis-aligned rectangle lies inside one of them). A piece
/// that no ``possible`` rectangle holds at any wall direction does not fit at those
/// directions; one that a ``sure`` rectangle holds fits there. Only pieces in between
/// need a slower search. In a room whose walls and furniture are square to the frame
/// both sets of boxes are the same and the answer is exact.
///
/// Built once per ``FitChecker`` for each wall direction, from a few boxes per obstacle
/// and per outline vertex. (Finer boxes, steps along turned furniture, were tried: they
/// leave fewer pieces to the slower checks but cost more to build than they save on a
/// 50-item list.)
final class FreeFloorRectangles: Sendable {
    /// The room turned along the wall direction: the rectangles' coordinates are its.
    let frame: TurnedFrame
    /// The largest rectangles that are surely free.
    let sure: RectangleFront
    /// The largest rectangles that may be free.
    let possible: RectangleFront
    /// Every maximal rectangle that may be free (the front keeps only the largest): a
    /// free axis-aligned rectangle lies in one of them.
    let possibleRectangles: [RectangleFront.Entry]
    /// Each rectangle of ``sure`` drawn in by a hair (see ``hair(_:)``), on the plan,
    /// counterclockwise (marked not free from the start if rounding left it no convex
    /// quadrilateral).
    private let drawnIn: [Quad]
    /// For each of them, what the exact check said once a piece was first placed in it:
    /// unknown, free or not. Pieces placed well inside a free one need no exact check
    /// of their own.
    private let checked: AtomicStates

    enum Checked: UInt8 {
        case unknown
        case free
        case notFree
    }

    /// More vertices than this (outline and obstacles) and no rectangles are found: each
    /// slab looks at every edge of its polygon.
    static let vertexLimit = 2_000
    /// More rectangles than this and none are kept (the search falls back to trying
    /// positions one by one).
    static let rectangleLimit = 100_000
    /// Boxes of the outline this close (relative to the room's coordinates) are merged.
    static let snap = 1e-6

    /// The free rectangles for the room as `frame` turns it, or nil when there are too many.
    init?(frame: TurnedFrame) {
        guard frame.ring.count >= 3 else { return nil }
        let box = frame.box
        guard frame.ring.count + frame.blockCorners.count <= Self.vertexLimit else { return nil }
        let (mayBlock, surelyBlocks) = Self.boxes(in: frame)
        var sure = RectangleFront()
        var possible = RectangleFront()
        var possibleRectangles: [RectangleFront.Entry] = []
        possibleRectangles.reserveCapacity(4 * (mayBlock.count + 1))
        guard
            MaximalRectangles(container: box, blockers: mayBlock).forEach(limit: Self.rectangleLimit, { sure.insert($0) }),
            MaximalRectangles(container: box, blockers: surelyBlocks).forEach(
                limit: Self.rectangleLimit,
                {
                    possible.insert($0)
                    possibleRectangles.append($0)
                })
        else { return nil }
        self.frame = frame
        var drawnIn: [Quad] = []
        var checked: [UInt8] = []
        drawnIn.reserveCapacity(sure.entries.count)
        checked.reserveCapacity(sure.entries.count)
        for e in sure.entries {
            let (hx, hy) = (Self.hair(e.x), Self.hair(e.y))
            let quad = Quad(
                frame.plan(Point(e.x + hx, e.y + hy)), frame.plan(Point(e.x + e.width - hx, e.y + hy)),
                frame.plan(Point(e.x + e.width - hx, e.y + e.height - hy)), frame.plan(Point(e.x + hx, e.y + e.height - hy)))
            let counterclockwise = quad.counterclockwiseIfConvex
            drawnIn.append(counterclockwise ?? quad)
            checked.append((counterclockwise == nil ? Checked.notFree : .unknown).rawValue)
        }
        self.drawnIn = drawnIn
        self.checked = AtomicStates(checked)
        self.sure = sure
        self.possible = possible
        self.possibleRectangles = possibleRectangles
    }

    /// The sure rectangle `k` drawn in by a hair, on the plan and counterclockwise, if
    /// the exact check finds it free floor; checked the first time it is asked for.
    func checkedFree(_ k: Int, on floor: FreeFloor) -> Quad? {
        let quad = drawnIn[k]
        var known = Checked(rawValue: checked[k]) ?? .unknown
        if known == .unknown {
            // Two threads may both check it, and agree.
            known = floor.holds(quad) ? .free : .notFree
            checked[k] = known.rawValue
        }
        return known == .free ? quad : nil
    }

    /// How far a sure rectangle is drawn in for ``checkedFree(_:on:)`` at coordinate `x`:
    /// half the inset ``FitChecker/search(_:quickly:)`` places pieces at, so that a piece
    /// placed snug lies well inside it.
    static func hair(_ x: Double) -> Double { 0.5e-6 * (1 + abs(x)) }

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
            if !floor.surelyBlocks(corners) && floor.holds(corners) { return false }
        }
        return true
    }

    /// The boxes over what may be off the free floor and over what surely is, in `frame`.
    static func boxes(in frame: TurnedFrame) -> (may: [BoundingBox], surely: [BoundingBox]) {
        var may: [BoundingBox] = []
        var surely: [BoundingBox] = []
        may.reserveCapacity(4 * frame.blockCount + frame.ring.count)
        surely.reserveCapacity(4 * frame.blockCount + frame.ring.count)
        var cutter = SlabCutter()
        Self.outsideOutline(frame.ring[...], in: frame.box, cutter: &cutter, may: &may, surely: &surely)
        for k in 0..<frame.blockCount {
            Self.onObstacle(frame.block(k), box: frame.blockBoxes[k], cutter: &cutter, may: &may, surely: &surely)
        }
        return (may, surely)
    }

    /// Boxes over what lies outside the outline within its box: `may` covers every part
    /// that might, `surely` only parts that do.
    ///
    /// A wall square to the frame up to rounding leaves slabs a hair high and boxes that
    /// differ by a hair from slab to slab; boxes within ``snap`` of one that ends where
    /// their slab starts are merged into it (`may` taking their union, `surely` their common
    /// part), and `surely` skips slabs a hair high, so that a room square to the frame
    /// but for rounding gives about as few boxes as one that is square.
    private static func outsideOutline(
        _ ring: ArraySlice<Point>, in box: BoundingBox, cutter: inout SlabCutter, may: inout [BoundingBox], surely: inout [BoundingBox]
    ) {
        let snap = Self.snap * (1 + max(abs(box.min.x), abs(box.max.x), abs(box.min.y), abs(box.max.y)))
        // The outline's boxes so far: those ending where a slab starts may be extended.
        let (mayStart, surelyStart) = (may.count, surely.count)
        cutter.forEach(of: ring) { y0, y1, crossings in
            @inline(__always) func near(_ b: BoundingBox, _ low: Double, _ high: Double) -> Bool {
                b.max.y == y0 && abs(b.min.x - low) <= snap && abs(b.max.x - high) <= snap
            }
            // Outside: left of the first crossing, between pairs, right of the last.
            var left = (low: box.min.x, high: box.min.x)
            var k = 0
            while k <= crossings.count {
                let right = k < crossings.count ? (low: crossings[k].low, high: crossings[k].high) : (low: box.max.x, high: box.max.x)
                if right.high > left.low {
                    let (low, high) = (left.low, right.high)
                    if let j = (mayStart..<may.count).first(where: { near(may[$0], low, high) }) {
                        may[j] = BoundingBox(min: Point(min(may[j].min.x, low), may[j].min.y), max: Point(max(may[j].max.x, high), y1))
                    } else {
                        may.append(BoundingBox(min: Point(low, y0), max: Point(high, y1)))
                    }
                }
                let (low, high) = SlabCutter.shrunk(left.high, right.low)
                if high > low && y1 - y0 > snap {
                    if let j = (surelyStart..<surely.count).first(where: { near(surely[$0], low, high) }) {
                        surely[j] = BoundingBox(
                            min: Point(max(surely[j].min.x, low), surely[j].min.y), max: Point(min(surely[j].max.x, high), y1))
                    } else {
                        surely.append(BoundingBox(min: Point(low, y0), max: Point(high, y1)))
                    }
                }
                if k + 1 < crossings.count { left = (crossings[k + 1].low, crossings[k + 1].high) }
                k += 2
            }
        }
    }

    /// Boxes over an obstacle: `may` covers all of it (its box), `surely` only parts of it.
    private static func onObstacle(
        _ polygon: ArraySlice<Point>, box: BoundingBox, cutter: inout SlabCutter, may: inout [BoundingBox], surely: inout [BoundingBox]
    ) {
        may.append(box)
        cutter.forEach(of: polygon) { y0, y1, crossings in
            // Inside: between the crossings, in pairs.
            var k = 0
            while k + 1 < crossings.count {
                let (low, high) = SlabCutter.shrunk(crossings[k].high, crossings[k + 1].low)
                if high > low { surely.append(BoundingBox(min: Point(low, y0), max: Point(high, y1))) }
                k += 2
            }
        }
    }
}

/// Cuts polygons into horizontal slabs for ``FreeFloorRectangles``, reusing its
/// working memory from one polygon to the next.
struct SlabCutter {
    /// An edge across a slab: the range of x it covers there, and (for sorting) the sum
    /// of its x at the slab's bottom and top.
    struct Crossing {
        var low: Double
        var high: Double
        var middle: Double
    }

    /// An edge that is not horizontal, its ends by height.
    private struct Edge {
        var low: Point
        var high: Point
    }

    private var heights: [Double] = []
    private var edges: [Edge] = []
    private var crossings: [Crossing] = []

    /// Calls `body` for each slab [y0, y1] of the polygon, between consecutive vertex
    /// heights, with the range of x each edge across it covers there, sorted left to
    /// right: the inside lies between the first and second, the third and fourth, and
    /// so on.
    mutating func forEach(of polygon: ArraySlice<Point>, _ body: (Double, Double, Slice<UnsafeMutableBufferPointer<Crossing>>) -> Void) {
        guard polygon.count >= 3 else { return }
        // The working arrays only grow; counts say how much of them is in use (emptying
        // an array keeping its capacity costs more than the work here).
        let n = polygon.count
        if heights.count < n {
            heights += repeatElement(0, count: n - heights.count)
            edges += repeatElement(Edge(low: Point(0, 0), high: Point(0, 0)), count: n - edges.count)
            crossings += repeatElement(Crossing(low: 0, high: 0, middle: 0), count: n - crossings.count)
        }
        heights.withUnsafeMutableBufferPointer { heights in
            edges.withUnsafeMutableBufferPointer { edges in
                crossings.withUnsafeMutableBufferPointer { crossings in
                    var edgeCount = 0
                    var p = polygon[polygon.endIndex - 1]
                    for (k, q) in polygon.enumerated() {
                        heights[k] = q.y
                        if p.y != q.y {
                            edges[edgeCount] = p.y < q.y ? Edge(low: p, high: q) : Edge(low: q, high: p)
                            edgeCount += 1
                        }
                        p = q
                    }
                    UnsafeMutableBufferPointer(rebasing: heights[0..<n]).sortFew(by: { $0 < $1 })
                    for s in 1..<n where heights[s] > heights[s - 1] {
                        let (ya, yb) = (heights[s - 1], heights[s])
                        var count = 0
                        for e in 0..<edgeCount {
                            let (low, high) = (edges[e].low, edges[e].high)
                            guard low.y <= ya && high.y >= yb else { continue }
                            let (xa, xb) = (Self.x(of: low, high, at: ya), Self.x(of: low, high, at: yb))
                            crossings[count] = Crossing(low: min(xa, xb), high: max(xa, xb), middle: xa + xb)
                            count += 1
                        }
                        UnsafeMutableBufferPointer(rebasing: crossings[0..<count]).sortFew(by: { $0.middle < $1.middle })
                        body(ya, yb, crossings[0..<count])
                    }
                }
            }
        }
    }

    /// The x of the edge from `low` to `high` at height `y`, exact at its ends.
    private static func x(of low: Point, _ high: Point, at y: Double) -> Double {
        if y == low.y { return low.x }
        if y == high.y { return high.x }
        return low.x + (y - low.y) * (high.x - low.x) / (high.y - low.y)
    }

    /// [low, high] pulled in by a hair relative to the coordinates, so that a box over
    /// what surely blocks stays inside it in spite of rounding.
    static func shrunk(_ low: Double, _ high: Double) -> (Double, Double) {
        let hair = 1e-9 * (1 + max(abs(low), abs(high)))
        return (low + hair, high - hair)
    }
}
