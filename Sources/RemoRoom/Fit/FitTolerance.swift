import RemoGeometry

/// The margins the fit search allows for floating-point rounding, in one place.
///
/// None of them decides a badge on its own: every placement a badge reports is confirmed
/// by the exact check (``FreeFloor/holds(_:)``, exact predicates on the plan's own
/// coordinates). The room turned into a frame (``TurnedFrame``) is rounded, though, and
/// the margins say how much of that rounding the shortcuts taken in the frame allow for:
/// which positions are tried, which rectangles are believed, which are ruled out.
///
/// A margin *relative to* a magnitude *m* is `margin × (1 + m)`: absolute near the
/// origin, relative far from it, so that a room far from its scan's origin gets margins
/// its coordinates can carry (``relative(_:to:)``).
enum FitTolerance {
    /// Relative to the room's coordinates in the frame: boxes of the outline this close
    /// are merged, and boxes this thin over what surely is off the floor are left out
    /// (``FreeFloorRectangles``). A wall square to the frame but for the rounding of the
    /// turn leaves slabs and boxes a hair apart; merged, such a room gives about as few
    /// rectangles as one that is exactly square.
    static let snap = 1e-6
    /// Relative to the coordinate: how far a surely free rectangle is drawn in before the
    /// exact check looks at it, and half the inset at which pieces are placed in one, so
    /// that a piece placed snug lies well inside what was checked
    /// (``SurelyFreeRectangles/checkedFree(_:on:)``).
    static let drawnIn = 0.5e-6
    /// Relative to the coordinates: how far a box over what surely is off the floor is
    /// pulled in from the edges that bound it (``SlabCutter/pulledIn(_:_:)``), so that
    /// rounding leaves it inside what it covers.
    static let pullIn = 1e-9
    /// Relative to the rectangle's coordinates: how far a rectangle's core is shrunk
    /// before it is used to rule positions out (``PossiblyFreeRectangles``), so that the
    /// rounding of the turn keeps it inside every position's box.
    static let core = 1e-6
    /// Relative to the room's coordinates in the frame: how far a corner may lie outside
    /// a range of corners and still be tried by the slow search (the rounding of the turn).
    static let cornerRange = 1e-7
    /// Absolute, in the frame: how far the slow search's cheap filter shrinks a rectangle
    /// (``TurnedFrame/roughlyHolds(_:_:_:_:)``); it only filters, the exact check decides.
    static let roughShrink = 1e-7
    /// Relative to the room's size in the frame: how far from a wall the slow search
    /// looks to tell the floor's side of it.
    static let wallSide = 1e-6
    /// Relative to the coordinate (at least 1), plus 1e-12: how far an outline edge's ends
    /// may differ across the frame's axis for the edge to count as a wall along it.
    static let squareToFrame = 1e-9
    /// Absolute, in metres or square metres: slack in comparing sizes and areas measured
    /// in different ways (a piece against the room's box or a wall's length, a cleared box
    /// against the free area).
    static let length = 1e-9

    /// `margin` relative to `magnitude`: `margin × (1 + magnitude)`.
    @inline(__always)
    static func relative(_ margin: Double, to magnitude: Double) -> Double { margin * (1 + magnitude) }
}

extension BoundingBox {
    /// The largest magnitude of its coordinates: what ``FitTolerance``'s margins are
    /// relative to for a room or a rectangle.
    var largestMagnitude: Double { Swift.max(abs(min.x), abs(max.x), abs(min.y), abs(max.y)) }
}
