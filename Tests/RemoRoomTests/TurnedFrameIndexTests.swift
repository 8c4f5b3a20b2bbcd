import Foundation
import RemoGeometry
import RemoShapes
import Testing

@testable import RemoRoom

/// The fit's cheap filter over an outline of thousands of corners looks only at the
/// blocks of edges near the question (a fuzzed floor of 2,231 corners took 1.6 s per
/// shopping list when each position of the slow search passed over every corner); the
/// answers must be those of the pass over the whole outline.
@Suite("The cheap filter's outline index")
struct TurnedFrameIndexTests {
    @Test("inside the outline, and corners in a rectangle: the same answers through the blocks as over every edge")
    func sameAnswers() throws {
        var rng = SplitMix64(seed: 77)
        for round in 0..<6 {
            let count = [40, 700, 2_231, 5_000, 12_000, 30_000][round]
            let outline = try Ring(Shapes.lasso(count: count, center: Point(0, 0), radius: 3, seed: UInt64(round)))
            let frame = TurnedFrame(degrees: Double(round) * 17, outline: outline, obstacles: [])
            let ring = frame.ring[...]
            for _ in 0..<500 {
                let p = Point(Double.random(in: -4...4, using: &rng), Double.random(in: -4...4, using: &rng))
                #expect(frame.insideOutline(p) == TurnedFrame.inside(p, ring), "\(count) corners at \(p)")
                // Rectangles around p, some holding corners.
                let (w, h) = (Double.random(in: 0.01...1, using: &rng), Double.random(in: 0.01...1, using: &rng))
                let strictlyIn = { (q: Point) in q.x > p.x && q.x < p.x + w && q.y > p.y && q.y < p.y + h }
                let meets = { (b: BoundingBox) in b.max.x > p.x && b.min.x < p.x + w && b.max.y > p.y && b.min.y < p.y + h }
                let indexed = frame.ringBlocks.contains(blockWhere: meets) { edges in edges.contains { strictlyIn(frame.ring[$0]) } }
                #expect(indexed == frame.ring.contains(where: strictlyIn), "\(count) corners")
            }
        }
    }
}
