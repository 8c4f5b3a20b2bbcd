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
    /// The smallest axis-aligned box holding the ring, or `nil` for an empty ring.
    public let boundingBox: BoundingBox?

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
        let n = points.count
        var failure: RingError? = nil
        var count = 0
        var low = Point(.infinity, .infinity)
        var high = Point(-.infinity, -.infinity)
        var indices = ContiguousArray<Int>(repeating: 0, count: n)
        let vertices = ContiguousArray<Point>(unsafeUninitializedCapacity: n) { out, initialized in
            indices.withUnsafeMutableBufferPointer { index in
                points.withUnsafeBufferPointer { input in
                    for i in 0..<n {
                        let p = input[i]
                        // NaN fails every comparison, so one test admits exactly the accepted values.
                        guard CoordinateRange.accepts(p) else {
                            if let problem = CoordinateRange.problem(with: p.x) {
                                failure = .invalidCoordinate(index: i, axis: .x, problem: problem)
                            } else {
                                failure = .invalidCoordinate(index: i, axis: .y, problem: CoordinateRange.problem(with: p.y) ?? .notANumber)
                            }
                            break
                        }
                        if count > 0 && out[count - 1] == p { continue }
                        out.initializeElement(at: count, to: p)
                        index[count] = i
                        count += 1
                        if p.x < low.x { low.x = p.x }
                        if p.y < low.y { low.y = p.y }
                        if p.x > high.x { high.x = p.x }
                        if p.y > high.y { high.y = p.y }
                    }
                    // The closing point (and any run of them) equal to the first is implicit.
                    while count > 1 && out[count - 1] == out[0] {
                        count -= 1
                        out.deinitializeElement(at: count)
                    }
                }
            }
            initialized = count
        }
        if let failure { throw failure }
        indices.removeLast(n - count)
        self.vertices = vertices
        self.inputIndices = indices
        self.boundingBox = count > 0 ? BoundingBox(min: low, max: high) : nil
    }

    /// The number of vertices after normalisation.
    @inlinable
    public var count: Int { vertices.count }

    /// The segment of edge `k`, from vertex `k` to vertex `(k + 1) % count`.
    @inlinable
    public func edge(_ k: Int) -> Segment {
        Segment(vertices[k], vertices[k + 1 == vertices.count ? 0 : k + 1])
    }
}

/// Why a ring could not be built.
public enum RingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The point at input `index` has a coordinate that is NaN, infinite or out of range.
    case invalidCoordinate(index: Int, axis: Axis, problem: CoordinateProblem)

    /// A coordinate axis.
    public enum Axis: String, Hashable, Sendable {
        /// The horizontal coordinate.
        case x
        /// The vertical coordinate.
        case y
    }

    public var description: String {
        switch self {
        case .invalidCoordinate(let index, let axis, let problem):
            return "point \(index): \(axis.rawValue) is \(problem)"
        }
    }
}
