import RemoGeometry
import Testing

@Suite("Segment intersection")
struct SegmentIntersectionTests {
    static func s(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Segment { Segment(Point(a, b), Point(c, d)) }

    @Test("crossing, touching, overlapping and disjoint cases")
    func classification() {
        #expect(SegmentIntersection.classify(Self.s(0, 0, 10, 10), Self.s(0, 10, 10, 0)) == .crossing(at: Point(5, 5)))
        #expect(SegmentIntersection.classify(Self.s(0, 0, 10, 0), Self.s(5, 0, 5, 5)) == .touching(at: Point(5, 0)))
        #expect(SegmentIntersection.classify(Self.s(0, 0, 10, 0), Self.s(10, 0, 20, 5)) == .touching(at: Point(10, 0)))
        #expect(SegmentIntersection.classify(Self.s(0, 0, 10, 0), Self.s(5, 0, 20, 0)) == .overlapping(from: Point(5, 0), to: Point(10, 0)))
        #expect(SegmentIntersection.classify(Self.s(0, 0, 10, 0), Self.s(10, 0, 20, 0)) == .touching(at: Point(10, 0)))
        #expect(SegmentIntersection.classify(Self.s(0, 0, 10, 0), Self.s(11, 0, 20, 0)) == .disjoint)
        #expect(SegmentIntersection.classify(Self.s(0, 0, 10, 0), Self.s(0, 1, 10, 1)) == .disjoint)
        #expect(SegmentIntersection.classify(Self.s(0, 0, 10, 10), Self.s(6, 5, 20, 5)) == .disjoint)
        // Vertical collinear overlap.
        #expect(SegmentIntersection.classify(Self.s(3, 0, 3, 10), Self.s(3, 12, 3, 4)) == .overlapping(from: Point(3, 4), to: Point(3, 10)))
    }

    @Test("a vertex a hair's breadth off an edge is not on it")
    func nearMiss() {
        let edge = Self.s(0, 0, 3, 1)
        let onLine = Point(1.5, 0.5)  // exactly representable midpoint
        #expect(edge.contains(onLine))
        let off = Point(1.5, 0.5.nextUp)
        #expect(!edge.contains(off))
        #expect(SegmentIntersection.classify(edge, Segment(off, Point(1.5, 2))) == .disjoint)
        #expect(SegmentIntersection.classify(edge, Segment(Point(1.5, 0.5.nextDown), Point(1.5, 2))).meets)
    }
}
