import Foundation
import RemoGeometry
import RemoJSON

/// Reads RoomPlan `CapturedRoom` JSON (docs/formats.md).
enum CapturedRoomReader {
    /// An element's placement: the column-major transform.
    struct Placement {
        var t: Transform
        /// The centre on the plan (t12, t14).
        var center: Point { Point(t[12], t[14]) }
        /// The height of the centre (t13).
        var y: Double { t[13] }
        /// The element's x axis on the plan, normalised (t0, t2).
        var xAxis: Point? { unit(t[0], t[2]) }
        /// The element's z axis on the plan, normalised (t8, t10).
        var zAxis: Point? { unit(t[8], t[10]) }

        func unit(_ x: Double, _ z: Double) -> Point? {
            let length = (x * x + z * z).squareRoot()
            return length > 1e-9 ? Point(x / length, z / length) : nil
        }

        /// A local point mapped to the plan.
        func apply(_ p: (Double, Double, Double)) -> Point {
            Point(t[0] * p.0 + t[4] * p.1 + t[8] * p.2 + t[12], t[2] * p.0 + t[6] * p.1 + t[10] * p.2 + t[14])
        }
    }

    static func room(_ scan: ScanElements, path: String) throws(RoomScanError) -> Room {
        var warnings: [RoomWarning] = []
        var invalid = InvalidSizes()
        // Counted over the elements a plan shows; the floor is left out.
        let lowConfidence = [scan.walls, scan.doors, scan.windows, scan.openings, scan.objects].reduce(0) { sum, elements in
            sum + elements.count { $0.confidence == "low" }
        }
        let floorPlacement = scan.floors.first?.transform.map(Placement.init)

        // Walls.
        var walls: [Wall] = []
        walls.reserveCapacity(scan.walls.count)
        // Without a floor (iOS 16), its height from the walls' bottoms.
        var wallBottoms: [Double] = []
        for (i, element) in scan.walls.enumerated() {
            guard let t = element.transform else {
                throw .format("\(path).walls[\(i)].transform: expected 16 finite numbers")
            }
            guard let (length, height, _) = element.dimensions else {
                throw .format("\(path).walls[\(i)].dimensions: expected width, height and depth")
            }
            let p = Placement(t: t)
            guard let direction = p.xAxis else { throw .format("\(path).walls[\(i)].transform: the wall has no direction") }
            guard invalid.accept(length, height, at: p.center, element: "walls[\(i)]") else { continue }
            let half = Point(direction.x * length / 2, direction.y * length / 2)
            if floorPlacement == nil { wallBottoms.append(p.y - height / 2) }
            walls.append(
                Wall(
                    identifier: element.name,
                    start: Point(p.center.x - half.x, p.center.y - half.y), end: Point(p.center.x + half.x, p.center.y + half.y),
                    height: height, normal: p.zAxis, confidence: element.confidence))
        }
        // The floor's height: the floor's own, else the walls' bottoms (the median; in real
        // exports every wall's bottom is the floor's height), else the lowest object's bottom.
        let wallsBottom = wallBottoms.sorted().dropFirst(wallBottoms.count / 2).first
        let floorLevel = floorPlacement?.y ?? wallsBottom ?? Self.lowestBottom(of: scan.objects) ?? 0

        // The floor outline: the floor polygon, else the wall loop, else the floor's
        // dimensions, else the walls joined across their gaps.
        var outline: [Point] = []
        var source = Room.OutlineSource.none
        if let placement = floorPlacement, let corners = scan.floors.first?.polygonCorners, corners.count >= 3 {
            outline = corners.map { placement.apply($0) }
            source = .floorPolygon
        }
        if outline.isEmpty, let loop = WallLoop.outline(walls) {
            outline = loop
            source = .wallLoop
        }
        if outline.isEmpty, let placement = floorPlacement, let (w, d, _) = scan.floors.first?.dimensions {
            outline = [(-w / 2, -d / 2, 0.0), (w / 2, -d / 2, 0), (w / 2, d / 2, 0), (-w / 2, d / 2, 0)].map { placement.apply($0) }
            source = .floorDimensions
        }
        if outline.isEmpty, let loop = WallLoop.bridgedWithWarning(walls) {
            (outline, source) = (loop.corners, .bridgedWalls)
            warnings.append(loop.warning)
        }

        // Doors, windows and openings, placed on their walls.
        func placed(_ kind: ScanElements.Kind) throws(RoomScanError) -> [(ScanElement, Placement, Double, Double)] {
            var result: [(ScanElement, Placement, Double, Double)] = []
            result.reserveCapacity(scan[kind].count)
            for (i, element) in scan[kind].enumerated() {
                guard let t = element.transform, let (w, h, _) = element.dimensions else {
                    throw .format("\(path).\(kind)[\(i)]: expected a transform and dimensions")
                }
                guard invalid.accept(w, h, at: Placement(t: t).center, element: "\(kind)[\(i)]") else { continue }
                result.append((element, Placement(t: t), w, h))
            }
            return result
        }
        let doors = try placed(.doors).enumerated().map { i, item in
            let (element, p, w, h) = item
            let (wall, offset) = WallPlacement.place(named: element.parentIdentifier, at: p.center, in: walls)
            return Door(
                identifier: element.name ?? "door-\(i)", width: w, height: h, isOpen: element.isOpen, wall: wall, center: p.center,
                direction: p.xAxis ?? Point(1, 0), offsetAlongWall: offset, bottom: p.y - h / 2 - floorLevel)
        }
        let windows = try placed(.windows).enumerated().map { i, item in
            let (element, p, w, h) = item
            let (wall, offset) = WallPlacement.place(named: element.parentIdentifier, at: p.center, in: walls)
            return Window(
                identifier: element.name ?? "window-\(i)", width: w, height: h, sill: p.y - h / 2 - floorLevel, wall: wall,
                center: p.center, direction: p.xAxis ?? Point(1, 0), offsetAlongWall: offset)
        }
        let openings = try placed(.openings).enumerated().map { i, item in
            let (element, p, w, h) = item
            let (wall, offset) = WallPlacement.place(named: element.parentIdentifier, at: p.center, in: walls)
            return Opening(
                identifier: element.name ?? "opening-\(i)", width: w, height: h, wall: wall, center: p.center,
                direction: p.xAxis ?? Point(1, 0), offsetAlongWall: offset, bottom: p.y - h / 2 - floorLevel)
        }

        // Objects.
        var objects: [RoomObject] = []
        objects.reserveCapacity(scan.objects.count)
        for (i, element) in scan.objects.enumerated() {
            guard let t = element.transform, let (w, h, d) = element.dimensions else {
                throw .format("\(path).objects[\(i)]: expected a transform and dimensions")
            }
            let p = Placement(t: t)
            guard invalid.accept(w, h, d, at: p.center, element: "objects[\(i)]") else { continue }
            let axis = p.xAxis ?? Point(1, 0)
            let bottom = p.y - h / 2
            objects.append(
                RoomObject(
                    identifier: element.name ?? "object-\(i)",
                    category: element.category ?? "unknown", attributes: element.attributes, width: w, depth: d, height: h,
                    center: p.center, rotationDegrees: atan2(axis.y, axis.x) * 180 / .pi,
                    floorStanding: abs(bottom - floorLevel) < 0.15, confidence: element.confidence))
        }

        // Summary and warnings.
        let ring = outline.count >= 3 ? try? Ring(outline) : nil
        let area = ring?.area ?? 0
        let perimeter =
            WallLoop.perimeter(outline)
        let heights = walls.map(\.height).filter { $0 > 0 }.sorted()
        let ceiling = heights.isEmpty ? nil : heights[heights.count / 2]
        let range: ClosedRange<Double>? = heights.count > 1 && heights.last! - heights.first! > 0.02 ? heights.first!...heights.last! : nil
        if let ring, !ring.isSimple {
            warnings.append(
                RoomWarning(code: "floor-self-intersecting", message: "the floor outline crosses itself; areas are not reliable"))
        }
        if perimeter > 0 {
            let covered = WallLoop.coverage(of: outline, by: walls)
            if covered < 0.9 * perimeter {
                warnings.append(
                    RoomWarning(
                        code: "walls-not-closed",
                        message:
                            "walls cover \((covered / perimeter * 100).rounded().clamped(to: 0...100))% of the floor outline's \(format(perimeter)) m perimeter"
                    ))
            }
        }
        let stubs = walls.filter { $0.length < 0.3 }
        if !stubs.isEmpty {
            warnings.append(
                RoomWarning(code: "stub-walls", message: "\(stubs.count) wall\(stubs.count == 1 ? " is" : "s are") shorter than 0.3 m"))
        }
        if lowConfidence > 0 {
            warnings.append(
                RoomWarning(
                    code: "low-confidence",
                    message: "\(lowConfidence) element\(lowConfidence == 1 ? " was" : "s were") scanned with low confidence"))
        }
        let stories = scan.stories
        if stories > 1 {
            warnings.append(RoomWarning(code: "multiple-stories", message: "elements belong to \(stories) stories"))
        }
        if walls.isEmpty { warnings.append(RoomWarning(code: "no-walls", message: "the scan has no walls")) }
        if outline.count < 3 { warnings.append(.noFloorOutline) }
        if let warning = invalid.warning { warnings.append(warning) }
        let (length, width) = EnclosingRectangle.of(outline)
        var room = Room(
            floorOutline: outline, outlineSource: source, floorArea: area, floorPerimeter: perimeter, ceilingHeight: ceiling,
            ceilingHeightRange: range, dimensions: Room.Dimensions(length: length, width: width, height: ceiling), walls: walls,
            doors: doors,
            windows: windows, openings: openings, objects: objects, warnings: warnings, floorLevel: floorLevel)
        let outside = room.objectsOutsideFloor
        if !outside.isEmpty {
            let names = outside.map { room.objects[$0].category }.joined(separator: ", ")
            room.warnings.append(
                RoomWarning(
                    code: "object-outside-floor",
                    message: "\(outside.count) object\(outside.count == 1 ? " stands" : "s stand") outside the floor outline: \(names)"))
        }
        return room
    }

    static func format(_ v: Double) -> String { v.twoDecimals }

    /// The lowest bottom of these objects (world y), if any has a transform and dimensions.
    static func lowestBottom(of objects: [ScanElement]) -> Double? {
        objects.compactMap { e -> Double? in
            guard let t = e.transform, let (_, h, _) = e.dimensions else { return nil }
            return Placement(t: t).y - h / 2
        }.min()
    }
}
