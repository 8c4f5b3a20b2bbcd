/// The direction a ring runs, as seen on screen (y down).
public enum Orientation: String, Hashable, Sendable {
    /// Clockwise as seen on screen (y down).
    case clockwise
    /// Counter-clockwise as seen on screen.
    case counterclockwise
    /// Fewer than three distinct points, or all collinear at the extreme vertex.
    case degenerate
}

extension Ring {
    /// Twice the signed area in the mathematical (y-up) convention: positive when
    /// the ring turns counter-clockwise with y up, which is clockwise on screen.
    ///
    /// Shoelace formula relative to the first vertex, so that large offsets do not
    /// cancel away the digits that matter.
    ///
    /// - Complexity: O(*n*).
    public var doubledSignedArea: Double { shoelace(measuringTerms: false).sum }

    /// The shoelace sum relative to the first vertex and, when asked, the sum of the
    /// magnitudes of the products in it (for a bound on its rounding error). Four
    /// running sums, one per vertex in turn, so that the additions do not wait on
    /// each other.
    @inline(__always)
    func shoelace(measuringTerms: Bool) -> (sum: Double, magnitudes: Double) {
        closedVertices.withUnsafeBufferPointer { v -> (Double, Double) in
            let n = v.count - 1
            guard n >= 3 else { return (0, 0) }
            let origin = v[0]
            var sums = SIMD4<Double>(repeating: 0)
            var magnitudes = SIMD4<Double>(repeating: 0)
            // Term i (2 ≤ i < n) is d(i−1) × d(i), d(i) = v[i] − v[0].
            @inline(__always) func term(_ i: Int) -> (Double, Double) {
                let p = v[i - 1]
                let q = v[i]
                return ((p.x - origin.x) * (q.y - origin.y), (q.x - origin.x) * (p.y - origin.y))
            }
            var i = 2
            while i + 3 < n {
                let (a0, b0) = term(i)
                let (a1, b1) = term(i + 1)
                let (a2, b2) = term(i + 2)
                let (a3, b3) = term(i + 3)
                let a = SIMD4(a0, a1, a2, a3)
                let b = SIMD4(b0, b1, b2, b3)
                sums += a - b
                if measuringTerms {
                    magnitudes +=
                        SIMD4(a0.magnitude, a1.magnitude, a2.magnitude, a3.magnitude)
                        + SIMD4(b0.magnitude, b1.magnitude, b2.magnitude, b3.magnitude)
                }
                i += 4
            }
            while i < n {
                let (a, b) = term(i)
                sums[0] += a - b
                if measuringTerms { magnitudes[0] += a.magnitude + b.magnitude }
                i += 1
            }
            return ((sums[0] + sums[1]) + (sums[2] + sums[3]), magnitudes.sum())
        }
    }

    /// The enclosed area in square pixels, as an absolute value.
    ///
    /// Meaningful only for a simple ring: for a self-intersecting one the lobes
    /// cancel or add according to their direction.
    ///
    /// - Complexity: O(*n*).
    public var area: Double { doubledSignedArea.magnitude / 2 }

    /// The direction of the ring on screen, decided exactly at its lexicographically
    /// smallest vertex (for a simple ring, the direction of the whole ring).
    ///
    /// - Complexity: O(*n*).
    public var orientation: Orientation {
        switch mathematicalOrientation {
        case 1: return .clockwise
        case -1: return .counterclockwise
        default: return .degenerate
        }
    }

    /// The area and the orientation of a ring already known to be simple, in one pass.
    ///
    /// For a simple ring the sign of its area is its orientation. The shoelace sum is
    /// computed with a bound on its rounding error (the sum of the magnitudes of its
    /// terms, times (*n* + 8) units in the last place); when the sum is further from
    /// zero than that, its sign is exact, and otherwise ``orientation`` decides at
    /// the lowest vertex. For a ring that is not simple the orientation is unspecified.
    ///
    /// - Complexity: O(*n*).
    public var areaAndOrientationOfSimpleRing: (area: Double, orientation: Orientation) {
        let (sum, magnitudes) = shoelace(measuringTerms: true)
        let bound = Double(count + 8) * Double.ulpOfOne * magnitudes
        let orientation: Orientation =
            sum > bound ? .clockwise : sum < -bound ? .counterclockwise : self.orientation
        return (sum.magnitude / 2, orientation)
    }

    /// `1` when the ring turns counter-clockwise with y up, `-1` clockwise, `0` degenerate.
    var mathematicalOrientation: Int {
        let n = count
        guard n >= 3 else { return 0 }
        let v = closedVertices
        var lowest = 0
        for i in 1..<n where v[i] < v[lowest] { lowest = i }
        let previous = v[lowest == 0 ? n - 1 : lowest - 1]
        return Predicates.orient2d(previous, v[lowest], v[lowest + 1])
    }
}

extension Ring {
    /// Twice the signed area of the closed polyline through `points` as given (no ring is
    /// built, nothing is normalised): the shoelace sum, relative to the first point.
    /// Positive for counter-clockwise in the x-right, y-up sense of
    /// ``Predicates/orient2d(_:_:_:)``.
    ///
    /// - Complexity: O(*n*).
    public static func doubledSignedArea(of points: [Point]) -> Double {
        guard let first = points.first else { return 0 }
        var sum = 0.0
        for k in points.indices {
            let (a, b) = (points[k], points[k + 1 == points.count ? 0 : k + 1])
            sum += (a.x - first.x) * (b.y - first.y) - (b.x - first.x) * (a.y - first.y)
        }
        return sum
    }
}
