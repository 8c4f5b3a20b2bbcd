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
        // Exact but for the two pixels where the squares' outlines cross: there the overlap
        // is counted twice (overlapping regions are a finding of their own).
        #expect(result.pixels.allSatisfy { [[100, 80], [80, 100]].contains($0) }, "\(result.first)")
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
        "a grown lasso against GEOS buffer: pixels wholly in or out within 4 levels, boundary pixels within an eighth of a pixel, the area within 1 per 100 boundary pixels"
    )
    func grow() throws {
        var found: [String] = []
        for seed in UInt64(0)..<4 {
            let lasso = Shapes.lasso(count: 120, center: Point(80, 80), radius: 40, seed: seed)
            for distance in [2.5, 9.0] {
                var mask = CoverageMask(width: 160, height: 160, filling: [lasso])
                mask.grow([lasso], by: distance)
                // GEOS's arcs, 64 chords a quarter, are within 0.01 pixel of the circle.
                let grown = try GEOSGeometry.polygon(lasso).buffer(distance, quadrantSegments: 64)
                var (error, boundary, worst) = (0.0, 0, 0.0)
                for row in 0..<160 {
                    for column in 0..<160 {
                        let expected = try Self.share(grown, column, row) * 255
                        let value = Double(mask.values[row * 160 + column])
                        if expected == 0 || expected == 255 {
                            if (value - expected).magnitude > 4 {
                                found.append("seed \(seed), \(distance): (\(column), \(row)) \(value), GEOS \(expected)")
                            }
                        } else {
                            boundary += 1
                            error += (value - expected).magnitude
                            worst = Swift.max(worst, (value - expected).magnitude)
                        }
                    }
                }
                // The grown outline is arcs round the jittery lasso's corners: a half-plane
                // across a pixel is off from an arc of radius r by up to 1 / (8 r) of it.
                if worst > 32 || error / Double(boundary) > 3 {
                    found.append("seed \(seed), \(distance): worst \(worst), mean \(error / Double(boundary)) over \(boundary) pixels")
                }
                let total = mask.values.reduce(0.0) { $0 + Double($1) } / 255
                if (total - (try grown.area())).magnitude > Double(boundary) / 100 {
                    found.append("seed \(seed), \(distance): area \(total), GEOS \(try grown.area())")
                }
            }
        }
        #expect(found.isEmpty, "\(found.prefix(6))")
    }
}
