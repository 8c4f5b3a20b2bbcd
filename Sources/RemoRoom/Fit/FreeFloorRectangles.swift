import Foundation
import RemoGeometry
import Synchronization

/// The free floor seen along one wall direction, for the fit search, as its largest
/// free rectangles (the words are explained in <doc:FreeFloorSearch>).
///
/// The plan is turned by the frame's degrees so that the wall direction runs along x.
/// Two covers of axis-aligned boxes are laid over what is off the free floor (outside
/// the outline, or on an obstacle):
///
/// - the *full cover* lies over all that *may* be off it: each obstacle's box, and the
///   outline's outside in boxes, one per slab;
/// - the *sure cover* lies only over what *surely* is: the outline and each obstacle are
///   cut into slabs at their vertices, and each slab gives the stretch every height in it
///   shares.
///
/// The maximal empty rectangles outside the full cover are ``surelyFree`` (free floor, up
/// to the rounding of the turn, which the exact check catches); outside the sure cover,
/// ``possiblyFree`` (every free axis-aligned rectangle lies inside one of them). A piece
/// that no possibly free rectangle holds at any wall direction does not fit at those
/// directions; one that a surely free rectangle holds fits there. Only pieces in between
/// need a slower search. In a room whose walls and furniture are square to the frame the
/// two covers are the same and the answer is exact.
///
/// Each set is found the first time it is asked for, from a few boxes per obstacle and
/// per outline vertex: most pieces that fit are placed at the first wall direction,
/// and most that do not are ruled out by the possibly free rectangles alone, so a list
/// often never needs the surely free rectangles of the other directions. (Finer boxes,
/// steps along turned furniture, were tried: they leave fewer pieces to the slower
/// checks but cost more to build than they save on a 50-item list.)
final class FreeFloorRectangles: Sendable {
    /// The room turned along the wall direction: the rectangles' coordinates are its.
    let frame: TurnedFrame
    /// The covers and both sets of rectangles, each found when first needed and kept.
    private let found = Mutex(Found())

    private struct Found {
        var covers: Covers?
        var surelyFree: SurelyFreeRectangles?
        var possiblyFree: PossiblyFreeRectangles?
    }

    /// More vertices than this (outline and obstacles) and no rectangles are found: each
    /// slab looks at every edge of its polygon.
    static let vertexLimit = 2_000
    /// More rectangles than this in a set and it is not kept (the search falls back to
    /// trying positions one by one).
    static let rectangleLimit = 100_000
    /// Where a slanted wall crosses a slab, the sure cover steps along it about this many
    /// times across the room, at most ``maximumSteps`` times a slab. (One extra step made
    /// a 50-item list in a real room with a wall 54° to one of its directions three times
    /// as fast; more steps cost more rectangles than they save in other rooms.)
    static let stepsAcross = 4
    /// See ``stepsAcross``.
    static let maximumSteps = 4

    /// The free rectangles for the room as `frame` turns it (found when first asked
    /// for), or nil when it has too many vertices.
    init?(frame: TurnedFrame) {
        guard frame.ring.count >= 3, frame.ring.count + frame.obstacleCorners.count <= Self.vertexLimit else { return nil }
        self.frame = frame
    }

    /// The largest rectangles that are surely free, or nil when there are too many.
    var surelyFree: SurelyFreeRectangles? {
        let rectangles = kept(\.surelyFree) { covers in SurelyFreeRectangles(outside: covers.full, in: frame) }
        return rectangles.complete ? rectangles : nil
    }

    /// Every maximal rectangle that may be free, and the largest of them; nil when there
    /// are too many.
    var possiblyFree: PossiblyFreeRectangles? {
        let rectangles = kept(\.possiblyFree) { covers in PossiblyFreeRectangles(outside: covers.sure, in: frame) }
        return rectangles.complete ? rectangles : nil
    }

    /// The rectangles kept at `slot`, found from the covers the first time they are asked
    /// for (the covers too, the first time either set is).
    private func kept<Rectangles: Sendable>(_ slot: WritableKeyPath<Found, Rectangles?>, _ make: (Covers) -> Rectangles) -> Rectangles {
        found.withLock { found in
            if let made = found[keyPath: slot] { return made }
            let covers = found.covers ?? Covers(in: frame)
            found.covers = covers
            let made = make(covers)
            found[keyPath: slot] = made
            return made
        }
    }

    /// Whether the surely free rectangles have been found (or found too many).
    var hasSurelyFree: Bool { found.withLock { $0.surelyFree != nil } }

    /// How far a surely free rectangle is drawn in at coordinate `x`
    /// (``FitTolerance/drawnIn``).
    static func hair(_ x: Double) -> Double { FitTolerance.relative(FitTolerance.drawnIn, to: abs(x)) }

    /// The two covers of a frame: boxes over what may be off the free floor and over what
    /// surely is.
    final class Covers: Sendable {
        /// Over all that may be off the free floor.
        let full: [BoundingBox]
        /// Over only what surely is.
        let sure: [BoundingBox]

