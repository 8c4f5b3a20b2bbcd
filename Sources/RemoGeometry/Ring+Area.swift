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
    public var doubledSignedArea: Double {
        vertices.withUnsafeBufferPointer { v in
            let n = v.count
            guard n >= 3 else { return 0 }
            let x0 = v[0].x
            let y0 = v[0].y
            var sum = 0.0
            var px = v[1].x - x0
            var py = v[1].y - y0
            for i in 2..<n {
                let qx = v[i].x - x0
                let qy = v[i].y - y0
                sum += px * qy - qx * py
                px = qx
                py = qy
            }
            return sum
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
        let (sum, magnitudes) = closedVertices.withUnsafeBufferPointer { v -> (Double, Double) in
            let n = v.count - 1
            guard n >= 3 else { return (0, 0) }
            let x0 = v[0].x
            let y0 = v[0].y
            var sum = 0.0
            var magnitudes = 0.0
            var px = v[1].x - x0
            var py = v[1].y - y0
            for i in 2..<n {
                let qx = v[i].x - x0
                let qy = v[i].y - y0
                let a = px * qy
                let b = qx * py
                sum += a - b
                magnitudes += a.magnitude + b.magnitude
                px = qx
                py = qy
            }
            return (sum, magnitudes)
        }
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
