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
    /// The normalised vertices followed by the first one again, so that edge `k` runs
    /// from element `k` to element `k + 1` (empty for an empty ring).
    @usableFromInline let closedVertices: ContiguousArray<Point>

    /// The normalised vertices, without a closing duplicate.
    @inlinable
    public var vertices: ArraySlice<Point> { closedVertices[0..<count] }
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
        var result = Normalised(count: 0, low: Point(.infinity, .infinity), high: Point(-.infinity, -.infinity), rejected: nil)
        var indices = ContiguousArray<Int>(unsafeUninitializedCapacity: n) { _, initialized in initialized = n }
        // Room for the closing copy of the first vertex.
        let closed = ContiguousArray<Point>(unsafeUninitializedCapacity: n + 1) { out, initialized in
            indices.withUnsafeMutableBufferPointer { index in
                points.withUnsafeBufferPointer { input in
                    result = Self.normalise(input, into: out.baseAddress!, indices: index.baseAddress!)
                }
            }
            guard result.rejected == nil, result.count > 0 else {
                initialized = 0
                return
            }
            (out.baseAddress! + result.count).initialize(to: out[0])
            initialized = result.count + 1
        }
        if let i = result.rejected {
            let p = points[i]
            if let problem = CoordinateRange.problem(with: p.x) {
                throw .invalidCoordinate(index: i, axis: .x, problem: problem)
            }
            throw .invalidCoordinate(index: i, axis: .y, problem: CoordinateRange.problem(with: p.y) ?? .notANumber)
        }
        indices.removeLast(n - result.count)
        self.closedVertices = closed
        self.inputIndices = indices
        self.boundingBox = result.count > 0 ? BoundingBox(min: result.low, max: result.high) : nil
    }

    /// What ``normalise(_:into:indices:)`` found.
    private struct Normalised {
        var count: Int
        var low: Point
        var high: Point
        /// The input index of the first rejected point, if any.
        var rejected: Int?
    }

    /// One pass over the input: checks every coordinate, drops consecutive duplicates,
    /// writes the vertices and their input indices, and measures the box; then drops the
    /// closing point (and any run of them) equal to the first. The coordinate check is
    /// gathered without branches and looked at once; only a rejected input is scanned
    /// again for its first bad point.
    private static func normalise(
        _ input: UnsafeBufferPointer<Point>, into out: UnsafeMutablePointer<Point>, indices: UnsafeMutablePointer<Int>
    ) -> Normalised {
        var count = 0
        // Points as two lanes (x, y): one comparison each way per point.
        var low = SIMD2<Double>(repeating: .infinity)
        var high = SIMD2<Double>(repeating: -.infinity)
        var last = SIMD2<Double>(repeating: .nan)  // equal to nothing
        var accepted = CoordinateRange.Acceptance()
        let raw = UnsafeRawPointer(input.baseAddress)
        for i in 0..<input.count {
            let p = raw.unsafelyUnwrapped.loadUnaligned(fromByteOffset: i * MemoryLayout<Point>.stride, as: SIMD2<Double>.self)
            accepted.check(p)
            if p == last { continue }
            last = p
            (out + count).initialize(to: Point(p.x, p.y))
            indices[count] = i
            count &+= 1
            low.replace(with: p, where: p .< low)
            high.replace(with: p, where: p .> high)
        }
        if !accepted.all, let i = input.firstIndex(where: { !CoordinateRange.accepts($0) }) {
            return Normalised(count: 0, low: Point(low.x, low.y), high: Point(high.x, high.y), rejected: i)
        }
        while count > 1 && out[count - 1] == out[0] {
            count -= 1
            (out + count).deinitialize(count: 1)
        }
        return Normalised(count: count, low: Point(low.x, low.y), high: Point(high.x, high.y), rejected: nil)
    }

    /// The number of vertices after normalisation.
    @inlinable
    public var count: Int { Swift.max(closedVertices.count - 1, 0) }

    /// The segment of edge `k`, from vertex `k` to vertex `(k + 1) % count`.
    @inlinable
    public func edge(_ k: Int) -> Segment {
        Segment(closedVertices[k], closedVertices[k + 1])
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
