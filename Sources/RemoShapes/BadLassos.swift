import Foundation
import RemoGeometry

/// The ways a finger draws a lasso that crosses itself, seeded, for the repair's tests and
/// benchmarks.
public enum BadLasso: String, CaseIterable, Sendable {
    /// The finger runs past the start and closes with a small extra loop.
    case closingOvershoot
    /// A small curl somewhere along the way.
    case loopInMiddle
    /// Two lobes of similar size, crossing once.
    case figureEight
    /// Four points, two edges crossing.
    case bowTie
    /// An edge out to a far point and straight back along itself.
    case spike
    /// A loop drawn round twice with a wobble, crossing itself many times.
    case repeatedCrossings
    /// The path passes exactly through one of its earlier points.
    case touchingAtVertex

    /// The points of one such lasso (not closed: the last joins the first).
    ///
    /// - Parameters:
    ///   - count: About how many points (at least 12).
    ///   - seed: The random seed.
    public func points(count: Int = 500, seed: UInt64) -> [Point] {
        var rng = SplitMix64(seed: seed ^ (UInt64(Self.allCases.firstIndex(of: self)!) << 56))
        let n = Swift.max(12, count)
        let centre = Point(Double.random(in: 300...700, using: &rng), Double.random(in: 300...700, using: &rng))
        let radius = Double.random(in: 120...250, using: &rng)
        func jitter() -> Double { Double.random(in: -0.3...0.3, using: &rng) }
        func around(_ turns: Double, radius r: @escaping (Double) -> Double) -> [Point] {
            (0..<n).map { i in
                let t = turns * 2 * .pi * Double(i) / Double(n)
                return Point(centre.x + r(t) * cos(t) + jitter(), centre.y + r(t) * sin(t) + jitter())
            }
        }
        switch self {
        case .closingOvershoot:
            // Round once, then on past the start by 5 to 20 % of a turn: the end dips inside
            // the start and crosses it outwards, so the closing edge makes a small loop outside.
            let over = Double.random(in: 0.05...0.2, using: &rng) * 2 * .pi
            let dip = Double.random(in: 0.03...0.1, using: &rng)
            return (0..<n).map { i in
                let t = (2 * .pi + over) * Double(i) / Double(n)
                let s = t < 2 * .pi - over ? 0 : t < 2 * .pi ? -(t - (2 * .pi - over)) / over : -1 + 2 * (t - 2 * .pi) / over
                let r = radius * (1 + dip * s)
                return Point(centre.x + r * cos(t) + jitter(), centre.y + r * sin(t) + jitter())
            }
        case .loopInMiddle:
            var ring = around(1) { _ in radius }
            let at = Int.random(in: 0..<n, using: &rng)
            let r = radius * Double.random(in: 0.05...0.2, using: &rng)
            let base = ring[at]
            let outward = atan2(base.y - centre.y, base.x - centre.x) + Double.random(in: -1...1, using: &rng)
            let curl = (1..<24).map { k in
                let a = outward + .pi + 2 * .pi * Double(k) / 24
                return Point(base.x + r * (cos(outward) / 2 + cos(a)) + jitter(), base.y + r * (sin(outward) / 2 + sin(a)) + jitter())
            }
            ring.insert(contentsOf: curl, at: at + 1)
            return ring
        case .figureEight:
            let tilt = Double.random(in: 0..<(2 * .pi), using: &rng)
            let lean = Double.random(in: 0.6...1.4, using: &rng)
            return (0..<n).map { i in
                let t = 2 * .pi * Double(i) / Double(n)
                let x = radius * cos(t) * (t < .pi ? 1 : lean)
                let y = radius * sin(t) * cos(t)
                return Point(centre.x + x * cos(tilt) - y * sin(tilt) + jitter(), centre.y + x * sin(tilt) + y * cos(tilt) + jitter())
            }
        case .bowTie:
            let w = radius * Double.random(in: 0.5...1.5, using: &rng)
            return [
                Point(centre.x - radius + jitter(), centre.y - w + jitter()), Point(centre.x + radius + jitter(), centre.y + w + jitter()),
                Point(centre.x + radius + jitter(), centre.y - w + jitter()), Point(centre.x - radius + jitter(), centre.y + w + jitter()),
            ]
        case .spike:
            var ring = around(1) { _ in radius }
            let at = Int.random(in: 1..<(n - 1), using: &rng)
            let base = ring[at]
            let reach = Double.random(in: 0.3...1.5, using: &rng)
            let far = Point(base.x + (base.x - centre.x) * reach, base.y + (base.y - centre.y) * reach)
            ring.insert(contentsOf: [far, base], at: at + 1)
            return ring
        case .repeatedCrossings:
            let lobes = Double(Int.random(in: 3...7, using: &rng))
            let depth = Double.random(in: 0.1...0.4, using: &rng)
            return around(2) { t in radius * (1 + depth * sin(lobes * t / 2)) }
        case .touchingAtVertex:
            // A loop whose far side is pulled in until one of its points lies exactly on an
            // earlier point of the near side.
            var ring = around(1) { t in radius * (1 + 0.3 * cos(2 * t)) }
            let a = Int.random(in: 0..<(n / 4), using: &rng)
            let b = a + n / 2
            ring[b] = ring[a]
            return ring
        }
    }
}
