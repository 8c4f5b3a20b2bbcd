import Foundation
import RemoGeometry
import RemoShapes

/// Seeded families of rings for differential tests: realistic lassos and the
/// degenerate cases that break naive implementations.
public enum RingFamily: String, CaseIterable, Sendable {
    case lasso
    case swappedVertices
    case exactPinch
    case vertexOnEdge
    case nudgedPinch
    case nudgedVertexOnEdge
    case spike
    case duplicatePoints
    case integerGrid
    case randomPolygon
    case hugeCoordinates
    case tinyCoordinates

    /// One ring of this family for `seed`, as input points (not normalised).
    public func points(seed: UInt64, maximumCount: Int = 2000) -> [Point] {
        var rng = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D &+ UInt64(RingFamily.allCases.firstIndex(of: self)!))
        let count = Int.random(in: 100...max(100, maximumCount), using: &rng)
        func lasso(_ n: Int = count) -> [Point] {
            Shapes.lasso(count: n, center: Point(2000, 1500), seed: rng.next())
        }
        func integerLasso(_ n: Int) -> [Point] {
            Shapes.lasso(count: n, center: Point(2000, 1500), radius: Double(n) / 2, seed: rng.next())
                .map { Point($0.x.rounded(), $0.y.rounded()) }
        }
        switch self {
        case .lasso:
            return lasso()
        case .swappedVertices:
            var p = lasso()
            let i = Int.random(in: 0..<p.count, using: &rng)
            let j = (i + Int.random(in: 2..<(p.count - 1), using: &rng)) % p.count
            p.swapAt(i, j)
            return p
        case .exactPinch, .nudgedPinch:
            var p = lasso()
            let i = Int.random(in: 0..<p.count, using: &rng)
            let j = (i + Int.random(in: 2..<(p.count - 1), using: &rng)) % p.count
            p[j] = p[i]
            if self == .nudgedPinch {
                let scale = Swift.max(p[j].x.magnitude, p[j].y.magnitude)
                p[j].x += (rng.next() % 2 == 0 ? 1 : -1) * 1e-9 * scale
                p[j].y += (rng.next() % 2 == 0 ? 1 : -1) * 1e-9 * scale
            }
            return p
        case .vertexOnEdge, .nudgedVertexOnEdge:
            var p = integerLasso(Int.random(in: 100...400, using: &rng))
            let i = Int.random(in: 0..<p.count, using: &rng)
            let a = p[i]
            let b = p[(i + 1) % p.count]
            var mid = Point((a.x + b.x) / 2, (a.y + b.y) / 2)  // exact on an integer grid
            if self == .nudgedVertexOnEdge {
                mid.x += rng.next() % 2 == 0 ? 1e-9 : -1e-9
            }
            let j = (i + Int.random(in: 3..<(p.count - 2), using: &rng)) % p.count
            p[j] = mid
            return p
        case .spike:
            var p = integerLasso(Int.random(in: 100...400, using: &rng))
            let i = Int.random(in: 0..<p.count, using: &rng)
            let a = p[i]
            let b = p[(i + 1) % p.count]
            // Overshoot along the edge and come back: a collinear back-track.
            let factor = [2.0, 3.0, -1.0][Int(rng.next() % 3)]
            let tip = Point(a.x + (b.x - a.x) * factor, a.y + (b.y - a.y) * factor)
            p.insert(tip, at: i + 1)
            return p
        case .duplicatePoints:
            var p = lasso()
            for _ in 0..<5 {
                let i = Int.random(in: 0..<p.count, using: &rng)
                p.insert(p[i], at: i)  // consecutive duplicate: harmless
            }
            if rng.next() % 2 == 0 { p.append(p[0]) }  // explicit closing point
            if rng.next() % 2 == 0 {
                let i = Int.random(in: 0..<p.count, using: &rng)
                p.insert(p[i], at: (i + p.count / 2) % p.count)  // repeat far away: a pinch
            }
            return p
        case .integerGrid:
            let n = Int.random(in: 4...12, using: &rng)
            let size = Double(Int.random(in: 3...8, using: &rng))
            return (0..<n).map { _ in
                Point(Double(Int.random(in: 0...Int(size), using: &rng)), Double(Int.random(in: 0...Int(size), using: &rng)))
            }
        case .randomPolygon:
            let n = Int.random(in: 4...30, using: &rng)
            return (0..<n).map { _ in Point(Double.random(in: 0..<100, using: &rng), Double.random(in: 0..<100, using: &rng)) }
        case .hugeCoordinates:
            let scale = pow(2.0, Double(Int.random(in: 200...390, using: &rng))) / 4096
            return lasso(Int.random(in: 100...500, using: &rng)).map { Point($0.x * scale, $0.y * scale) }
        case .tinyCoordinates:
            let scale = pow(2.0, -Double(Int.random(in: 200...380, using: &rng)))
            return lasso(Int.random(in: 100...500, using: &rng)).map { Point($0.x * scale, $0.y * scale) }
        }
    }
}