        /// The covers of `frame`. Boxes of the sure cover no wider or higher than
        /// ``FitTolerance/snap`` are left out: they cover a hair (a wall square to the
        /// frame but for rounding leaves them), and would only split the possibly free
        /// rectangles into slivers. (Leaving out part of the sure cover only makes more
        /// rectangles possible.)
        init(in frame: TurnedFrame) {
            var full: [BoundingBox] = []
            var sure: [BoundingBox] = []
            full.reserveCapacity(4 * frame.obstacleCount + frame.ring.count)
            sure.reserveCapacity(4 * frame.obstacleCount + frame.ring.count)
            var cutter = SlabCutter()
            Self.outsideOutline(frame.ring[...], in: frame.box, cutter: &cutter, full: &full, sure: &sure)
            for k in 0..<frame.obstacleCount {
                Self.onObstacle(frame.obstacle(k), box: frame.obstacleBoxes[k], cutter: &cutter, full: &full, sure: &sure)
            }
            let snap = FitTolerance.relative(FitTolerance.snap, to: frame.box.largestMagnitude)
            sure.removeAll { $0.width <= snap || $0.height <= snap }
            (self.full, self.sure) = (full, sure)
        }

        /// Boxes over what lies outside the outline within its box: `full` covers every part
        /// that might be, `sure` only parts that are.
        ///
        /// A wall square to the frame up to rounding leaves slabs a hair high and boxes that
        /// differ by a hair from slab to slab; boxes within ``FitTolerance/snap`` of one that
        /// ends where their slab starts are merged into it (`full` taking their union, `sure`
        /// their common part), and `sure` skips slabs a hair high, so that a room square to
        /// the frame but for rounding gives about as few boxes as one that is square. Where a
        /// wall slants across a slab, `sure` cuts the slab in up to
        /// ``FreeFloorRectangles/maximumSteps`` (one per 1/``FreeFloorRectangles/stepsAcross``
        /// of the room that the wall spans across it), so that its boxes follow the wall in
        /// steps and the possibly free rectangles do not reach far past it.
        private static func outsideOutline(
            _ ring: ArraySlice<Point>, in box: BoundingBox, cutter: inout SlabCutter, full: inout [BoundingBox], sure: inout [BoundingBox]
        ) {
            let snap = FitTolerance.relative(FitTolerance.snap, to: box.largestMagnitude)
            let step = max(box.width, box.height) / Double(FreeFloorRectangles.stepsAcross)
            // The outline's boxes so far: those ending where a slab starts may be extended.
            let (fullStart, sureStart) = (full.count, sure.count)
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
                        if let j = (fullStart..<full.count).first(where: { near(full[$0], y0, low, high) }) {
                            full[j] = BoundingBox(
                                min: Point(min(full[j].min.x, low), full[j].min.y), max: Point(max(full[j].max.x, high), y1))
                        } else {
                            full.append(BoundingBox(min: Point(low, y0), max: Point(high, y1)))
                        }
                    }
                    // Where the stretch's ends slant, cut finer, so that what surely is outside
                    // follows a slanted wall in steps.
                    let slant = max(left.high - left.low, right.high - right.low)
                    let steps = (slant / step).rounded(.up).clamped(to: 1...FreeFloorRectangles.maximumSteps)
                    for s in 0..<steps where y1 - y0 > snap {
                        let (fa, fb) = (Double(s) / Double(steps), Double(s + 1) / Double(steps))
                        let (ya, yb) = (s == 0 ? y0 : y0 + (y1 - y0) * fa, s + 1 == steps ? y1 : y0 + (y1 - y0) * fb)
                        let (low, high) = SlabCutter.pulledIn(max(left.x(at: fa), left.x(at: fb)), min(right.x(at: fa), right.x(at: fb)))
                        guard high > low && yb - ya > snap else { continue }
                        if let j = (sureStart..<sure.count).first(where: { near(sure[$0], ya, low, high) }) {
                            sure[j] = BoundingBox(
                                min: Point(max(sure[j].min.x, low), sure[j].min.y), max: Point(min(sure[j].max.x, high), yb))
                        } else {
                            sure.append(BoundingBox(min: Point(low, ya), max: Point(high, yb)))
                        }
                    }
                    if k + 1 < crossings.count { left = crossings[k + 1] }
                    k += 2
                }
            }
        }

        /// Boxes over an obstacle: `full` covers all of it (its box), `sure` only parts of it.
        private static func onObstacle(
            _ polygon: ArraySlice<Point>, box: BoundingBox, cutter: inout SlabCutter, full: inout [BoundingBox], sure: inout [BoundingBox]
        ) {
            full.append(box)
            cutter.forEach(of: polygon) { y0, y1, crossings in
                // Inside: between the crossings, in pairs.
                var k = 0
                while k + 1 < crossings.count {
                    let (low, high) = SlabCutter.pulledIn(crossings[k].high, crossings[k + 1].low)
                    if high > low { sure.append(BoundingBox(min: Point(low, y0), max: Point(high, y1))) }
                    k += 2
                }
            }
        }
    }
}
