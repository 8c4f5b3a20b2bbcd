import RemoGeometry
import Testing

@Suite("Ring normalisation, area and orientation")
struct RingTests {
    @Test("consecutive duplicates and the closing point are dropped; indices map back to the input")
    func normalisation() throws {
        let ring = try Ring([Point(0, 0), Point(0, 0), Point(10, 0), Point(10, 10), Point(10, 10), Point(0, 10), Point(0, 0)])
        #expect(ring.vertices == [Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)])
        #expect(ring.inputIndices == [0, 2, 3, 5])
    }

    @Test("a ring that is only duplicates collapses to one point and is too small")
    func collapsed() throws {
        let ring = try Ring([Point(1, 1), Point(1, 1), Point(1, 1)])
        #expect(ring.count == 1)
        #expect(ring.simplicity() == .tooFewPoints)
        #expect(try Ring([Point(1, 1), Point(2, 2), Point(1, 1)]).simplicity() == .tooFewPoints)
        #expect(try Ring([]).simplicity() == .tooFewPoints)
    }

    @Test(
        "NaN, infinities and out-of-range coordinates are rejected with the point's index",
        arguments: [
            (Double.nan, CoordinateProblem.notANumber), (.infinity, .infinite), (-.infinity, .infinite),
            (1e200, .tooLarge), (1e-200, .tooSmall), (-1e-150, .tooSmall),
        ])
    func rejection(value: Double, problem: CoordinateProblem) {
        #expect(throws: RingError.invalidCoordinate(index: 2, axis: .y, problem: problem)) {
            try Ring([Point(0, 0), Point(1, 0), Point(1, value), Point(0, 1)])
        }
    }

    @Test("the accepted range's edges are accepted")
    func rangeEdges() throws {
        _ = try Ring([Point(0, 0), Point(0x1p400, 0), Point(0, -0x1p400), Point(0x1p-400, 0)])
    }

    @Test("area is absolute; orientation is as seen on screen with y down")
    func areaAndOrientation() throws {
        // Right, then down, then left on screen: clockwise.
        let clockwise = try Ring([Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)])
        #expect(clockwise.area == 100)
        #expect(clockwise.orientation == .clockwise)
        let counter = try Ring(clockwise.vertices.reversed())
        #expect(counter.area == 100)
        #expect(counter.orientation == .counterclockwise)
        let triangle = try Ring([Point(0, 0), Point(4, 0), Point(0, 3)])
        #expect(triangle.area == 6)
        #expect(try Ring([Point(0, 0), Point(1, 1), Point(2, 2)]).orientation == .degenerate)
    }

    @Test("area keeps its digits far from the origin")
    func shiftedOrigin() throws {
        let offset = 1e9
        let ring = try Ring([Point(offset, offset), Point(offset + 1, offset), Point(offset + 1, offset + 1), Point(offset, offset + 1)])
        #expect(ring.area == 1)
    }
}
