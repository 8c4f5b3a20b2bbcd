import RemoGeometry

/// A piece's footprint grown by its clearance, in the piece's own axes relative to its
/// centre: width along u, depth along v, "front" toward +v.
struct ClearedBox {
    var side: Clearance.Side
    var u0: Double
    var u1: Double
    var v0: Double
    var v1: Double

    init(width: Double, depth: Double, side: Clearance.Side, amount: Double) {
        self.side = side
        (u0, u1, v0, v1) = (-width / 2, width / 2, -depth / 2, depth / 2)
        switch side {
        case .front: v1 += amount
        case .sides:
            u0 -= amount
            u1 += amount
        case .around:
            u0 -= amount
            u1 += amount
            v0 -= amount
            v1 += amount
        }
    }

    var area: Double { (u1 - u0) * (v1 - v0) }

    /// The corners on the plan for the piece centred at `center` with its width along
    /// the unit vector `u`.
    func corners(center: Point, along u: Point) -> Quad {
        let v = Point(-u.y, u.x)
        func corner(_ a: Double, _ b: Double) -> Point { Point(center.x + u.x * a + v.x * b, center.y + u.y * a + v.y * b) }
        return Quad(corner(u0, v0), corner(u1, v0), corner(u1, v1), corner(u0, v1))
    }

    /// The box with the piece's width axis turned `quarter` quarter turns from a frame's
    /// x axis: its extent along the frame's x and y, and the piece's centre measured from
    /// the box's lower-left corner. Exact: a quarter turn only swaps and negates.
    func turned(quarter: Int) -> (width: Double, height: Double, center: Point) {
        switch quarter & 3 {
        case 0: (u1 - u0, v1 - v0, Point(-u0, -v0))
        case 1: (v1 - v0, u1 - u0, Point(v1, -u0))
        case 2: (u1 - u0, v1 - v0, Point(u1, v1))
        default: (v1 - v0, u1 - u0, Point(-v0, u1))
        }
    }
}
