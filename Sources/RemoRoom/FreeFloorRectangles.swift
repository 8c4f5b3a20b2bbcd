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
/// Each set is found the first time it is asked for, from a few boxes per obstacle and
/// per outline vertex: most pieces that fit are placed at the first wall direction,
/// and most that do not are ruled out by the possible rectangles alone, so a list
/// often never needs the sure rectangles of the other directions, or any of their
/// rectangles. (Finer boxes, steps along turned furniture, were tried: they leave fewer
/// pieces to the slower checks but cost more to build than they save on a 50-item list.)
final class FreeFloorRectangles: Sendable {
    /// The room turned along the wall direction: the rectangles' coordinates are its.
    let frame: TurnedFrame
    /// The boxes, the sure and the possible rectangles, each found when first needed
    /// (the boxes by whichever set of rectangles is found first).
    private let boxesMade = BuiltOnce<Boxes>()
    private let sureMade = BuiltOnce<SureRectangles>()
    private let possibleMade = BuiltOnce<PossibleRectangles>()

    /// More vertices than this (outline and obstacles) and no rectangles are found: each
    /// slab looks at every edge of its polygon.
    static let vertexLimit = 2_000
    /// More rectangles than this in a set and it is not kept (the search falls back to
    /// trying positions one by one).
    static let rectangleLimit = 100_000
    /// Boxes of the outline this close (relative to the room's coordinates) are merged.
    static let snap = 1e-6
    /// Where a slanted wall crosses a slab, the boxes over what surely is outside step
    /// along it about this many times across the room, at most ``maximumSteps`` times a
    /// slab. (One extra step made a 50-item list in a real room with a wall 54° to one
    /// of its directions three times as fast; more steps cost more rectangles than they
    /// save in other rooms.)
    static let stepsAcross = 4
    /// See ``stepsAcross``.
    static let maximumSteps = 4

    /// The free rectangles for the room as `frame` turns it (found when first asked
    /// for), or nil when it has too many vertices.
    init?(frame: TurnedFrame) {
        guard frame.ring.count >= 3, frame.ring.count + frame.blockCorners.count <= Self.vertexLimit else { return nil }
        self.frame = frame
    }

    /// The largest rectangles that are surely free, or nil when there are too many.
    var sure: SureRectangles? { withSure { $0 } }

    /// Every maximal rectangle that may be free, and the largest of them; nil when there
    /// are too many.
    var possible: PossibleRectangles? { withPossible { $0 } }

    /// Whether some possible rectangle holds a `width` × `height` box, or one turned a
    /// quarter when `orTurned` (true without possible rectangles: too many to keep).
    func mayHold(width w: Double, height h: Double, orTurned: Bool = false) -> Bool {
        withPossible { possible in
            guard let front = possible?.front else { return true }
            return front.index(holding: w, h) != nil || (orTurned && front.index(holding: h, w) != nil)
        }
    }

    /// Whether the possible rectangles show that no `width` × `height` box fits the free
    /// floor (``PossibleRectangles/ruledOut(width:height:on:)``); false without them.
    func ruledOut(width w: Double, height h: Double, on floor: FreeFloor) -> Bool {
        withPossible { $0?.ruledOut(width: w, height: h, on: floor) ?? false }
    }

    /// Where the lower-left corner of a free `width` × `height` box can be
    /// (``PossibleRectangles/corners(width:height:on:)``); nil without possible rectangles.
    func corners(width w: Double, height h: Double, on floor: FreeFloor) -> [BoundingBox]? {
        withPossible { $0?.corners(width: w, height: h, on: floor) }
    }

    /// Whether the sure rectangles have been found (or found too many).
    var hasSure: Bool { sureMade.withKept { _ in true } ?? false }

    /// The index of the narrowest sure rectangle at least `width` wide and `height` high.
    func sureIndex(holding w: Double, _ h: Double) -> Int? { withSure { $0?.front.index(holding: w, h) } }

    /// The sure rectangle at `index` and, if the exact check finds it free floor, it drawn
    /// in by a hair on the plan (``SureRectangles/checkedFree(_:on:)``).
    func sureRectangle(_ index: Int, on floor: FreeFloor) -> (entry: RectangleFront.Entry, checkedFree: Quad?)? {
        withSure { sure in sure.map { ($0.front.entries[index], $0.checkedFree(index, on: floor)) } }
    }

    /// `body` of the sure rectangles (nil if too many), found first if they have not been.
    @inline(__always)
    private func withSure<Result>(_ body: (SureRectangles?) -> Result) -> Result {
        if let result = sureMade.withKept({ body($0.complete ? $0 : nil) }) { return result }
        let sure = makeSure()
        return body(sure.complete ? sure : nil)
    }

    /// `body` of the possible rectangles (nil if too many), found first if they have not been.
    @inline(__always)
    private func withPossible<Result>(_ body: (PossibleRectangles?) -> Result) -> Result {
        if let result = possibleMade.withKept({ body($0.complete ? $0 : nil) }) { return result }
        let possible = makePossible()
        return body(possible.complete ? possible : nil)
    }

    @inline(never)
    private func makeSure() -> SureRectangles { sureMade.keep(SureRectangles(blockers: boxes.may, in: frame)) }

    @inline(never)
    private func makePossible() -> PossibleRectangles { possibleMade.keep(PossibleRectangles(blockers: boxes.surely, in: frame)) }

