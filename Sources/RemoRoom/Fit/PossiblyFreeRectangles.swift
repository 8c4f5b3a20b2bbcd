import RemoGeometry

/// The rectangles of one wall direction's frame that may be free floor: the maximal
/// empty rectangles outside the sure cover, so that every free axis-aligned rectangle
/// lies inside one of them (see ``FreeFloorRectangles``).
final class PossiblyFreeRectangles: Sendable {
    /// The largest of them: a box no entry holds fits nowhere in this frame.
    let front: RectangleFront
    /// All of them (the front keeps only the largest).
    let all: [RectangleFront.Entry]
    /// False when there were more than ``FreeFloorRectangles/rectangleLimit`` (then none
    /// are kept).
    let complete: Bool
    /// The frame, to take a rectangle back to the plan.
    private let frame: TurnedFrame

    /// The possibly free rectangles of `frame`: those outside `cover`, boxes over only
    /// what surely is off the free floor.
    init(outside cover: [BoundingBox], in frame: TurnedFrame) {
        var front = RectangleFront()
        var all: [RectangleFront.Entry] = []
        all.reserveCapacity(4 * (cover.count + 1))
        complete = MaximalRectangles(container: frame.box, boxes: cover).forEach(
            limit: FreeFloorRectangles.rectangleLimit,
            {
                front.insert($0)
                all.append($0)
            })
        (self.front, self.all) = complete ? (front, all) : (RectangleFront(), [])
        self.frame = frame
    }

    /// Whether some rectangle holds a `width` × `height` box of this frame; when none
    /// does, no position holds it.
    func mayHold(width w: Double, height h: Double) -> Bool { front.index(holding: w, h) != nil }

    /// Whether no `width` × `height` box of this frame fits the free floor, shown by the
    /// rectangles: a box inside a rectangle E always covers E's *core*, the part every
    /// position shares, so if the core (shrunk by a hair for rounding) is not free
    /// floor, no position in E is. False when some rectangle has no core or a free one.
    func ruledOut(width w: Double, height h: Double, on floor: FreeFloor) -> Bool {
        for e in all where e.width >= w && e.height >= h {
            guard let core = core(of: e, width: w, height: h), floor.surelyNotFree(core) || !floor.holds(core) else { return false }
        }
        return true
    }

    /// Where the lower-left corner of a free `width` × `height` box of this frame can be:
    /// one range for each rectangle that holds the box and whose core (see
    /// ``ruledOut(width:height:on:)``) is free or missing. A free box lies inside some
    /// rectangle, and not in one whose core is not free, so its corner lies in one of
    /// these ranges (up to the rounding of the turn).
    func corners(width w: Double, height h: Double, on floor: FreeFloor) -> [BoundingBox] {
        var ranges: [BoundingBox] = []
        for e in all where e.width >= w && e.height >= h {
            if let core = core(of: e, width: w, height: h), floor.surelyNotFree(core) || !floor.holds(core) { continue }
            ranges.append(BoundingBox(min: Point(e.x, e.y), max: Point(max(e.x, e.x + e.width - w), max(e.y, e.y + e.height - h))))
        }
        return ranges
    }

    /// The core of `e` for a `w` × `h` box, shrunk by ``FitTolerance/core`` so that
    /// rounding stays inside it in any room, on the plan; nil when it has none.
    private func core(of e: RectangleFront.Entry, width w: Double, height h: Double) -> Quad? {
        let hair = FitTolerance.relative(FitTolerance.core, to: max(abs(e.x), abs(e.y), abs(e.x + e.width), abs(e.y + e.height)))
        let core = (x0: e.x + e.width - w + hair, y0: e.y + e.height - h + hair, x1: e.x + w - hair, y1: e.y + h - hair)
        guard core.x0 < core.x1, core.y0 < core.y1 else { return nil }
        return Quad(
            frame.plan(Point(core.x0, core.y0)), frame.plan(Point(core.x1, core.y0)), frame.plan(Point(core.x1, core.y1)),
            frame.plan(Point(core.x0, core.y1)))
    }
}
