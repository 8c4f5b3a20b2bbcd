/// A point in image space: pixels, origin at the top-left, x to the right, y down.
///
/// Points compare lexicographically (`x`, then `y`), the order every sweep in this
/// module uses for its events.
public struct Point: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The horizontal coordinate, growing to the right.
    public var x: Double
    /// The vertical coordinate, growing downwards on screen.
    public var y: Double

    /// Creates a point from its coordinates.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Creates a point from its coordinates.
    @inlinable
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    /// Lexicographic order: by `x`, then by `y`.
    @inlinable
    public static func < (lhs: Point, rhs: Point) -> Bool {
        lhs.x < rhs.x || (lhs.x == rhs.x && lhs.y < rhs.y)
    }

    public var description: String { "(\(x), \(y))" }
}
