/// Exact geometric predicates.
///
/// Each predicate first evaluates in plain double arithmetic with Shewchuk's error
/// bound; only when the result is too close to zero to trust does it fall back to an
/// exact expansion of the determinant. The answer is exact for every input whose
/// coordinates ``CoordinateRange`` accepts; there is no epsilon.
public enum Predicates {
    /// Shewchuk's `ccwerrboundA`: (3 + 16ε)ε with ε = 2⁻⁵³.
    @usableFromInline
    static let errorBoundA: Double = (3.0 + 16.0 * 0x1p-53) * 0x1p-53

    /// The sign of the turn `a → b → c` in the mathematical (y-up) convention.
    ///
    /// Returns `1` when `c` lies to the left of the directed line `a → b` (with y up:
    /// counter-clockwise), `-1` to the right, `0` when the three points are collinear.
    /// On screen, where y grows downwards, `1` looks clockwise.
    ///
    /// - Complexity: O(1); a few dozen floating-point operations in the rare exact case.
    @inlinable @inline(__always)
    public static func orient2d(_ a: Point, _ b: Point, _ c: Point) -> Int {
        let detLeft = (a.x - c.x) * (b.y - c.y)
        let detRight = (a.y - c.y) * (b.x - c.x)
        let det = detLeft - detRight
        let detSum: Double
        if detLeft > 0 {
            if detRight <= 0 { return det > 0 ? 1 : (det < 0 ? -1 : 0) }
            detSum = detLeft + detRight
        } else if detLeft < 0 {
            if detRight >= 0 { return det > 0 ? 1 : (det < 0 ? -1 : 0) }
            detSum = -detLeft - detRight
        } else {
            return det > 0 ? 1 : (det < 0 ? -1 : 0)
        }
        let bound = errorBoundA * detSum
        if det >= bound { return 1 }
        if -det >= bound { return -1 }
        return orient2dExact(a, b, c)
    }

    /// The exact sign of `(a−c)×(b−c)`, expanded into products of the input coordinates.
    @usableFromInline
    static func orient2dExact(_ a: Point, _ b: Point, _ c: Point) -> Int {
        // (ax−cx)(by−cy) − (ay−cy)(bx−cx) = ax·by − ax·cy − cx·by − ay·bx + ay·cx + cy·bx
        exactSignOfProductSum(
            positive: [(a.x, b.y), (a.y, c.x), (c.y, b.x)],
            negative: [(a.x, c.y), (c.x, b.y), (a.y, b.x)]
        )
    }

    /// The sign of the dot product `(a − q)·(b − q)`: `1` when the directions from `q`
    /// make an acute angle, `0` for a right angle (or when `a` or `b` equals `q`),
    /// `-1` for an obtuse one. Exact like ``orient2d(_:_:_:)``.
    @inlinable
    public static func dotSign(_ q: Point, _ a: Point, _ b: Point) -> Int {
        let termX = (a.x - q.x) * (b.x - q.x)
        let termY = (a.y - q.y) * (b.y - q.y)
        let sum = termX + termY
        let bound = errorBoundA * (termX.magnitude + termY.magnitude)
        if sum > bound { return 1 }
        if -sum > bound { return -1 }
        if termX == 0 && termY == 0 && bound == 0 { return 0 }
        return dotSignExact(q, a, b)
    }

    @usableFromInline
    static func dotSignExact(_ q: Point, _ a: Point, _ b: Point) -> Int {
        // (ax−qx)(bx−qx) + (ay−qy)(by−qy)
        //   = ax·bx − ax·qx − qx·bx + qx·qx + ay·by − ay·qy − qy·by + qy·qy
        exactSignOfProductSum(
            positive: [(a.x, b.x), (q.x, q.x), (a.y, b.y), (q.y, q.y)],
            negative: [(a.x, q.x), (q.x, b.x), (a.y, q.y), (q.y, b.y)]
        )
    }
}
