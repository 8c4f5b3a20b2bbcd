import Foundation
import RemoGeometry

/// Seeded shapes that a careless simplifier breaks: long thin parts and regions a hair
/// apart, densely sampled with a finger's tremor.
extension Shapes {
    /// A jittery lasso with a long narrow peninsula: a loop of `count` points with a spike
    /// `length` pixels long and `width` wide reaching out to the right and bending `bend`
    /// pixels down on the way, both of its sides sampled with tremor smaller than the
    /// width. Simple.
    public static func peninsula(count: Int, length: Double = 600, width: Double = 2, bend: Double = 80, seed: UInt64)
        -> [Point]
    {
        var rng = SplitMix64(seed: seed)
        let sidePoints = Swift.max(8, count / 4)
        let loopPoints = Swift.max(8, count - 2 * sidePoints)
        let radius = 150.0
        var points: [Point] = []
        // The loop, from just below the spike round to just above it (y down: angles grow clockwise).
        let gap = asin(Swift.min(0.5, width / radius))
        for k in 0..<loopPoints {
            let theta = gap + (2 * .pi - 2 * gap) * Double(k) / Double(loopPoints - 1)
            let r = radius + Double.random(in: -0.3...0.3, using: &rng)
            points.append(Point(r * cos(theta), r * sin(theta)))
        }
        // Out along the upper side and back along the lower, each wobbling inside its own half.
        let tremor = width / 8
        let x0 = radius * cos(gap)
        for k in 0..<sidePoints {
            let t = Double(k) / Double(sidePoints - 1)
            points.append(Point(x0 + length * t, bend * sin(.pi * t) - width / 2 + Double.random(in: -tremor...tremor, using: &rng)))
        }
        for k in (0..<sidePoints).reversed() {
            let t = Double(k) / Double(sidePoints - 1)
            points.append(Point(x0 + length * t, bend * sin(.pi * t) + width / 2 + Double.random(in: -tremor...tremor, using: &rng)))
        }
        return points
    }

    /// Two regions a hair apart: they share a long jittery border of `count` points, the
    /// second region's copy moved `gap` pixels to the right. The left region's other sides
    /// are straight, as are the right one's. Disjoint.
    public static func hairApart(count: Int, height: Double = 1000, gap: Double = 0.01, seed: UInt64) -> (left: [Point], right: [Point]) {
        var rng = SplitMix64(seed: seed)
        var border: [Point] = []
        var x = 0.0
        for k in 0..<count {
            x = Swift.min(40, Swift.max(-40, x + Double.random(in: -1.5...1.5, using: &rng)))
            border.append(Point(x, height * Double(k) / Double(count - 1)))
        }
        let left = [Point(-100, height)] + [Point(-100, 0)] + border
        let right = border.reversed().map { Point($0.x + gap, $0.y) } + [Point(100, 0), Point(100, height)]
        return (left, right)
    }
}
