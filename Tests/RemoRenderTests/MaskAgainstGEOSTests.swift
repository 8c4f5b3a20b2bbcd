import RemoGEOS
import RemoGeometry
import RemoRender
import RemoShapes
import Testing

/// The masks' coverage held to GEOS: each pixel's value against the area of the
/// intersection of the region (or its buffer) with the pixel's square.
@Suite("Mask coverage against GEOS")
struct MaskTests {
    /// GEOS's share of pixel (`column`, `row`) inside `geometry`.
    static func share(_ geometry: GEOSGeometry, _ column: Int, _ row: Int) throws -> Double {
        let (x, y) = (Double(column), Double(row))
        let square = try GEOSGeometry.polygon([Point(x, y), Point(x + 1, y), Point(x + 1, y + 1), Point(x, y + 1)])
        return try geometry.intersection(square).area()
    }

    /// The box round `points`, `margin` wider on every side.
    static func box(around points: [Point], by margin: Double) -> BoundingBox {
        let box = BoundingBox(of: points)!
        return BoundingBox(min: Point(box.min.x - margin, box.min.y - margin), max: Point(box.max.x + margin, box.max.y + margin))
    }

    /// Every pixel of the box around `geometry` (one pixel wider) whose value is not GEOS's
    /// share, rounded, or that is further from it than `tolerance` (in 0–255 units).
    static func disagreements(_ mask: CoverageMask, _ geometry: GEOSGeometry, box: BoundingBox, tolerance: Double = 0.5 + 1e-6)
        throws -> (count: Int, checked: Int, worst: Double, first: [String], pixels: [[Int]])
    {
        var (count, checked, worst, first, pixels) = (0, 0, 0.0, [String](), [[Int]]())
        let columns = Swift.max(0, Int(box.min.x) - 1)...Swift.min(mask.width - 1, Int(box.max.x) + 1)
        let rows = Swift.max(0, Int(box.min.y) - 1)...Swift.min(mask.height - 1, Int(box.max.y) + 1)
        for row in rows {
            for column in columns {
                let expected = try share(geometry, column, row) * 255
                let value = Double(mask.values[row * mask.width + column])
                checked += 1
                worst = Swift.max(worst, (value - expected).magnitude)
                if (value - expected).magnitude > tolerance {
                    count += 1
                    pixels.append([column, row])
                    if first.count < 5 { first.append("(\(column), \(row)): \(value), GEOS \(expected)") }
                }
            }
        }
        return (count, checked, worst, first, pixels)
    }

    @Test("each pixel is the exact share of it inside the lasso, rounded: 12 seeded lassos, every pixel of their boxes")
    func exactCoverage() throws {
        var found: [String] = []
        var checked = 0
        for seed in UInt64(0)..<12 {
            var rng = SplitMix64(seed: seed)
            let centre = Point(Double.random(in: 60...100, using: &rng), Double.random(in: 60...100, using: &rng))
            let lasso = Shapes.lasso(count: 200 + Int(seed) * 20, center: centre, radius: 40, seed: seed)
            let mask = CoverageMask(width: 160, height: 160, filling: [lasso])
            let result = try Self.disagreements(mask, try GEOSGeometry.polygon(lasso), box: BoundingBox(of: lasso)!)
            checked += result.checked
            if result.count > 0 { found.append("seed \(seed): \(result.count) pixels, \(result.first)") }
            // Nothing outside the box.
            let box = BoundingBox(of: lasso)!
            for row in 0..<160 {
                for column in 0..<160 where mask.values[row * 160 + column] != 0 {
                    if Double(column) + 1 < box.min.x || Double(column) > box.max.x || Double(row) + 1 < box.min.y
                        || Double(row) > box.max.y
                    {
                        found.append("seed \(seed): (\(column), \(row)) is \(mask.values[row * 160 + column]) outside the lasso's box")
                    }
                }
            }
        }
        #expect(checked > 50_000)
        #expect(found.isEmpty, "\(found.prefix(6))")
    }

    @Test("regions cut by the frame, overlapping regions of opposite orientations, and a ring given clockwise")
    func frameAndOverlap() throws {
        // A lasso hanging over the top-left corner, and two overlapping squares drawn in
        // opposite senses: their union, not their difference.
        let corner = Shapes.lasso(count: 300, center: Point(10, 12), radius: 30, seed: 3)
        let a = [Point(60.3, 60.6), Point(100.2, 60.6), Point(100.2, 100.7), Point(60.3, 100.7)]
        let b = [Point(80.5, 80.25), Point(80.5, 120.75), Point(120.5, 120.75), Point(120.5, 80.25)]
        let mask = CoverageMask(width: 110, height: 115, filling: [corner, a, b])
        let union = try GEOSGeometry.polygon(a).union(GEOSGeometry.polygon(b)).union(GEOSGeometry.polygon(corner))
        let result = try Self.disagreements(mask, union, box: BoundingBox(min: Point(0, 0), max: Point(110, 115)))
        // Exact everywhere, the two pixels where the squares' outlines cross included.
        #expect(result.count == 0, "\(result.first)")
    }

