import RemoGeometry
import RemoShapes
import Testing

@testable import RemoRoom

/// The maximal empty rectangles against a brute force over every rectangle with corners
/// on the half-unit grid the boxes are drawn on: with every coordinate on that grid,
/// a rectangle that can grow a little on some side can grow a whole step, so "maximal"
/// is decided by trying one step each way. Boxes are open: rectangles may touch them.
@Suite("Maximal empty rectangles against a brute force")
struct MaximalRectanglesTests {
    struct Rect: Hashable, CustomStringConvertible {
        var x0, y0, x1, y1: Double
        var description: String { "[\(x0), \(x1)] × [\(y0), \(y1)]" }
    }

    static func bruteForce(container c: BoundingBox, boxes: [BoundingBox], step: Double) -> Set<Rect> {
        // A box without area has no interior: it takes nothing.
        let boxes = boxes.filter { $0.width > 0 && $0.height > 0 }
        func empty(_ r: Rect) -> Bool {
            r.x0 >= c.min.x && r.x1 <= c.max.x && r.y0 >= c.min.y && r.y1 <= c.max.y
                && !boxes.contains { b in b.min.x < r.x1 && b.max.x > r.x0 && b.min.y < r.y1 && b.max.y > r.y0 }
        }
        let xs = Array(stride(from: c.min.x, through: c.max.x, by: step))
        let ys = Array(stride(from: c.min.y, through: c.max.y, by: step))
        var found: Set<Rect> = []
        for a in xs {
            for b in xs where b > a {
                for p in ys {
                    for q in ys where q > p {
                        let r = Rect(x0: a, y0: p, x1: b, y1: q)
                        guard empty(r) else { continue }
                        let grown = [
                            Rect(x0: a - step, y0: p, x1: b, y1: q), Rect(x0: a, y0: p, x1: b + step, y1: q),
                            Rect(x0: a, y0: p - step, x1: b, y1: q), Rect(x0: a, y0: p, x1: b, y1: q + step),
                        ]
                        if !grown.contains(where: empty) { found.insert(r) }
                    }
                }
            }
        }
        return found
    }

    static func found(container: BoundingBox, boxes: [BoundingBox]) -> [Rect] {
        var found: [Rect] = []
        let complete = MaximalRectangles(container: container, boxes: boxes).forEach(limit: .max) { e in
            found.append(Rect(x0: e.x, y0: e.y, x1: e.x + e.width, y1: e.y + e.height))
        }
        #expect(complete)
        return found
    }

    @Test("random boxes on a grid, touching, repeated, crossing the container's sides or outside it")
    func againstBruteForce() {
        var rng = SplitMix64(seed: 42)
        var total = 0
        for round in 0..<400 {
            let step = 0.5
            func coordinate(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &rng)) * step }
            let container = BoundingBox(
                min: Point(coordinate(-2...0), coordinate(-2...0)), max: Point(coordinate(4...9), coordinate(4...9)))
            var boxes: [BoundingBox] = []
            for _ in 0..<Int.random(in: 0...14, using: &rng) {
                // From outside the container to inside it; some empty, some repeated.
                let (x, y) = (coordinate(-4...9), coordinate(-4...9))
                let b = BoundingBox(min: Point(x, y), max: Point(x + coordinate(0...5), y + coordinate(0...5)))
                boxes.append(b)
                if Int.random(in: 0..<8, using: &rng) == 0 { boxes.append(b) }
            }
            let expected = Self.bruteForce(container: container, boxes: boxes, step: step)
            let got = Self.found(container: container, boxes: boxes)
            #expect(
                Set(got) == expected,
                "round \(round): \(boxes)\nmissing \(expected.subtracting(got))\nextra \(Set(got).subtracting(expected))")
            #expect(got.count == Set(got).count, "round \(round): a rectangle found twice")
            total += got.count
        }
        #expect(total > 1200)
    }

    @Test("an empty container is one rectangle; a box over all of it leaves none; the limit stops the search")
    func edges() {
        let box = BoundingBox(min: Point(0, 0), max: Point(3, 2))
        #expect(Self.found(container: box, boxes: []) == [Rect(x0: 0, y0: 0, x1: 3, y1: 2)])
        #expect(Self.found(container: box, boxes: [BoundingBox(min: Point(-1, -1), max: Point(4, 3))]).isEmpty)
        // A box in the middle leaves four.
        let middle = [BoundingBox(min: Point(1, 0.5), max: Point(2, 1.5))]
        #expect(Self.found(container: box, boxes: middle).count == 4)
        var seen = 0
        #expect(!MaximalRectangles(container: box, boxes: middle).forEach(limit: 3) { _ in seen += 1 })
        #expect(seen == 3)
    }
}
