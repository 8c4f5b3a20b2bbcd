import Foundation
import RemoGeometry

/// Seeded shapes for benchmarks and tests.
public enum Shapes {
    /// A jittery closed lasso of `count` points around `center`, like a finger-drawn
    /// loop: a wobbly ellipse with small random steps. It is star-shaped around the
    /// centre with strictly increasing angles, so it is always simple.
    ///
    /// - Parameters:
    ///   - count: The number of points (at least 3).
    ///   - center: The centre of the loop.
    ///   - radius: The mean radius; `nil` picks one that keeps neighbouring points
    ///     about a pixel apart.
    ///   - seed: The random seed.
    public static func lasso(count: Int, center: Point = Point(0, 0), radius: Double? = nil, seed: UInt64) -> [Point] {
        var rng = SplitMix64(seed: seed)
        let n = max(3, count)
        let r0 = radius ?? max(200, Double(n) / 5)
        let phase = Double.random(in: 0..<(2 * .pi), using: &rng)
        let wobble = Double.random(in: 0.05...0.2, using: &rng)
        let lobes = Double(Int.random(in: 2...5, using: &rng))
        let aspect = Double.random(in: 0.7...1.0, using: &rng)
        var points: [Point] = []
        points.reserveCapacity(n)
        let step = 2 * Double.pi / Double(n)
        for i in 0..<n {
            let theta = (Double(i) + Double.random(in: -0.3...0.3, using: &rng)) * step
            // Tremor: a fraction of the spacing between samples, as from a finger.
            let jitter = Double.random(in: -0.25...0.25, using: &rng) * r0 * step
            let r = r0 * (1 + wobble * sin(lobes * theta + phase)) + jitter
            points.append(Point(center.x + r * cos(theta), center.y + aspect * r * sin(theta)))
        }
        return points
    }

    /// A comb with `count` vertices (rounded down to a multiple of 4, at least 8):
    /// a spine along x = 0 and long horizontal teeth reaching to x = `length`, so
    /// that a vertical sweep line crosses every tooth at once. Simple.
    public static func comb(count: Int, length: Double = 1_000_000, toothHeight: Double = 1) -> [Point] {
        let teeth = max(2, count / 4)
        let spine = length / 1000
        var points: [Point] = [Point(0, 0), Point(length, 0), Point(length, toothHeight)]
        for k in 1..<teeth {
            let y = Double(2 * k) * toothHeight
            points.append(Point(spine, y - toothHeight))
            points.append(Point(spine, y))
            points.append(Point(length, y))
            points.append(Point(length, y + toothHeight))
        }
        points.append(Point(0, Double(2 * teeth - 1) * toothHeight))
        return points
    }
}