    /// Both sets of boxes, found once for whichever set of rectangles is asked for first.
    private var boxes: Boxes { boxesMade.withKept { $0 } ?? boxesMade.keep(Boxes(Self.boxes(in: frame))) }

    /// The boxes over what may be off the free floor and over what surely is.
    private final class Boxes: Sendable {
        let may: [BoundingBox]
        let surely: [BoundingBox]

        init(_ boxes: (may: [BoundingBox], surely: [BoundingBox])) { (may, surely) = boxes }
    }

    /// How far a sure rectangle is drawn in for ``SureRectangles/checkedFree(_:on:)`` at
    /// coordinate `x`: half the inset ``FitChecker/search(_:quickly:)`` places pieces at,
    /// so that a piece placed snug lies well inside it.
    static func hair(_ x: Double) -> Double { 0.5e-6 * (1 + abs(x)) }

    /// The boxes over what may be off the free floor and over what surely is, in `frame`.
    /// Boxes of the second kind no wider or higher than ``snap`` are left out: they cover
    /// a hair (a wall square to the frame but for rounding leaves them), and would only
    /// split the possible rectangles into slivers. (Leaving out a box over what surely is
    /// off the floor only makes more rectangles possible.)
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
        let box = frame.box
        let snap = Self.snap * (1 + max(abs(box.min.x), abs(box.max.x), abs(box.min.y), abs(box.max.y)))
        surely.removeAll { $0.width <= snap || $0.height <= snap }
        return (may, surely)
    }

    /// Boxes over what lies outside the outline within its box: `may` covers every part
    /// that might, `surely` only parts that do.
    ///
    /// A wall square to the frame up to rounding leaves slabs a hair high and boxes that
    /// differ by a hair from slab to slab; boxes within ``snap`` of one that ends where
    /// their slab starts are merged into it (`may` taking their union, `surely` their common
    /// part), and `surely` skips slabs a hair high, so that a room square to the frame
    /// but for rounding gives about as few boxes as one that is square. Where a wall
    /// slants across a slab, `surely` cuts the slab in up to ``maximumSteps`` (one per
    /// 1/``stepsAcross`` of the room that the wall spans across it), so that its boxes
    /// follow the wall in steps and the possible rectangles do not reach far past it.
    private static func outsideOutline(
        _ ring: ArraySlice<Point>, in box: BoundingBox, cutter: inout SlabCutter, may: inout [BoundingBox], surely: inout [BoundingBox]
    ) {
        let snap = Self.snap * (1 + max(abs(box.min.x), abs(box.max.x), abs(box.min.y), abs(box.max.y)))
        let step = max(box.width, box.height) / Double(Self.stepsAcross)
        // The outline's boxes so far: those ending where a slab starts may be extended.
        let (mayStart, surelyStart) = (may.count, surely.count)
        // The box's sides, as edges that do not slant.
        let (leftSide, rightSide) = (
            SlabCutter.Crossing(bottom: box.min.x, top: box.min.x), SlabCutter.Crossing(bottom: box.max.x, top: box.max.x)
        )
        cutter.forEach(of: ring) { y0, y1, crossings in
            // Whether `b` ends at height `y` and spans [low, high] up to the snap.
            @inline(__always) func near(_ b: BoundingBox, _ y: Double, _ low: Double, _ high: Double) -> Bool {
                b.max.y == y && abs(b.min.x - low) <= snap && abs(b.max.x - high) <= snap
            }
            // Outside: left of the first crossing, between pairs, right of the last.
            var left = leftSide
            var k = 0
            while k <= crossings.count {
                let right = k < crossings.count ? crossings[k] : rightSide
                if right.high > left.low {
                    let (low, high) = (left.low, right.high)
                    if let j = (mayStart..<may.count).first(where: { near(may[$0], y0, low, high) }) {
                        may[j] = BoundingBox(min: Point(min(may[j].min.x, low), may[j].min.y), max: Point(max(may[j].max.x, high), y1))
                    } else {
                        may.append(BoundingBox(min: Point(low, y0), max: Point(high, y1)))
                    }
                }
                // Where the stretch's ends slant, cut finer, so that what surely is outside
                // follows a slanted wall in steps.
                let slant = max(left.high - left.low, right.high - right.low)
                let steps = (slant / step).rounded(.up).clamped(to: 1...Self.maximumSteps)
                for s in 0..<steps where y1 - y0 > snap {
                    let (fa, fb) = (Double(s) / Double(steps), Double(s + 1) / Double(steps))
                    let (ya, yb) = (s == 0 ? y0 : y0 + (y1 - y0) * fa, s + 1 == steps ? y1 : y0 + (y1 - y0) * fb)
                    let (low, high) = SlabCutter.shrunk(max(left.x(at: fa), left.x(at: fb)), min(right.x(at: fa), right.x(at: fb)))
                    guard high > low && yb - ya > snap else { continue }
                    if let j = (surelyStart..<surely.count).first(where: { near(surely[$0], ya, low, high) }) {
                        surely[j] = BoundingBox(
                            min: Point(max(surely[j].min.x, low), surely[j].min.y), max: Point(min(surely[j].max.x, high), yb))
                    } else {
                        surely.append(BoundingBox(min: Point(low, ya), max: Point(high, yb)))
                    }
                }
                if k + 1 < crossings.count { left = crossings[k + 1] }
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
