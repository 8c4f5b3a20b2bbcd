/// A closed ring of points in image space, normalised as the contract says.
///
/// Consecutive exact duplicates are dropped, an explicit closing point equal to the
/// first is dropped, and the ring closes implicitly from the last vertex back to the
/// first. ``inputIndices`` maps every vertex back to the index of the input point it
/// came from, so findings can name the points as the user gave them.
///
/// Edge `k` runs from vertex `k` to vertex `(k + 1) % count`; an edge is named to
/// users by the input index of its first vertex.
///
/// ```swift
/// let ring = try Ring([Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 0)])
/// ring.count        // 3: the closing point is implicit
/// ring.area         // 50
/// ring.isSimple     // true
/// ```
public struct Ring: Sendable, Hashable {
    /// The normalised vertices, without a closing duplicate.
    public let vertices: ContiguousArray<Point>
    /// For each vertex, the index of the input point it came from.
    public let inputIndices: ContiguousArray<Int>

    /// Builds a ring from input points, normalising it.
    ///
    /// - Parameter points: The points as given; a closing point equal to the first is optional.
    /// - Throws: ``RingError/invalidCoordinate(index:axis:problem:)`` for the first point
    ///   with a NaN, infinite or out-of-range coordinate (see ``CoordinateRange``).
    /// - Complexity: O(*n*).
    public init(_ points: some Collection<Point>) throws(RingError) {
        // One concrete loop: generic iteration across modules is not specialised.
        try self.init(Array(points))
    }

    /// Builds a ring from input points, normalising it (see ``init(_:)-(Collection<Point>)``).
    public init(_ points: [Point]) throws(RingError) {
        var vertices = ContiguousArray<Point>()
        var indices = ContiguousArray<Int>()
        vertices.reserveCapacity(points.count)
        indices.reserveCapacity(points.count)
        try points.withUnsafeBufferPointer { (input) throws(RingError) in
            var last: Point? = nil
            for index in 0..<input.count {
                let p = input[index]
                if let problem = CoordinateRange.problem(with: p.x) {
                    throw .invalidCoordinate(index: index, axis: .x, problem: problem)
                }
                if let problem = CoordinateRange.problem(with: p.y) {
                    throw .invalidCoordinate(index: index, axis: .y, problem: problem)
                }
                if last != p {
                    vertices.append(p)
                    indices.append(index)
                    last = p
                }
            }
        }
        while vertices.count > 1, vertices.last == vertices.first {
            vertices.removeLast()
            indices.removeLast()
        }
        self.vertices = vertices
        self.inputIndices = indices
    }

    /// The number of vertices after normalisation.
    @inlinable
    public var count: Int { vertices.count }

    /// The segment of edge `k`, from vertex `k` to vertex `(k + 1) % count`.
    @inlinable
    public func edge(_ k: Int) -> Segment {
        Segment(vertices[k], vertices[k + 1 == vertices.count ? 0 : k + 1])
    }

    /// The smallest axis-aligned box holding the ring, or `nil` for an empty ring.
    public var boundingBox: BoundingBox? { BoundingBox(of: vertices) }
}

/// Why a ring could not be built.
public enum RingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The point at input `index` has a coordinate that is NaN, infinite or out of range.
    case invalidCoordinate(index: Int, axis: Axis, problem: CoordinateProblem)

    /// A coordinate axis.
    public enum Axis: String, Hashable, Sendable {
        case x, y
    }

    public var description: String {
        switch self {
        case .invalidCoordinate(let index, let axis, let problem):
            return "point \(index): \(axis.rawValue) is \(problem)"
        }
    }
}