    @Test("overlapping lassos and shapes sharing edges: every pixel the exact share of their union, rounded")
    func overlappingRegions() throws {
        var found: [String] = []
        for seed in UInt64(0)..<6 {
            var rng = SplitMix64(seed: seed)
            // Three jittery lassos whose outlines cross one another many times.
            let lassos = (0..<3).map { k in
                Shapes.lasso(
                    count: 150 + 30 * k, center: Point(70 + 22 * Double(k), 75 + Double.random(in: -12...12, using: &rng)),
                    radius: 38, seed: seed * 7 + UInt64(k))
            }
            let mask = CoverageMask(width: 170, height: 150, filling: lassos)
            let union = try lassos.dropFirst().reduce(try GEOSGeometry.polygon(lassos[0])) { try $0.union(GEOSGeometry.polygon($1)) }
            let result = try Self.disagreements(mask, union, box: BoundingBox(min: Point(0, 0), max: Point(170, 150)))
            if result.count > 0 { found.append("seed \(seed): \(result.count) pixels, \(result.first)") }
        }
        // Squares on the pixel grid: one sharing a side with another, run the same way
        // and the opposite way, and one inside another touching its sides.
        let shapes = [
            [Point(10, 10), Point(30, 10), Point(30, 30), Point(10, 30)],
            [Point(30, 10), Point(50, 10), Point(50, 30), Point(30, 30)],  // shares x = 30, opposite ways
            [Point(10, 30), Point(30, 30), Point(30, 50.5), Point(10, 50.5)],  // shares y = 30
            [Point(10, 10), Point(20, 10), Point(20, 20.25), Point(10, 20.25)],  // inside the first, along its sides
            [Point(40.5, 20), Point(60.5, 20), Point(60.5, 40), Point(40.5, 40)],  // overlaps the second across pixels
        ]
        let mask = CoverageMask(width: 70, height: 60, filling: shapes)
        let union = try shapes.dropFirst().reduce(try GEOSGeometry.polygon(shapes[0])) { try $0.union(GEOSGeometry.polygon($1)) }
        let result = try Self.disagreements(mask, union, box: BoundingBox(min: Point(0, 0), max: Point(70, 60)))
        if result.count > 0 { found.append("squares: \(result.count) pixels, \(result.first)") }
        #expect(found.isEmpty, "\(found.prefix(4))")
    }

    @Test("the sum of the values is the area within a pixel per hundred boundary pixels, on a 4032 × 3024 photo")
    func totalArea() throws {
        let lassos = (0..<3).map { k in
            Shapes.lasso(count: 500, center: Point(800 + 1200 * Double(k), 900 + 600 * Double(k)), radius: 450, seed: UInt64(k))
        }
        let mask = CoverageMask(width: 4032, height: 3024, filling: lassos)
        let total = mask.values.reduce(0.0) { $0 + Double($1) } / 255
        let area = try lassos.map { try GEOSGeometry.polygon($0).area() }.reduce(0, +)
        let boundary = mask.values.filter { $0 != 0 && $0 != 255 }.count
        #expect(boundary > 1_000)
        #expect((total - area).magnitude <= Double(boundary) / 100, "sum \(total), area \(area), \(boundary) boundary pixels")
    }

    @Test(
        "a grown lasso against GEOS buffer: every pixel the exact share of it inside the buffer, rounded, for growths under a pixel to nine"
    )
    func grow() throws {
        var found: [String] = []
        var (checked, boundary) = (0, 0)
        for seed in UInt64(0)..<4 {
            let lasso = Shapes.lasso(count: 120, center: Point(80, 80), radius: 40, seed: seed)
            for distance in [0.6, 2.5, 9.0] {
                var mask = CoverageMask(width: 160, height: 160, filling: [lasso])
                mask.grow([lasso], by: distance)
                // GEOS's arcs, 64 chords a quarter, fall short of the circle by under 1e-4 of
                // the radius: under 0.2 of a level in any pixel at these distances.
                let grown = try GEOSGeometry.polygon(lasso).buffer(distance, quadrantSegments: 64)
                let result = try Self.disagreements(mask, grown, box: Self.box(around: lasso, by: distance), tolerance: 0.7)
                checked += result.checked
                boundary += result.pixels.count
                if result.count > 0 { found.append("seed \(seed), \(distance): \(result.count) pixels, \(result.first)") }
            }
        }
        #expect(found.isEmpty, "\(found.prefix(6))")
        #expect(checked > 50_000)
    }

    @Test("two lassos a hair apart and a comb of thin teeth, grown: every pixel GEOS's share of the union of buffers, rounded")
    func growCloseShapes() throws {
        // Two squares 0.3 pixels apart, grown by 1.2 and 3: their growths merge between them.
        let left = [Point(20.2, 20.7), Point(50.1, 20.7), Point(50.1, 60.3), Point(20.2, 60.3)]
        let right = [Point(50.4, 25.1), Point(80.6, 25.1), Point(80.6, 55.9), Point(50.4, 55.9)]
        // A comb: teeth 1.5 pixels wide with gaps of 2.5, so growths fill the gaps and the
        // grown outline meets itself in creases.
        var comb = [Point(100.3, 20.2), Point(100.3, 70.8)]
        for k in 0..<8 {
            let x = 100.3 + Double(k) * 4
            comb += [Point(x + 1.5, 70.8), Point(x + 1.5, 40.4), Point(x + 4, 40.4), Point(x + 4, 70.8)]
        }
        comb += [Point(133.8, 70.8), Point(133.8, 20.2)]
        var found: [String] = []
        for distance in [0.4, 1.2, 3.0] {
            var mask = CoverageMask(width: 160, height: 100, filling: [left, right, comb])
            mask.grow([left, right, comb], by: distance)
            let union = try GEOSGeometry.polygon(left).buffer(distance, quadrantSegments: 64)
                .union(try GEOSGeometry.polygon(right).buffer(distance, quadrantSegments: 64))
                .union(try GEOSGeometry.polygon(comb).buffer(distance, quadrantSegments: 64))
            let box = Self.box(around: left + right + comb, by: distance)
            let result = try Self.disagreements(mask, union, box: box, tolerance: 0.7)
            if result.count > 0 { found.append("\(distance): \(result.count) pixels, \(result.first)") }
        }
        #expect(found.isEmpty, "\(found.prefix(6))")
    }
}
