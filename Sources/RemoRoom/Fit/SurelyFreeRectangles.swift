import RemoGeometry
import Synchronization

/// The largest rectangles of one wall direction's frame that are surely free floor (up
/// to the rounding of the turn, which the exact check catches): the maximal empty
/// rectangles outside the full cover, kept as a front (see ``FreeFloorRectangles``).
final class SurelyFreeRectangles: Sendable {
    /// The largest of them.
    let front: RectangleFront
    /// False when there were more than ``FreeFloorRectangles/rectangleLimit`` (then none
    /// are kept).
    let complete: Bool
    /// Each rectangle of ``front`` drawn in by a hair (``FreeFloorRectangles/hair(_:)``),
    /// on the plan, counterclockwise (marked not free from the start if rounding left it
    /// no convex quadrilateral).
    private let drawnIn: [Quad]
    /// For each of them, what the exact check said once a piece was first placed in it.
    /// Pieces placed well inside a free one need no exact check of their own.
    private let checked: Mutex<[Checked]>

    private enum Checked {
        case unknown
        case free
        case notFree
    }

    /// The surely free rectangles of `frame`: those outside `cover`, boxes over all that
    /// may be off the free floor.
    init(outside cover: [BoundingBox], in frame: TurnedFrame) {
        var front = RectangleFront()
        complete = MaximalRectangles(container: frame.box, boxes: cover).forEach(
            limit: FreeFloorRectangles.rectangleLimit, { front.insert($0) })
        if !complete { front = RectangleFront() }
        var drawnIn: [Quad] = []
        var checked: [Checked] = []
        drawnIn.reserveCapacity(front.entries.count)
        checked.reserveCapacity(front.entries.count)
        for e in front.entries {
            let (hx, hy) = (FreeFloorRectangles.hair(e.x), FreeFloorRectangles.hair(e.y))
            let quad = Quad(
                frame.plan(Point(e.x + hx, e.y + hy)), frame.plan(Point(e.x + e.width - hx, e.y + hy)),
                frame.plan(Point(e.x + e.width - hx, e.y + e.height - hy)), frame.plan(Point(e.x + hx, e.y + e.height - hy)))
            let counterclockwise = quad.counterclockwiseIfConvex
            drawnIn.append(counterclockwise ?? quad)
            checked.append(counterclockwise == nil ? .notFree : .unknown)
        }
        self.front = front
        self.drawnIn = drawnIn
        self.checked = Mutex(checked)
    }

    /// The rectangle `k` of ``front`` drawn in by a hair, on the plan and counterclockwise,
    /// if the exact check finds it free floor; checked the first time it is asked for.
    func checkedFree(_ k: Int, on floor: FreeFloor) -> Quad? {
        let quad = drawnIn[k]
        var known = checked.withLock { $0[k] }
        if known == .unknown {
            // Checked outside the lock: two threads may both check it, and agree.
            known = floor.holds(quad) ? .free : .notFree
            checked.withLock { $0[k] = known }
        }
        return known == .free ? quad : nil
    }
}
