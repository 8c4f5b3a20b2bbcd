import RemoGEOS
import RemoGeometry
import RemoShapes
import Testing

@testable import RemoLasso

@Suite("Chip placement")
struct ChipTests {
    /// Every hard constraint, checked with plain distances and with GEOS `distance`.
    static func checkConstraints(_ document: RegionDocument, _ chips: [Chip], warnings: [Finding]) throws {
        let gap = ChipPlacer.gapInPoints * document.scale
        let warned = Set(warnings.map(\.region))
        for chip in chips where !warned.contains(chip.region) {
            let c = chip.center
            let r = chip.radius
            #expect(
                c.x - r >= 0 && c.x + r <= document.image.width && c.y - r >= 0 && c.y + r <= document.image.height,
                "chip \(chip.region) off the canvas")
            for other in chips where other.region != chip.region {
                let d = ((c.x - other.center.x) * (c.x - other.center.x) + (c.y - other.center.y) * (c.y - other.center.y)).squareRoot()
                #expect(d >= 2 * r + gap - 1e-9, "chips \(chip.region) and \(other.region) too close")
            }
            let point = try GEOSGeometry.point(c)
            for region in document.regions {
                let ring = try Ring(region.points)
                #expect(ring.locate(c) == .outside, "chip \(chip.region) inside region \(region.id)")
                let distance = try point.distance(to: GEOSGeometry.polygon(region.points))
                #expect(distance >= r + gap - 1e-9, "chip \(chip.region) \(distance) from region \(region.id)")
            }
        }
    }

    @Test("seeded layouts of 1–3 lassos near edges and corners of small and large canvases meet every constraint")
    func seededLayouts() throws {
        var rng = SplitMix64(seed: 31)
        var placedLegally = 0
        var warnedCount = 0
        for layout in 0..<300 {
            let (w, h, scale): (Double, Double, Double) = [(1024, 1024, 1.0), (4032, 3024, 3.0), (400, 300, 1.0)][layout % 3]
            var regions: [Region] = []
            for i in 0..<Int.random(in: 1...3, using: &rng) {
                let r = Double.random(in: 0.05...0.2, using: &rng) * min(w, h)
                // Centres near the edges and corners as often as not.
                let cx =
                    Bool.random(using: &rng) ? [r + 2, w - r - 2].randomElement(using: &rng)! : Double.random(in: r...(w - r), using: &rng)
                let cy =
                    Bool.random(using: &rng) ? [r + 2, h - r - 2].randomElement(using: &rng)! : Double.random(in: r...(h - r), using: &rng)
                let points = Shapes.lasso(count: 120, center: Point(cx, cy), radius: r * 0.85, seed: rng.next())
                regions.append(Region(id: "r\(i)", number: i + 1, points: points))
            }
            let document = RegionDocument(image: ImageSize(width: w, height: h), scale: scale, regions: regions)
            let (chips, warnings) = ChipPlacer().place(document)
            #expect(chips.count == regions.count)
            try Self.checkConstraints(document, chips, warnings: warnings)
            placedLegally += chips.count - warnings.count
            warnedCount += warnings.count
        }
        #expect(placedLegally > 400)
    }

    @Test("the preferred place is the top-right corner plus one radius right and up")
    func preferred() {
        let document = RegionDocument(
            image: ImageSize(width: 1000, height: 800), regions: [Region(id: "a", number: 1, points: ValidatorTests.square(100, 200, 300))])
        let (chips, warnings) = ChipPlacer().place(document)
        #expect(warnings.isEmpty)
        #expect(chips == [Chip(region: "a", number: 1, center: Point(412, 188), radius: 12)])
    }

    @Test("placement does not depend on the order of regions in the file")
    func orderIndependent() {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<50 {
            let regions = (0..<3).map { i in
                Region(
                    id: "r\(i)", number: i + 1,
                    points: Shapes.lasso(
                        count: 60, center: Point(Double.random(in: 100...900, using: &rng), Double.random(in: 100...700, using: &rng)),
                        radius: 80,
                        seed: rng.next()))
            }
            let a = ChipPlacer().place(RegionDocument(image: ImageSize(width: 1000, height: 800), regions: regions)).chips
            let b = ChipPlacer().place(RegionDocument(image: ImageSize(width: 1000, height: 800), regions: regions.reversed())).chips
            #expect(Set(a) == Set(b))
        }
    }

    @Test("moving one region leaves the other chips where they are while still legal")
    func stable() {
        let a = Region(id: "a", number: 1, points: ValidatorTests.square(100, 100, 200))
        var b = Region(id: "b", number: 2, points: ValidatorTests.square(600, 400, 200))
        // c sits where b's preferred chip would go, so b's chip starts elsewhere.
        let c = Region(id: "c", number: 3, points: ValidatorTests.square(800, 340, 60))
        let first = ChipPlacer().place(RegionDocument(image: ImageSize(width: 1000, height: 800), regions: [a, b, c])).chips
        b.points = b.points.map { Point($0.x - 20, $0.y + 20) }
        let previous = Dictionary(uniqueKeysWithValues: first.map { ($0.region, $0.center) })
        let second = ChipPlacer().place(RegionDocument(image: ImageSize(width: 1000, height: 800), regions: [a, b, c]), previous: previous)
            .chips
        #expect(second.first { $0.region == "a" }?.center == first.first { $0.region == "a" }?.center)
        #expect(second.first { $0.region == "c" }?.center == first.first { $0.region == "c" }?.center)
    }

    @Test("when nothing is legal, the chip is placed anyway with a chip-unplaceable warning")
    func unplaceable() {
        // A region that fills the canvas: no room anywhere.
        let document = RegionDocument(
            image: ImageSize(width: 100, height: 100), regions: [Region(id: "all", number: 1, points: ValidatorTests.square(1, 1, 98))])
        let (chips, warnings) = ChipPlacer().place(document)
        #expect(chips.count == 1)
        #expect(warnings.map(\.code) == [.chipUnplaceable])
        #expect(warnings.first?.region == "all")
        #expect(LassoValidator().validate(document).valid)  // a warning, not an error
    }

    @Test("distances through edge blocks equal the plain loop over every edge, inside and out, closed and open (seeded)")
    func edgeBlocks() throws {
        var rng = SplitMix64(seed: 21)
        for round in 0..<60 {
            let center = Point(Double.random(in: 0...400, using: &rng), Double.random(in: 0...400, using: &rng))
            let points =
                round % 3 == 2
                ? Shapes.comb(count: 1200, length: 300, toothHeight: 0.5).map { Point($0.x + center.x, $0.y + center.y) }
                : Shapes.lasso(count: Int.random(in: 1024...3000, using: &rng), center: center, radius: 120, seed: rng.next())
            // Closed rings, and open outlines (no ring could be built) of the same points.
            let obstacle = round % 4 == 1 ? Obstacle(ring: nil, fallback: points) : Obstacle(ring: try Ring(points))
            #expect(obstacle.blocks != nil)
            var plain = obstacle
            plain.blocks = nil
            for _ in 0..<40 {
                let p = Point(center.x + Double.random(in: -250...250, using: &rng), center.y + Double.random(in: -250...250, using: &rng))
                let clearance = Double.random(in: 0...400, using: &rng)
                let full = plain.signedDistance(p, clearance: clearance)
                #expect(obstacle.signedDistance(p, clearance: clearance) == full, "round \(round) at \(p)")
                // Cut short below a bound: exact above it, at most it otherwise.
                let bound = full - clearance + Double.random(in: -30...30, using: &rng)
                let cut = obstacle.signedDistance(p, clearance: clearance, unlessAtMost: bound)
                #expect(cut - clearance > bound ? cut == full : full <= cut && cut - clearance <= bound, "round \(round) at \(p)")
            }
        }
    }

    @Test("a candidate's slack, cut short once it cannot beat a bound, is exact whenever it is above the bound (seeded)")
    func slackBound() throws {
        var rng = SplitMix64(seed: 12)
        for _ in 0..<300 {
            let obstacles = try (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                Obstacle(
                    ring: try Ring(
                        Shapes.lasso(
                            count: 40, center: Point(Double.random(in: 0...200, using: &rng), Double.random(in: 0...200, using: &rng)),
                            radius: Double.random(in: 5...80, using: &rng), seed: rng.next())))
            }
            let field = Field(width: 200, height: 200, radius: 12, gap: 4, obstacles: obstacles)
            let chips = (0..<Int.random(in: 0...2, using: &rng)).map { _ in
                Point(Double.random(in: 0...200, using: &rng), Double.random(in: 0...200, using: &rng))
            }
            for _ in 0..<20 {
                // Candidates on and far off the canvas, bounds around the answers.
                let c = Point(Double.random(in: -300...500, using: &rng), Double.random(in: -300...500, using: &rng))
                let full = field.slack(c, chips: chips)
                let bound = full + Double.random(in: -50...50, using: &rng)
                let cut = field.slack(c, chips: chips, unlessAtMost: bound)
                #expect(cut > bound ? cut == full : full <= cut && cut <= bound)
            }
        }
    }

    @Test("a region reaching 7.8e30 px (off a small canvas): both chips placed, every constraint met (found by the region fuzzer)")
    func farFlungRegion() throws {
        var points = Shapes.lasso(count: 90, center: Point(500, 550), radius: 80, seed: 5)
        points[29] = Point(7.777777777777777e+30, 588.93)
        let document = RegionDocument(
            image: ImageSize(width: 1024, height: 768),
            regions: [
                Region(id: "sofa", number: 1, points: points),
                Region(id: "cushion", number: 2, points: Shapes.lasso(count: 90, center: Point(460, 420), radius: 40, seed: 6)),
            ])
        let (chips, warnings) = ChipPlacer().place(document)
        #expect(chips.map(\.region) == ["sofa", "cushion"])
        // Every constraint met: no chip-unplaceable warning exempts a chip from the check.
        #expect(warnings.isEmpty, "\(warnings.map(\.message))")
        try Self.checkConstraints(document, chips, warnings: warnings)
    }

    @Test("edits keep numbers 1…n in list order")
    func edits() {
        var document = RegionDocument(
            image: ImageSize(width: 1000, height: 800),
            regions: ["a", "b", "c"].enumerated().map {
                Region(id: $1, number: $0 + 1, points: ValidatorTests.square(Double($0) * 300 + 10, 100, 200))
            })
        let moved = document.moveRegion(id: "c", to: 0)
        #expect(moved)
        #expect(document.regions.map(\.id) == ["c", "a", "b"] && document.regions.map(\.number) == [1, 2, 3])
        let deleted = document.deleteRegion(id: "a")
        #expect(deleted)
        #expect(document.regions.map(\.id) == ["c", "b"] && document.regions.map(\.number) == [1, 2])
        let deletedMissing = document.deleteRegion(id: "zzz")
        #expect(!deletedMissing)
        let chips = ChipPlacer().place(document).chips
        #expect(chips.map(\.number) == [1, 2])
    }
}
