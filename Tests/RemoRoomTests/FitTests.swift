import Foundation
import Synchronization
import RemoGEOS
import RemoGeometry
import RemoRoom
import RemoShapes
import RemoTestSupport
import Testing

@Suite("Fit badges")
struct FitTests {
    static func sample(_ name: String) throws -> Room {
        let bytes = try [UInt8](Data(contentsOf: Repository.url("SampleScans/rooms/\(name)")))
        return try #require(try RoomScan.decode(bytes).rooms.first)
    }

    static func products() throws -> [Product] {
        try ShoppingList.decode(
            [UInt8](Data(contentsOf: Repository.url("SampleScans/rooms/shopping-list.json"))))
    }

    /// GEOS's word on a witness: the outline covers the cleared footprint, and no
    /// floor-standing piece of furniture (nor door zone) shares its interior.
    static func confirm(_ placement: FitPlacement, in room: Room, removing: Set<String> = []) throws {
        let rectangle = try GEOSGeometry.polygon(placement.clearedFootprint)
        let matrix = Array(try rectangle.relate(GEOSGeometry.polygon(room.floorOutline)))
        #expect(matrix[2] == "F" && matrix[5] == "F", "the witness leaves the floor: \(String(matrix))")
        for object in room.objects where object.floorStanding && !removing.contains(object.category) {
            let m = try rectangle.relate(GEOSGeometry.polygon(object.footprint))
            #expect(m.first == "F", "the witness overlaps the \(object.category)")
        }
        for zone in try doorZones(of: room) {
            let m = try rectangle.relate(GEOSGeometry.polygon(zone))
            #expect(m.first == "F", "the witness stands in a door's clear zone \(zone)")
        }
        // And the exact check of the library, on the same corners.
        let outline = try Ring(room.floorOutline)
        #expect(FitChecker.fits(placement.clearedFootprint, in: outline, avoiding: []))
    }

    /// The clear zone inside each placed door and opening, found here without the
    /// checker: as wide as the doorway, ``Clearance/doorZone`` deep, on the side where
    /// GEOS finds more of it on the floor.
    static func doorZones(of room: Room) throws -> [[Point]] {
        let floor = try GEOSGeometry.polygon(room.floorOutline)
        let doorways =
            room.doors.compactMap { door in door.center.map { ($0, door.direction, door.width) } }
            + room.openings.compactMap { opening in opening.center.map { ($0, opening.direction, opening.width) } }
        return try doorways.map { center, along, width in
            let across = Point(-along.y, along.x)
            func zone(_ side: Double) -> [Point] {
                let (h, d) = (width / 2, Clearance.doorZone * side)
                return [
                    Point(center.x - along.x * h, center.y - along.y * h), Point(center.x + along.x * h, center.y + along.y * h),
                    Point(center.x + along.x * h + across.x * d, center.y + along.y * h + across.y * d),
                    Point(center.x - along.x * h + across.x * d, center.y - along.y * h + across.y * d),
                ]
            }
            let (left, right) = (zone(1), zone(-1))
            let onFloor = { (zone: [Point]) throws -> Double in try GEOSGeometry.polygon(zone).intersection(floor).area() }
            return try onFloor(left) >= onFloor(right) ? left : right
        }
    }

    @Test("the sample list gives the badges its names promise in the living room, each fit with a confirmed witness")
    func livingRoom() throws {
        let room = try Self.sample("living-room.json")
        let results = Dictionary(uniqueKeysWithValues: try Self.products().map { ($0.id, FitChecker(room: room).check($0)) })
        #expect(results["armchair"]?.badge == .fits)
        #expect(results["big-sofa"]?.badge == .tight)
        #expect(results["wardrobe"]?.badge == .doesNotFit)
        #expect(results["wardrobe"]?.reasons.contains { $0.code == "door-passage" && $0.message.contains("does not pass") } == true)
        #expect(results["mystery-lamp"]?.badge == .unknown)
        #expect(results["mystery-lamp"]?.reasons.map(\.code) == ["missing-dimensions"])
        // One reason per check, in order, as a collection.
        let armchair = try #require(results["armchair"]?.reasons)
        #expect(armchair.count == 3 && Array(armchair).map(\.code) == ["ceiling-height", "door-passage", "floor-space"])
        #expect(armchair.indices == 0..<3 && armchair.last?.code == "floor-space" && armchair.reversed().first == armchair[2])
        for result in results.values where result.badge == .fits || result.badge == .tight {
            let placement = try #require(result.placement, "\(result.id) fits without a witness")
            try Self.confirm(placement, in: room)
        }
    }

