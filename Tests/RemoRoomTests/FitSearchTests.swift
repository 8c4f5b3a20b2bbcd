import Foundation
import RemoGEOS
import RemoGeometry
import RemoShapes
import RemoTestSupport
import Testing

@testable import RemoRoom

/// The fit search against an independent oracle: in a room whose walls and furniture are
/// all square to the axes, an axis-aligned box that fits somewhere also fits with its
/// lower-left corner at some vertex x and vertex y (push it left, then down, until it
/// touches), so trying those corners with GEOS's word decides exactly whether it fits.
@Suite("Fit search: the free rectangles against a complete oracle")
struct FitSearchTests {
    /// A rectilinear room: a rectangle with notches cut from some corners (an L, a U...),
    /// on a 0.1 m grid, with up to four pieces of furniture square to the walls.
    static func rectilinearRoom(_ rng: inout SplitMix64) -> (json: String, outline: [Point]) {
        func tenths(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &rng)) / 10 }
        let (w, h) = (tenths(20...45), tenths(20...40))
        // Counterclockwise from the origin, each corner maybe notched.
        var outline: [Point] = []
        let corners = [Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)]
        for (k, c) in corners.enumerated() {
            guard Bool.random(using: &rng) else {
                outline.append(c)
                continue
            }
            let (nx, ny) = (tenths(3...8), tenths(3...8))
            // Into the room from this corner: the signs toward the middle.
            let sx: Double = c.x == 0 ? 1 : -1
            let sy: Double = c.y == 0 ? 1 : -1
            let notch = [Point(c.x, c.y + sy * ny), Point(c.x + sx * nx, c.y + sy * ny), Point(c.x + sx * nx, c.y)]
            // Keep the turn order counterclockwise: corners 0 and 2 go x-first.
            outline += k % 2 == 0 ? notch : notch.reversed()
        }
        var objects: [String] = []
        for n in 0..<Int.random(in: 0...4, using: &rng) {
            let (ow, od) = (tenths(3...12), tenths(3...10))
            let (cx, cz) = (tenths(0...Int(w * 10)), tenths(0...Int(h * 10)))
            objects.append(
                #"{"identifier": "o\#(n)", "category": {"storage": {}}, "confidence": {"high": {}}, "transform": [1,0,0,0, 0,1,0,0, 0,0,1,0, \#(cx),0.4,\#(cz),1], "dimensions": [\#(ow), 0.8, \#(od)]}"#
            )
        }
        let corners3 = outline.map { "[\($0.x), \($0.y), 0]" }.joined(separator: ",")
        let json =
            #"{"version": 2, "walls": [], "doors": [], "windows": [], "openings": [], "objects": [\#(objects.joined(separator: ","))], "floors": [{"transform": [1,0,0,0, 0,0,1,0, 0,1,0,0, 0,0,0,1], "polygonCorners": [\#(corners3)], "dimensions": [1, 1, 0]}]}"#
        return (json, outline)
    }

    /// Whether an `a` × `b` axis-aligned box fits the free floor, by GEOS at every pair of
    /// vertex coordinates (with the box's left or right side, bottom or top, on them).
    static func oracleFits(_ a: Double, _ b: Double, room: Room) throws -> Bool {
        let outline = try GEOSGeometry.polygon(room.floorOutline)
        let obstacles = room.objects.filter(\.floorStanding).map(\.footprint)
        let geosObstacles = try obstacles.map { try GEOSGeometry.polygon($0) }
        let points = room.floorOutline + obstacles.joined()
        let xs = Set(points.map(\.x)).sorted()
        let ys = Set(points.map(\.y)).sorted()
        for x in xs {
            for y in ys {
                // Cheap rejections first: GEOS only for boxes within the room's box.
                guard let box = BoundingBox(of: room.floorOutline), x >= box.min.x, y >= box.min.y, x + a <= box.max.x + 1e-12,
                    y + b <= box.max.y + 1e-12
                else { continue }
                let rectangle = try GEOSGeometry.polygon([Point(x, y), Point(x + a, y), Point(x + a, y + b), Point(x, y + b)])
                let m = Array(try rectangle.relate(outline))
                guard m[2] == "F", m[5] == "F" else { continue }
                if try geosObstacles.allSatisfy({ try rectangle.relate($0).first == "F" }) { return true }
            }
        }
        return false
    }

    /// The room turned about the origin: outline, furniture and their directions.
    static func turn(_ room: Room, by degrees: Double) -> Room {
        let (c, s) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
        func turn(_ p: Point) -> Point { Point(p.x * c - p.y * s, p.x * s + p.y * c) }
        var turned = room
        turned.floorOutline = room.floorOutline.map(turn)
        turned.objects = room.objects.map { object in
            var o = object
            o.center = turn(object.center)
            o.rotationDegrees += degrees
            return o
        }
        return turned
    }

    @Test("in rooms square to the axes, the search finds a place exactly when the oracle does, at both clearances")
    func rectilinearRooms() throws {
        var rng = SplitMix64(seed: 2026)
        var (agreements, fitting, notFitting) = (0, 0, 0)
        for i in 0..<60 {
            let (json, _) = Self.rectilinearRoom(&rng)
            let room = try #require(try RoomScan.decode(Array(json.utf8)).rooms.first, "room \(i)")
            let checker = FitChecker(room: room)
            #expect(checker.rectangles.allSatisfy { $0?.surelyFree != nil && $0?.possiblyFree != nil }, "room \(i) got no rectangles")
            for _ in 0..<3 {
                let side = [Clearance.Side.front, .sides, .around][Int.random(in: 0...2, using: &rng)]
                let (width, depth) = (Double.random(in: 0.3...2.2, using: &rng), Double.random(in: 0.3...1.6, using: &rng))
                for amount in [0.9144, 0.762, 0.3] {
                    let box = ClearedBox(width: width, depth: depth, side: side, amount: amount)
                    let (a, b) = (box.u1 - box.u0, box.v1 - box.v0)
                    let expected = try Self.oracleFits(a, b, room: room) || Self.oracleFits(b, a, room: room)
                    let found = checker.place(width, depth, clearance: side, amount: amount)
                    #expect(
                        (found != nil) == expected,
                        "room \(i): \(width) × \(depth) \(side) +\(amount): search \(found != nil), oracle \(expected)\n\(json)")
                    if let found { try FitTests.confirm(found, in: room) }
                    agreements += 1
                    if expected { fitting += 1 } else { notFitting += 1 }
                }
            }
        }
        // Both answers well represented.
        #expect(fitting > 100 && notFitting > 100, "fitting \(fitting), not fitting \(notFitting)")
        #expect(agreements == 540)
    }

    @Test("in rooms square to the axes, each badge says what the oracle says of the comfortable and the least box")
    func rectilinearBadges() throws {
        var rng = SplitMix64(seed: 77)
        var seen: [Badge: Int] = [:]
        for i in 0..<100 {
            let (json, _) = Self.rectilinearRoom(&rng)
            let room = try #require(try RoomScan.decode(Array(json.utf8)).rooms.first, "room \(i)")
            let checker = FitChecker(room: room)
            for n in 0..<6 {
                // Long pieces, so that many fit one way round only.
                let category = ["bed", "dining table", "sofa", "desk"][n % 4]
                let (width, depth) = (Double.random(in: 0.3...3.0, using: &rng), Double.random(in: 0.2...1.2, using: &rng))
                let product = Product(id: "p", category: category, width: width, depth: depth, height: 0.5)
                let clearance = Clearance.forCategory(category)
                func oracle(_ amount: Double) throws -> Bool {
                    let box = ClearedBox(width: width, depth: depth, side: clearance.side, amount: amount)
                    let (a, b) = (box.u1 - box.u0, box.v1 - box.v0)
                    return try Self.oracleFits(a, b, room: room) || Self.oracleFits(b, a, room: room)
                }
                let expected: Badge = try oracle(clearance.recommended) ? .fits : (try oracle(clearance.minimum) ? .tight : .doesNotFit)
                let result = checker.check(product)
                #expect(
                    result.badge == expected, "room \(i): \(category) \(width) × \(depth): \(result.badge), oracle \(expected)\n\(json)")
                seen[expected, default: 0] += 1
            }
        }
        // Every badge represented (tight needs a margin of 15 cm or less, so it is rarer).
        #expect(seen[.fits, default: 0] > 100 && seen[.doesNotFit, default: 0] > 100 && seen[.tight, default: 0] > 15, "\(seen)")
    }

    @Test(
        "in rooms with furniture askew, every place found is confirmed by GEOS, and the rectangles rule out no place the position-by-position search finds"
    )
    func askewFurniture() throws {
        var rng = SplitMix64(seed: 7)
        var found = 0
        for i in 0..<40 {
            let (json, _) = Self.rectilinearRoom(&rng)
            // Turn every piece of furniture by a random angle.
            var room = try #require(try RoomScan.decode(Array(json.utf8)).rooms.first)
            room.objects = room.objects.map { object in
                var turned = object
                turned.rotationDegrees = Double.random(in: 0..<360, using: &rng)
                return turned
            }
            // Every other room turned a few degrees as a whole, as real scans are.
            if i % 2 == 1 {
                let degrees = Double.random(in: -5...5, using: &rng)
                room = Self.turn(room, by: degrees)
            }
            let checker = FitChecker(room: room)
            for _ in 0..<4 {
                let side = [Clearance.Side.front, .sides, .around][Int.random(in: 0...2, using: &rng)]
                let (width, depth) = (Double.random(in: 0.3...2.0, using: &rng), Double.random(in: 0.3...1.4, using: &rng))
                let placement = checker.place(width, depth, clearance: side, amount: 0.762)
                if let placement {
                    found += 1
                    try FitTests.confirm(placement, in: room)
                } else if let floor = checker.floor {
                    // Nothing found: the position-by-position search finds nothing either.
                    let box = ClearedBox(width: width, depth: depth, side: side, amount: 0.762)
                    for frame in checker.frames {
                        for quarter in 0..<4 {
                            #expect(checker.search(box, quarter: quarter, in: frame, on: floor) == nil, "room \(i): \(width) × \(depth)")
                        }
                    }
                }
            }
        }
        #expect(found > 40)
    }

    @Test(
        "kept to where the possible rectangles leave room, the position-by-position search finds the same place as everywhere, in real rooms and rooms with furniture askew",
        TestData.needs(.roomplan)
    )
    func searchWithinPossibleRectangles() throws {
        var rng = SplitMix64(seed: 41)
        var rooms = try RealExportTests.references.map { try #require(try RoomScan.decode(RealExportTests.load($0.file)).rooms.first) }
        for _ in 0..<8 {
            var room = try #require(try RoomScan.decode(Array(Self.rectilinearRoom(&rng).json.utf8)).rooms.first)
            room.objects = room.objects.map { object in
                var turned = object
                turned.rotationDegrees = Double.random(in: 0..<360, using: &rng)
                return turned
            }
            rooms.append(Self.turn(room, by: Double.random(in: -30...30, using: &rng)))
        }
        var (found, narrowed, ruledOut) = (0, 0, 0)
        for (i, room) in rooms.enumerated() {
            let checker = FitChecker(room: room)
            let floor = try #require(checker.floor)
            for _ in 0..<5 {
                let side = [Clearance.Side.front, .sides, .around][Int.random(in: 0...2, using: &rng)]
                let (width, depth) = (Double.random(in: 0.3...2.6, using: &rng), Double.random(in: 0.3...2.0, using: &rng))
                let box = ClearedBox(width: width, depth: depth, side: side, amount: [0.4572, 0.762][Int.random(in: 0...1, using: &rng)])
                for (n, frame) in checker.frames.enumerated() {
                    for quarter in 0..<4 {
                        let (w, h, _) = box.turned(quarter: quarter)
                        let ranges = try #require(checker.rectangles[n]?.possiblyFree?.corners(width: w, height: h, on: floor))
                        let everywhere = checker.search(box, quarter: quarter, in: frame, on: floor)
                        let within = checker.search(box, quarter: quarter, in: frame, on: floor, cornersIn: ranges)
                        #expect(within == everywhere, "room \(i), frame \(n), quarter \(quarter): \(side) \(width) × \(depth)")
                        if everywhere != nil { found += 1 }
                        if ranges.isEmpty { ruledOut += 1 } else if everywhere == nil || ranges.count > 1 { narrowed += 1 }
                    }
                }
            }
        }
        // Places found, orientations the ranges rule out whole, others they narrow.
        #expect(found > 100 && ruledOut > 50 && narrowed > 50, "found \(found), ruled out \(ruledOut), narrowed \(narrowed)")
    }

    @Test(
        "a room square to the axes, turned by a small or any angle as real scans are: the same answers where the margin is over a millimetre"
    )
    func turnedRooms() throws {
        var rng = SplitMix64(seed: 31)
        var (compared, fitting) = (0, 0)
        for i in 0..<40 {
            let (json, _) = Self.rectilinearRoom(&rng)
            let room = try #require(try RoomScan.decode(Array(json.utf8)).rooms.first)
            // Small turns, like a scan's walls a few degrees off its axes, and any turn.
            let degrees = i % 2 == 0 ? Double.random(in: -5...5, using: &rng) : Double.random(in: 0..<360, using: &rng)
            let turned = Self.turn(room, by: degrees)
            let (square, askew) = (FitChecker(room: room), FitChecker(room: turned))
            // Random boxes, and boxes 2 mm either side of the room's largest free rectangles.
            let largest = square.rectangles.first??.surelyFree?.front.entries ?? []
            for n in 0..<12 {
                let side = [Clearance.Side.front, .sides, .around][Int.random(in: 0...2, using: &rng)]
                var (width, depth) = (Double.random(in: 0.3...2.2, using: &rng), Double.random(in: 0.3...1.6, using: &rng))
                var amount = 0.3
                if n % 2 == 1, let e = largest.randomElement(using: &rng) {
                    let delta = Bool.random(using: &rng) ? 0.002 : -0.002
                    (width, depth, amount) = (e.width + delta, e.height + delta, 0)
                }
                // Only boxes whose answer does not change within a millimetre either way.
                let answers = [-0.001, 0, 0.001].map { square.place(width + $0, depth + $0, clearance: side, amount: amount) != nil }
                guard answers.allSatisfy({ $0 == answers[1] }) else { continue }
                let found = askew.place(width, depth, clearance: side, amount: amount)
                #expect((found != nil) == answers[1], "room \(i) turned \(degrees)°: \(width) × \(depth) \(side)\n\(json)")
                if let found { try FitTests.confirm(found, in: turned) }
                compared += 1
                if answers[1] { fitting += 1 }
            }
        }
        #expect(compared > 300 && fitting > 100 && compared - fitting > 100, "compared \(compared), fitting \(fitting)")
    }

    @Test(
        "the boxes over the floor's outside and its furniture: the full cover covers all of it, the sure cover only it (following slanted walls in steps), in turned rooms too"
    )
    func boxesCoverWhatTheyClaim() throws {
        var rng = SplitMix64(seed: 13)
        var (outsideSeen, insideSeen) = (0, 0)
        var (slantedOutside, slantedSure) = (0, 0)
        for i in 0..<30 {
            let (json, _) = Self.rectilinearRoom(&rng)
            var room = try #require(try RoomScan.decode(Array(json.utf8)).rooms.first)
            room.objects = room.objects.map { object in
                var o = object
                o.rotationDegrees = i % 3 == 0 ? 0 : Double.random(in: 0..<360, using: &rng)
                return o
            }
            room = Self.turn(room, by: i % 2 == 0 ? Double.random(in: -5...5, using: &rng) : Double.random(in: 0..<360, using: &rng))
            if i % 3 == 1 {
                // An outline with slanted walls (a lasso about the room's middle).
                let middle = Point(room.floorOutline.map(\.x).reduce(0, +) / 4, room.floorOutline.map(\.y).reduce(0, +) / 4)
                room.floorOutline = Shapes.lasso(
                    count: Int.random(in: 5...12, using: &rng), center: middle, radius: Double.random(in: 1.5...3, using: &rng),
                    seed: rng.next())
            }
            let checker = FitChecker(room: room)
            for frame in checker.frames {
                let covers = FreeFloorRectangles.Covers(in: frame)
                let (full, sure) = (covers.full, covers.sure)
                let outline = try Ring(frame.ring)
                let obstacles = try (0..<frame.obstacleCount).map { try Ring(Array(frame.obstacle($0))) }
                // Off the free floor: outside the outline or strictly inside an obstacle.
                func off(_ p: Point) -> Bool {
                    outline.locate(p) == .outside || obstacles.contains { $0.locate(p) == .inside }
                }
                // On it, clear of every boundary.
                func on(_ p: Point) -> Bool {
                    outline.locate(p) == .inside && obstacles.allSatisfy { $0.locate(p) == .outside }
                }
                let box = frame.box
                for _ in 0..<400 {
                    let p = Point(
                        Double.random(in: box.min.x...box.max.x, using: &rng), Double.random(in: box.min.y...box.max.y, using: &rng))
                    let inFull = full.contains { $0.min.x < p.x && p.x < $0.max.x && $0.min.y < p.y && p.y < $0.max.y }
                    let inSure = sure.contains { $0.min.x <= p.x && p.x <= $0.max.x && $0.min.y <= p.y && p.y <= $0.max.y }
                    if off(p) {
                        outsideSeen += 1
                        if i % 3 == 1 && outline.locate(p) == .outside {
                            slantedOutside += 1
                            if inSure { slantedSure += 1 }
                        }
                        // Up to the boxes' own edges, which the rectangles touch.
                        let onEdge = full.contains { b in
                            (p.x == b.min.x || p.x == b.max.x || p.y == b.min.y || p.y == b.max.y) && b.contains(p)
                        }
                        #expect(
                            inFull || onEdge, "room \(i), frame \(frame.degrees)°: \(p) is off the floor but in no box of the full cover")
                    }
                    if on(p) {
                        insideSeen += 1
                        #expect(!inSure, "room \(i), frame \(frame.degrees)°: \(p) is free floor but in a box of the sure cover")
                    }
                }
            }
        }
        #expect(outsideSeen > 1000 && insideSeen > 5000, "outside \(outsideSeen), inside \(insideSeen)")
        // Where walls slant, the sure cover steps along them: 64 % of the outside (55 %
        // with one box a slab).
        #expect(Double(slantedSure) > 0.6 * Double(slantedOutside), "\(slantedSure) of \(slantedOutside) outside slanted walls")
    }

    @Test(
        "in seeded rooms with doors, every witness keeps out of the doors' clear zones (GEOS), and without the doors some would not"
    )
    func witnessesKeepOutOfDoorZones() throws {
        var rng = SplitMix64(seed: 31)
        var (witnesses, inZonesWithoutDoors) = (0, 0)
        let categories = ["sofa", "bed", "dining table", "storage"]
        for _ in 0..<40 {
            let (json, outline) = Self.rectilinearRoom(&rng)
            var room = try #require(try RoomScan.decode(Array(json.utf8)).rooms.first)
            // One or two doors, each on a wall long enough, away from its ends.
            for _ in 0..<Int.random(in: 1...2, using: &rng) {
                let walls = outline.indices.map { Segment(outline[$0], outline[($0 + 1) % outline.count]) }.filter { $0.length >= 1.3 }
                let wall = try #require(walls.randomElement(using: &rng))
                let width = Double(Int.random(in: 8...10, using: &rng)) / 10
                let along = Point((wall.end.x - wall.start.x) / wall.length, (wall.end.y - wall.start.y) / wall.length)
                let offset = Double.random(in: (width / 2 + 0.05)...(wall.length - width / 2 - 0.05), using: &rng)
                let center = Point(wall.start.x + along.x * offset, wall.start.y + along.y * offset)
                room.doors.append(Door(identifier: "d\(room.doors.count)", width: width, height: 2.1, center: center, direction: along))
            }
            var doorless = room
            doorless.doors = []
            let (checker, doorlessChecker) = (FitChecker(room: room), FitChecker(room: doorless))
            let zones = try FitTests.doorZones(of: room).map { try GEOSGeometry.polygon($0) }
            for k in 0..<12 {
                let product = Product(
                    id: "p\(k)", category: categories[k % categories.count], width: Double.random(in: 0.4...2.2, using: &rng),
                    depth: Double.random(in: 0.4...1.6, using: &rng), height: 0.8)
                if let placement = checker.check(product).placement {
                    witnesses += 1
                    try FitTests.confirm(placement, in: room)
                }
                // What a checker that forgot the doors would have placed.
                if let placement = doorlessChecker.check(product).placement {
                    let footprint = try GEOSGeometry.polygon(placement.clearedFootprint)
                    if try zones.contains(where: { try footprint.relate($0).first != "F" }) { inZonesWithoutDoors += 1 }
                }
            }
        }
        print("door zones: \(witnesses) witnesses confirmed; \(inZonesWithoutDoors) doorless witnesses in a zone")
        #expect(witnesses > 150, "\(witnesses) witnesses")
        // Else the rooms would not show a checker that ignored the doors.
        #expect(inZonesWithoutDoors > 10, "\(inZonesWithoutDoors) doorless witnesses in a door's zone")
    }

    @Test("the front of free rectangles answers like a scan of every rectangle put in")
    func rectangleFront() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<200 {
            var front = RectangleFront()
            var all: [RectangleFront.Entry] = []
            for _ in 0..<Int.random(in: 1...40, using: &rng) {
                // Sizes on a coarse grid, so ties are common.
                let e = RectangleFront.Entry(
                    width: Double(Int.random(in: 1...8, using: &rng)), height: Double(Int.random(in: 1...8, using: &rng)), x: 0, y: 0)
                front.insert(e)
                all.append(e)
            }
            // Ascending width, strictly descending height.
            #expect(zip(front.entries, front.entries.dropFirst()).allSatisfy { $0.width < $1.width && $0.height > $1.height })
            for w in stride(from: 0.5, through: 9, by: 0.5) {
                for h in stride(from: 0.5, through: 9, by: 0.5) {
                    let expected = all.contains { $0.width >= w && $0.height >= h }
                    #expect((front.holding(width: w, height: h) != nil) == expected)
                    if let e = front.holding(width: w, height: h) { #expect(e.width >= w && e.height >= h) }
                }
            }
        }
    }

    @Test("a placement with a coordinate the exact predicates do not take is refused, even where it would fit")
    func coordinatesOutOfRange() throws {
        let outline = try Ring([Point(0, 0), Point(5, 0), Point(5, 5), Point(0, 5)])
        let floor = FreeFloor(outline: outline, obstacles: [Ring]())
        #expect(floor.holds([Point(1, 1), Point(2, 1), Point(2, 2), Point(1, 2)]))
        for odd in [1e-200, -1e-130, 0x1p-401, .nan, .infinity] {
            #expect(!floor.holds([Point(odd, 1), Point(2, 1), Point(2, 2), Point(odd, 2)]), "\(odd)")
            #expect(!floor.holds([Point(1, odd), Point(2, odd), Point(2, 2), Point(1, 2)]), "\(odd)")
        }
        // Just inside the range: taken.
        #expect(floor.holds([Point(0x1p-400, 1), Point(2, 1), Point(2, 2), Point(0x1p-400, 2)]))
    }

    @Test(
        "an obstacle from four corners blocks what its polygon covers, in either turn; a dart by its ring; a bow-tie or a bad coordinate is left out"
    )
    func obstaclesFromCorners() throws {
        let outline = try Ring([Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)])
        let square = [Point(2, 2), Point(4, 2), Point(4, 4), Point(2, 4)]
        // A dart: its notch, around (3, 3.5), is free floor.
        let dart = [Point(2, 2), Point(4, 2), Point(3, 3), Point(3, 5)]
        for corners in [square, square.reversed(), dart, dart.reversed()] {
            let obstacle = try #require(FreeFloor.Obstacle(corners: Quad(corners[0], corners[1], corners[2], corners[3])), "\(corners)")
            #expect(abs(obstacle.area - (try Ring(corners)).area) < 1e-12)
            var seen: [Point] = []
            obstacle.forEachCorner { seen.append($0) }
            #expect(seen == corners, "the corners in the order given")
            let floor = FreeFloor(outline: outline, obstacles: [obstacle])
            // A small square on the obstacle's inside is blocked; one beside it is free.
            #expect(!floor.holds([Point(2.9, 2.2), Point(3.1, 2.2), Point(3.1, 2.4), Point(2.9, 2.4)]), "\(corners)")
            #expect(floor.holds([Point(5, 5), Point(6, 5), Point(6, 6), Point(5, 6)]))
            let inNotch = floor.holds([Point(3.6, 3.8), Point(3.8, 3.8), Point(3.8, 4), Point(3.6, 4)])
            #expect(inNotch == (corners.count == 4 && Set(corners) == Set(dart)), "\(corners)")
        }
        #expect(FreeFloor.Obstacle(corners: Quad(Point(2, 2), Point(4, 4), Point(4, 2), Point(2, 4))) == nil, "a bow-tie")
        #expect(FreeFloor.Obstacle(corners: Quad(Point(2, 2), Point(.nan, 2), Point(4, 4), Point(2, 4))) == nil, "NaN")
        #expect(FreeFloor.Obstacle(corners: Quad(Point(1e-200, 2), Point(4, 2), Point(4, 4), Point(1e-200, 4))) == nil, "out of range")
        #expect(FreeFloor.Obstacle(corners: Quad(Point(0x1p-400, 2), Point(4, 2), Point(4, 4), Point(0x1p-400, 4))) != nil, "in range")
    }

    @Test("the exact check of a placement agrees with GEOS on seeded quadrilaterals, touching ones included")
    func exactCheck() throws {
        var rng = SplitMix64(seed: 5)
        var (inside, outside) = (0, 0)
        var convexCount = [0, 0]
        for _ in 0..<30 {
            let (json, _) = Self.rectilinearRoom(&rng)
            var room = try #require(try RoomScan.decode(Array(json.utf8)).rooms.first)
            if Bool.random(using: &rng) {
                for k in room.objects.indices { room.objects[k].rotationDegrees = Double.random(in: 0..<360, using: &rng) }
            }
            let outline = try Ring(room.floorOutline)
            let obstacles = try room.objects.map { try Ring($0.footprint) }
            let floor = FreeFloor(outline: outline, obstacles: obstacles)
            let geosOutline = try GEOSGeometry.polygon(room.floorOutline)
            let geosObstacles = try room.objects.map { try GEOSGeometry.polygon($0.footprint) }
            let vertices = room.floorOutline + room.objects.flatMap(\.footprint)
            let (xs, ys) = (vertices.map(\.x), vertices.map(\.y))
            for _ in 0..<60 {
                var quad: [Point]
                let mode = Int.random(in: 0...3, using: &rng)
                if mode == 0, let piece = room.objects.randomElement(using: &rng) {
                    // Against a side of a piece of furniture, standing or turned: the
                    // shared side is exact, so it touches without overlapping.
                    let corners = try Ring(piece.footprint).vertices
                    let k = Int.random(in: 0..<corners.count, using: &rng)
                    let (p, q) = (corners[k], corners[(k + 1) % corners.count])
                    let middle = Point((p.x + q.x) / 2, (p.y + q.y) / 2)
                    let d = Double.random(in: 0.1...1, using: &rng) / Segment(p, q).length
                    // Outward: away from the piece's centre.
                    let normal = Point(q.y - p.y, p.x - q.x)
                    let away = (normal.x * (middle.x - piece.center.x) + normal.y * (middle.y - piece.center.y)) > 0 ? d : -d
                    quad = [p, Point(p.x + normal.x * away, p.y + normal.y * away), Point(q.x + normal.x * away, q.y + normal.y * away), q]
                } else if mode == 1 {
                    // Square to the axes with its sides on the vertices' lines, so that it
                    // touches walls and furniture exactly.
                    let (x0, x1) = (xs.randomElement(using: &rng) ?? 0, xs.randomElement(using: &rng) ?? 1)
                    let (y0, y1) = (ys.randomElement(using: &rng) ?? 0, ys.randomElement(using: &rng) ?? 1)
                    guard x0 != x1, y0 != y1 else { continue }
                    let (l, r, b, t) = (min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1))
                    quad = [Point(l, b), Point(r, b), Point(r, t), Point(l, t)]
                } else if mode == 3 {
                    // Any four corners: darts, bow-ties, three in a line, or convex. On a
                    // 1/16 grid, so that a midpoint is exact and three in a line are so
                    // exactly (GEOS rounds the crossing of nearly collinear diagonals).
                    let (x0, x1) = (Int((xs.min() ?? 0) * 16), Int((xs.max() ?? 1) * 16))
                    let (y0, y1) = (Int((ys.min() ?? 0) * 16), Int((ys.max() ?? 1) * 16))
                    quad = (0..<4).map { _ in
                        Point(Double(Int.random(in: x0...x1, using: &rng)) / 16, Double(Int.random(in: y0...y1, using: &rng)) / 16)
                    }
                    switch Int.random(in: 0...2, using: &rng) {
                    case 0: quad[1] = Point((quad[0].x + quad[2].x) / 2, (quad[0].y + quad[2].y) / 2)
                    case 1:
                        // In order round their middle: convex, or a dart.
                        let middle = Point(quad.map(\.x).reduce(0, +) / 4, quad.map(\.y).reduce(0, +) / 4)
                        quad.sort { atan2($0.y - middle.y, $0.x - middle.x) < atan2($1.y - middle.y, $1.x - middle.x) }
                    default: break
                    }
                } else {
                    // Anywhere, turned by an eighth or any angle.
                    let center = Point(Double.random(in: -0.5...5, using: &rng), Double.random(in: -0.5...5, using: &rng))
                    let angle: Double = Bool.random(using: &rng) ? Double.pi / 4 : Double.random(in: 0..<(2 * Double.pi), using: &rng)
                    let (hw, hd) = (Double.random(in: 0.1...1.5, using: &rng), Double.random(in: 0.1...1.5, using: &rng))
                    let (c, s) = (cos(angle), sin(angle))
                    quad = [(-hw, -hd), (hw, -hd), (hw, hd), (-hw, hd)].map {
                        Point(center.x + c * $0 - s * $1, center.y + s * $0 + c * $1)
                    }
                }
                // Strictly convex exactly when the diagonals cross inside both (GEOS:
                // their interiors meet in a point); only then can it be held.
                func line(_ p: Point, _ q: Point) throws -> GEOSGeometry {
                    try GEOSGeometry.read(wkt: "LINESTRING(\(p.x) \(p.y), \(q.x) \(q.y))")
                }
                let convex = try line(quad[0], quad[2]).relate(line(quad[1], quad[3])).first == "0"
                if mode == 3 { convexCount[convex ? 1 : 0] += 1 }
                guard convex else {
                    #expect(!floor.holds(quad), "\(quad)")
                    outside += 1
                    continue
                }
                let rectangle = try GEOSGeometry.polygon(quad)
                let m = Array(try rectangle.relate(geosOutline))
                let expected = try m[2] == "F" && m[5] == "F" && geosObstacles.allSatisfy { try rectangle.relate($0).first == "F" }
                #expect(floor.holds(quad) == expected, "\(quad)")
                if expected { inside += 1 } else { outside += 1 }
            }
        }
        #expect(inside > 50 && outside > 50, "inside \(inside), outside \(outside)")
        #expect(convexCount[0] > 30 && convexCount[1] > 30, "of any four corners: \(convexCount[0]) not convex, \(convexCount[1]) convex")
    }
}
