import RemoShapes
import Testing

@testable import RemoGeometry

/// The sweep's O(*n* log *n*) worst case, shown by counting its work rather than timing
/// it: the steps of its neighbour walks and its comparisons of chains, on shapes of
/// growing size that make it work hardest.
@Suite("The sweep's work grows as n log n")
struct SweepWorkTests {
    /// Examines nothing and never stops the sweep: all the work is done.
    struct Watcher: ChainSweepExaminer {
        mutating func examine(_ a: Int, _ b: Int) -> Bool { false }
        mutating func examineEvents(at q: Point, vertices: [Int32]) -> Bool { false }
    }

    /// The sweep's steps and comparisons on the ring `points`.
    static func work(_ points: [Point]) throws -> (steps: Int, comparisons: Int) {
        let ring = try Ring(points)
        var sweep = ChainSweep(chains: MonotoneChains<AlongX>(ring.closedVertices), examiner: Watcher())
        _ = sweep.run()
        return (sweep.steps, sweep.comparisons)
    }

    /// The shape `name` with `n` vertices.
    static func shape(_ name: String, _ n: Int) -> [Point] {
        switch name {
        // Every tooth a chain across the sweep line at once: the status is as deep as can be.
        case "comb": Shapes.comb(count: n)
        // The teeth along y: two long chains whose walks meet every tooth.
        case "comb along y": Shapes.comb(count: n).map { Point($0.y, $0.x) }
        // A finger's lasso, jittery: many short chains in no order.
        default: Shapes.lasso(count: n, seed: 7)
        }
    }

    @Test("steps and comparisons per n log₂ n stay level from 1,024 to 65,536 vertices", arguments: ["comb", "comb along y", "lasso"])
    func growth(_ shape: String) throws {
        var perNLogN: [Double] = []
        for n in [1 << 10, 1 << 12, 1 << 14, 1 << 16] {
            let (steps, comparisons) = try Self.work(Self.shape(shape, n))
            let scale = Double(n) * Double(n.trailingZeroBitCount)
            perNLogN.append(Double(steps + comparisons) / scale)
            // The walks alone are linear: each segment is walked O(1) times per neighbour.
            #expect(steps <= 4 * n, "\(shape), n = \(n): \(steps) steps")
        }
        print("sweep work per n log₂ n, \(shape): \(perNLogN.map { ($0 * 1000).rounded() / 1000 })")
        // n log n keeps the ratio level (it falls, with the walks' linear part); n² would
        // multiply it by 64 over these sizes, n^1.5 by 8.
        #expect(perNLogN.last! <= 1.25 * perNLogN.first!, "\(shape): \(perNLogN)")
        #expect(perNLogN.allSatisfy { $0 < 2 }, "\(shape): \(perNLogN)")
    }
}