    @Test(
        "RoomDimensions doors: placed on the nearest wall when given a position, where their clear zone then blocks; without one, nowhere and no zone"
    )
    func roomDimensionsDoors() throws {
        // A 4 × 3 m room centred on the origin, as RoomPlan's coordinates usually are.
        func room(door position: String?) throws -> Room {
            let at = position.map { #", "position": \#($0)"# } ?? ""
            let text = #"""
                {"ceilingHeight": 2.4, "walls": [
                   {"length": 4, "height": 2.4, "position": [0, 1.2, -1.5], "normal": [0, 0, 1]},
                   {"length": 3, "height": 2.4, "position": [2, 1.2, 0], "normal": [-1, 0, 0]},
                   {"length": 4, "height": 2.4, "position": [0, 1.2, 1.5], "normal": [0, 0, -1]},
                   {"length": 3, "height": 2.4, "position": [-2, 1.2, 0], "normal": [1, 0, 0]}],
                 "openings": [{"type": "door", "width": 0.9, "height": 2.0\#(at)}]}
                """#
            return try #require(try RoomScan.decode(Array(text.utf8)).rooms.first)
        }
        // A bed whose least box (2.52 × 2.9 m) crosses the middle of the room however it stands.
        let bed = Product(id: "bed", category: "bed", width: 1.6, depth: 2.9, height: 0.5)
        let nowhere = try room(door: nil)
        #expect(nowhere.doors.count == 1 && nowhere.doors[0].center == nil)
        // Without a position there is no clear zone (it was put at the origin, in the
        // middle of this room, and blocked the bed).
        let free = FitChecker(room: nowhere).check(bed)
        #expect(free.badge == .fits || free.badge == .tight)
        try Self.confirm(try #require(free.placement), in: nowhere)

        // In the middle of the far wall: its zone takes the strip every placement crosses.
        let far = try room(door: "{\"x\": 0.1, \"y\": 1, \"z\": 1.45}")
        let door = try #require(far.doors.first)
        let center = try #require(door.center)
        #expect(door.wall == 2 && abs(center.x - 0.1) < 1e-12 && center.y == 1.5)
        #expect(abs(door.direction.y) == 0 && abs(door.direction.x) == 1)
        let blocked = FitChecker(room: far).check(bed)
        #expect(blocked.badge == .doesNotFit)
        #expect(blocked.reasons.contains { $0.code == "floor-space" && $0.message.contains("no place") })

        // In the middle of a short wall: the bed fits beside its zone, clear of it.
        let side = try room(door: "[-1.9, 1, 0]")
        let sideDoor = try #require(side.doors.first)
        #expect(sideDoor.wall == 3 && sideDoor.center == Point(-2, 0))
        let beside = FitChecker(room: side).check(bed)
        let placement = try #require(beside.placement)
        try Self.confirm(placement, in: side)
        let zone = try GEOSGeometry.polygon([Point(-2, -0.45), Point(-1.4, -0.45), Point(-1.4, 0.45), Point(-2, 0.45)])
        #expect(try GEOSGeometry.polygon(placement.clearedFootprint).relate(zone).first == "F")
    }

    @Test("a piece narrow enough for the door but too long to stand up in it is named by its long side")
    func tooTallForTheDoor() throws {
        let room = try Self.sample("living-room.json")
        let panel = Product(id: "panel", category: "storage", width: 2.9, depth: 0.05, height: 2.4)
        let result = FitChecker(room: room).check(panel)
        #expect(result.badge == .doesNotFit)
        let sentence = try #require(result.reasons.first { $0.code == "door-passage" }?.message)
        #expect(
            sentence
                == "its smallest side, 0.05 m, passes the widest door (0.85 m clear), but its next side, 2.40 m, is over its 2.03 m height")
    }

    @Test("the narrow bedroom door stops pieces that fit its floor")
    func narrowDoor() throws {
        let room = try Self.sample("bedroom-narrow-door.json")
        let armchair = try #require(try Self.products().first { $0.id == "armchair" })
        let result = FitChecker(room: room).check(armchair)
        #expect(result.badge == .doesNotFit)
        #expect(result.reasons.contains { $0.code == "door-passage" && $0.message.contains("0.65 m clear") })
        #expect(result.reasons.contains { $0.code == "floor-space" && $0.message.contains("fits at") })
    }

    @Test("a list whose sizes are written as retailers write them gets the badges of the same list in numbers")
    func dimensionsText() throws {
        let room = try Self.sample("living-room.json")
        let checker = FitChecker(room: room)
        let numbers = try Self.products().map(checker.check)
        let texts = try ShoppingList.decode(try Repository.bytes("SampleScans/rooms/shopping-list-texts.json")).map(checker.check)
        #expect(numbers.map(\.badge) == texts.map(\.badge))
        #expect(numbers.map { $0.reasons.map(\.code) } == texts.map { $0.reasons.map(\.code) })
        #expect(Set(numbers.map(\.badge)).count >= 3, "the list covers several badges: \(numbers.map(\.badge))")
        // The lamp's text gives only its height, as its numbers do: unknown.
        #expect(texts.last?.badge == .unknown && texts.last?.reasons.first?.code == "missing-dimensions")
    }

    @Test("an unlabelled size is used and said to be inferred; numbers win over the text, dimension by dimension; no size, no badge")
    func dimensionsTextRules() throws {
        let room = try Self.sample("living-room.json")
        let checker = FitChecker(room: room)
        let numbers = checker.check(Product(id: "a", category: "chair", width: 0.75, depth: 0.82, height: 0.88))
        let ordered = checker.check(
            Product(id: "a", category: "chair", width: nil, depth: nil, height: nil, dimensions: DimensionsReader.read("75 x 82 x 88 cm")))
        #expect(ordered.badge == numbers.badge)
        #expect(ordered.reasons.map(\.code) == ["dimensions-inferred"] + numbers.reasons.map(\.code))
        #expect(ordered.reasons.first?.message.contains("0.75 × 0.82 × 0.88 m") == true)
        // The width's number wins; the others come from the text.
        let mixed = Product(
            id: "b", width: 1.0, depth: nil, height: nil, unit: .metres, dimensions: DimensionsReader.read("W 2 m x D 0.5 m x H 0.4 m"))
        #expect(mixed.metres.map { [$0.width, $0.depth, $0.height] } == [1.0, 0.5, 0.4])
        #expect(!mixed.usesInferredDimensions)
        // A number that is not a length does not hide the text's.
        let zero = Product(id: "c", width: 0, depth: 0.5, height: 0.4, dimensions: DimensionsReader.read("W 90 cm"))
        #expect(zero.metres?.width == 0.9)
        // A text that says no size: unknown, missing every dimension.
        let none = checker.check(
            Product(id: "d", width: nil, depth: nil, height: nil, dimensions: DimensionsReader.read("Beautiful velvet sofa")))
        #expect(none.badge == .unknown && none.reasons.map(\.code) == ["missing-dimensions"])
        // A text that is not a string is a list error naming it.
        #expect(throws: ShoppingListError.self) { try ShoppingList.decode(Array(#"{"items": [{"id": "x", "dimensions": 3}]}"#.utf8)) }
        do {
            _ = try ShoppingList.decode(Array(#"{"items": [{"id": "x", "dimensions": 3}]}"#.utf8))
        } catch {
            #expect(error.message.contains("items[0].dimensions"))
        }
    }

    @Test("without a scan every badge is unknown; units convert; removed furniture frees its floor")
    func options() throws {
        let products = try Self.products()
        #expect(products.map { FitChecker(room: nil).check($0).badge } == [.unknown, .unknown, .unknown, .unknown])
        #expect(FitChecker(room: nil).check(products[0]).reasons.first?.code == "no-scan")
        let inches = Product(id: "x", width: 30, depth: 32, height: 34, unit: .inches)
        #expect(abs((inches.metres?.width ?? 0) - 0.762) < 1e-12)
        // A sofa as big as the free floor allows only when the old sofa goes.
        let room = try Self.sample("living-room.json")
        let huge = Product(id: "huge", category: "sofa", width: 4.9, depth: 1.0, height: 0.7)
        let kept = FitChecker(room: room).check(huge)
        let replaced = FitChecker(room: room, removing: ["sofa", "table"]).check(huge)
        #expect(kept.badge == .doesNotFit)
        #expect(replaced.badge != .doesNotFit)
        if let placement = replaced.placement { try Self.confirm(placement, in: room, removing: ["sofa", "table"]) }
        // Names are matched ignoring case, by category or identifier; a name that matches
        // nothing removes nothing.
        #expect(FitChecker(room: room, removing: ["Sofa", "TABLE"]).check(huge) == replaced)
        let table = try #require(room.objects.first { $0.category == "table" })
        #expect(table.isNamed("table") && table.isNamed("Table") && table.isNamed(table.identifier.lowercased()))
        #expect(!table.isNamed("tables") && !table.isNamed("tablf") && !table.isNamed(""))
        #expect(FitChecker(room: room, removing: ["sofas", "tablf"]).check(huge) == kept)
    }

    @Test(
        "in every real export, the sample list and 50 seeded products: each fitting badge has a witness GEOS confirms",
        TestData.needs(.roomplan))
    func realExports() throws {
        var rng = SplitMix64(seed: 5)
        let categories = ["sofa", "bed", "dining table", "chair", "storage", "desk", "lamp", "coffee table"]
        let seeded = (0..<50).map { i in
            Product(
                id: "p\(i)", category: categories[i % categories.count], width: Double.random(in: 0.4...2.6, using: &rng),
                depth: Double.random(in: 0.4...2.2, using: &rng), height: Double.random(in: 0.4...2.2, using: &rng))
        }
        var (fitting, notFitting) = (0, 0)
        for reference in RealExportTests.references {
            let room = try #require(try RoomScan.decode(RealExportTests.load(reference.file)).rooms.first)
            let checker = FitChecker(room: room)
            for product in try Self.products() + seeded {
                let result = checker.check(product)
                guard result.badge == .fits || result.badge == .tight else {
                    if result.badge == .doesNotFit { notFitting += 1 }
                    continue
                }
                fitting += 1
                try Self.confirm(try #require(result.placement, "\(reference.file): \(product.id)"), in: room)
            }
        }
        #expect(fitting > 100 && notFitting > 50, "fitting \(fitting), not fitting \(notFitting)")
    }

    @Test(
        "one checker shared by threads, each checking the list from its own end (its free rectangles found by whichever needs them first): the same badges and witnesses as alone",
        TestData.needs(.roomplan),
        arguments: ["BartVerbier_BuildMate_visit-20260710-135715-4f59e5.json", "muratatakashi_RoomPlan-test_MyHome-02_capturedRoom.json"])
    func sharedByThreads(_ file: String) throws {
        let room = try #require(try RoomScan.decode(RealExportTests.load(file)).rooms.first)
        var rng = SplitMix64(seed: 9)
        let products = (0..<60).map { i in
            Product(
                id: "p\(i)", category: ["sofa", "bed", "table", "storage"][i % 4], width: Double.random(in: 0.4...2.6, using: &rng),
                depth: Double.random(in: 0.4...2.2, using: &rng), height: 0.8)
        }
        let alone = products.map { FitChecker(room: room).check($0) }
        let shared = FitChecker(room: room)
        let results = Mutex([[FitResult]](repeating: [], count: 8))
        DispatchQueue.concurrentPerform(iterations: 8) { t in
            let order = t % 2 == 0 ? Array(products.indices) : products.indices.reversed()
            var mine = [FitResult?](repeating: nil, count: products.count)
            for i in order { mine[i] = shared.check(products[i]) }
            results.withLock { $0[t] = mine.compactMap { $0 } }
        }
        for t in 0..<8 { #expect(results.withLock { $0[t] } == alone, "thread \(t)") }
        #expect(alone.contains { $0.badge == .fits } && alone.contains { $0.badge == .doesNotFit })
    }

    @Test("a round room drawn in short steps, with no wall and no edge long enough to give a direction: searched along the plan's axes")
    func roomWithoutDirections() throws {
        // 120 corners on a 3 m circle: every edge about 16 cm.
        let outline = (0..<120).map { k in
            Point(3 * cos(Double(k) * 2 * .pi / 120), 3 * sin(Double(k) * 2 * .pi / 120))
        }
        let room = try #require(try RoomScan.decode(Array(RoomFixture.capturedRoom(outline: outline, height: 2.5).utf8)).rooms.first)
        #expect(room.walls.isEmpty)
        let checker = FitChecker(room: room)
        let fits = checker.check(Product(id: "sofa", category: "sofa", width: 2.2, depth: 0.9, height: 0.8))
        #expect(fits.badge == .fits)
        try Self.confirm(try #require(fits.placement), in: room)
        // Too long for the circle at any angle: 6.2 m against a 6 m diameter.
        #expect(checker.check(Product(id: "long", category: "sofa", width: 6.2, depth: 0.5, height: 0.8)).badge == .doesNotFit)
    }

    @Test("a category's clearance: beds first, then tables and dining, any case, anywhere in the name; else a walkway")
    func clearanceByCategory() {
        let cases: [(String?, Clearance.Side)] = [
            ("bed", .sides), ("Sofa BED", .sides), ("bedside table", .sides), ("dining table with bench", .around), ("Table BEd", .sides),
            ("Coffee Table", .around), ("DINING chair", .around), ("tables", .around), ("xdiningx", .around),
            ("sofa", .front), ("be d", .front), ("tabl", .front), ("dinin", .front), ("béd", .front), ("", .front), (nil, .front),
            ("b", .front), ("t", .front),
        ]
        for (category, side) in cases {
            #expect(Clearance.forCategory(category).side == side, "\(category ?? "nil")")
        }
        #expect(Clearance.forCategory("bed").recommended == 24 * 0.0254)
        #expect(Clearance.forCategory("table").minimum == 30 * 0.0254)
    }

    @Test("no false fits: every fitting badge on seeded small rooms has a witness GEOS confirms")
    func seededRooms() throws {
        var rng = SplitMix64(seed: 21)
        var fitting = 0
        for i in 0..<60 {
            // A random simple room: a lasso-like outline a few metres across.
            let outline = Shapes.lasso(
                count: Int.random(in: 5...12, using: &rng), center: Point(0, 0), radius: Double.random(in: 1.5...3, using: &rng),
                seed: rng.next())
            let json = RoomFixture.capturedRoom(outline: outline, height: 2.5)
            guard let room = try? RoomScan.decode(Array(json.utf8)).rooms.first, room.floorOutline.count >= 3 else { continue }
            let product = Product(
                id: "p\(i)", category: ["sofa", "bed", "table"][i % 3], width: Double.random(in: 0.4...2.5, using: &rng),
                depth: Double.random(in: 0.4...1.5, using: &rng), height: 0.8)
            let result = FitChecker(room: room).check(product)
            if let placement = result.placement {
                fitting += 1
                try Self.confirm(placement, in: room)
            }
        }
        #expect(fitting > 10)
    }
}

/// Builds a CapturedRoom JSON text with a floor polygon and no walls.
enum RoomFixture {
    static func capturedRoom(outline: [Point], height: Double) -> String {
        let corners = outline.map { "[\($0.x), \($0.y), 0]" }.joined(separator: ",")
        return
            #"{"version": 2, "walls": [], "doors": [], "windows": [], "openings": [], "objects": [], "floors": [{"transform": [1,0,0,0, 0,0,1,0, 0,1,0,0, 0,0,0,1], "polygonCorners": [\#(corners)], "dimensions": [1, 1, 0]}]}"#
    }
}

@Suite("Two decimals without Foundation's formatter")
struct TwoDecimalsTests {
    @Test("equals C's %.2f on ties, near-ties, negatives, zeros and seeded values")
    func matchesPrintf() {
        var values: [Double] = [
            0, -0.0, 0.005, 0.015, 0.025, 0.125, 0.375, 2.675, 1.005, -0.001, -2.5, 0.995, 9.995, 99.995, 1e12 + 0.125, 123_456.785,
        ]
        var rng = SplitMix64(seed: 77)
        for _ in 0..<20_000 {
            let scales: [Double] = [1, 10, 1000, 1e6, 1e-3]
            let scale = scales[Int.random(in: 0..<scales.count, using: &rng)]
            values.append(Double.random(in: -1...1, using: &rng) * scale)
            // Near ties: a whole number of cents plus half a cent.
            values.append((Double(Int.random(in: -100_000...100_000, using: &rng)) + 0.5) / 100)
        }
        for v in values {
            #expect(v.twoDecimals == String(format: "%.2f", v), "\(v)")
        }
    }
}
