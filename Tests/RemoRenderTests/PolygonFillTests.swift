import Foundation
import RemoGeometry
import RemoImage
import RemoShapes
import Testing

@testable import RemoRender

/// The floor plan's polygon fill, row by row, against locating every pixel's centre
/// exactly.
@Suite("Polygon fill")
struct PolygonFillTests {
    /// The pixels whose centre the exact point location puts inside the ring or on it.
    static func located(_ polygon: [Point], width: Int, height: Int) throws -> [Bool] {
        let ring = try Ring(polygon)
        return (0..<(width * height)).map { i in
            ring.locate(Point(Double(i % width) + 0.5, Double(i / width) + 0.5)) != .outside
        }
    }

    static func filled(_ polygon: [Point], width: Int, height: Int) -> [Bool] {
        var painter = Painter(image: RGBAImage(width: width, height: height, fill: (0, 0, 0, 255)))
        painter.fill(polygon, colour: RGBA(255, 255, 255))
        return (0..<(width * height)).map { painter.image.pixels[$0 * 4] == 255 }
    }

    @Test(
        "lassos, rooms of many short steps, and polygons whose edges and corners lie on pixel centres or run along their rows: the same pixels as the exact location"
    )
    func sameAsExactLocation() throws {
        var rng = SplitMix64(seed: 61)
        let (width, height) = (64, 48)
        var (compared, boundaryCases) = (0, 0)
        for round in 0..<300 {
            let center = Point(Double.random(in: 10...54, using: &rng), Double.random(in: 10...38, using: &rng))
            var polygon: [Point]
            switch round % 3 {
            case 0:
                polygon = Shapes.lasso(
                    count: Int.random(in: 3...400, using: &rng), center: center, radius: Double.random(in: 2...30, using: &rng),
                    seed: rng.next())
            case 1:
                // Corners on pixel centres and whole numbers: edges along rows and through centres.
                polygon = (0..<Int.random(in: 3...12, using: &rng)).map { k in
                    let angle = Double(k) * 2 * .pi / 12 + Double.random(in: 0...0.4, using: &rng)
                    let r = Double.random(in: 3...20, using: &rng)
                    let half = Bool.random(using: &rng) ? 0.5 : 0
                    return Point((center.x + r * cos(angle)).rounded() + half, (center.y + r * sin(angle)).rounded() + half)
                }
                boundaryCases += 1
            default:
                // An axis-aligned staircase on pixel centres.
                var x = Double(Int.random(in: 2...10, using: &rng)) + 0.5
                var y = Double(Int.random(in: 2...10, using: &rng)) + 0.5
                polygon = [Point(x, y)]
                for _ in 0..<Int.random(in: 2...6, using: &rng) {
                    x += Double(Int.random(in: 1...8, using: &rng))
                    polygon.append(Point(x, y))
                    y += Double(Int.random(in: 1...6, using: &rng))
                    polygon.append(Point(x, y))
                }
                polygon.append(Point(polygon[0].x, y))
                boundaryCases += 1
            }
            guard let ring = try? Ring(polygon), ring.isSimple else { continue }
            #expect(
                Self.filled(polygon, width: width, height: height) == (try Self.located(polygon, width: width, height: height)),
                "round \(round): \(polygon)")
            compared += 1
        }
        #expect(compared > 200 && boundaryCases > 100, "compared \(compared)")
    }
}
