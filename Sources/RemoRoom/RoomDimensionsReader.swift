import RemoGeometry
import RemoJSON

/// Reads the simple `RoomDimensions` form: walls with length, height, position (the
/// centre) and normal; openings with type, width, height; floorArea; ceilingHeight.
enum RoomDimensionsReader {
    /// The point of the wall nearest to `position`, that wall's identifier and its unit
    /// direction; `position` itself along the plan's x axis when there is no wall.
    static func onNearestWall(_ position: Point, _ walls: [Wall]) -> (wall: String?, center: Point, direction: Point) {
        var best: (wall: String?, center: Point, direction: Point) = (nil, position, Point(1, 0))
        var nearest = Double.infinity
        for wall in walls {
            let (dx, dy) = (wall.end.x - wall.start.x, wall.end.y - wall.start.y)
            let squared = dx * dx + dy * dy
            guard squared > 0, squared.isFinite else { continue }
            let t = min(max(((position.x - wall.start.x) * dx + (position.y - wall.start.y) * dy) / squared, 0), 1)
            let foot = Point(wall.start.x + t * dx, wall.start.y + t * dy)
            let distance = Segment(foot, position).length
            if distance < nearest {
                nearest = distance
                let length = squared.squareRoot()
                best = (wall.identifier, foot, Point(dx / length, dy / length))
            }
        }
        return best
    }

    static func room(_ value: JSONValue) throws(RoomScanError) -> Room {
        var invalid = InvalidSizes()
        var walls: [Wall] = []
        if case .array(let items)? = value["walls"] {
            for (i, item) in items.enumerated() {
                guard let length = Read.number(item["length"]), length >= 0 else {
                    throw .format("walls[\(i)].length: expected a number of metres")
                }
                let height = Read.number(item["height"]) ?? 0
                let center = Read.vector(item["position"]).map { Point($0.0, $0.2) } ?? Point(0, 0)
                guard invalid.accept(length, height, at: center, element: "walls[\(i)]") else { continue }
                let normal = Read.vector(item["normal"]).map { Point($0.0, $0.2) }
                // Along the wall: the normal turned a quarter.
                let direction =
                    normal.map { n -> Point in
                        let l = (n.x * n.x + n.y * n.y).squareRoot()
                        return l > 1e-9 ? Point(-n.y / l, n.x / l) : Point(1, 0)
                    } ?? Point(1, 0)
                walls.append(
                    Wall(
                        identifier: Read.string(item["identifier"]) ?? Read.string(item["id"]) ?? "wall-\(i)",
                        start: Point(center.x - direction.x * length / 2, center.y - direction.y * length / 2),
                        end: Point(center.x + direction.x * length / 2, center.y + direction.y * length / 2), height: height,
                        normal: normal,
                        confidence: nil))
            }
        }
        var doors: [Door] = []
        var windows: [Window] = []
        var openings: [Opening] = []
        if case .array(let items)? = value["openings"] {
            for (i, item) in items.enumerated() {
                let kind = Read.enumCase(item["type"])?.name ?? "opening"
                let width = Read.number(item["width"]) ?? 0
                let height = Read.number(item["height"]) ?? 0
                let position = Read.vector(item["position"]).map { Point($0.0, $0.2) }
                guard invalid.accept(width, height, at: position, element: "openings[\(i)]") else { continue }
                // Placed on the nearest wall when the form gives a position; else nowhere.
                let spot = Read.vector(item["position"]).map { onNearestWall(Point($0.0, $0.2), walls) }
                let (wall, center, direction) = (spot?.wall, spot?.center, spot?.direction ?? Point(1, 0))
                let id = Read.string(item["identifier"]) ?? "\(kind)-\(i)"
                switch kind {
                case "door":
                    doors.append(
                        Door(identifier: id, width: width, height: height, isOpen: nil, wall: wall, center: center, direction: direction))
                case "window":
                    windows.append(
                        Window(
                            identifier: id, width: width, height: height, sill: Read.number(item["sill"]) ?? 0, wall: wall, center: center,
                            direction: direction))
                default:
                    openings.append(
                        Opening(identifier: id, width: width, height: height, wall: wall, center: center, direction: direction))
                }
            }
        }
        let loop = WallLoop.closedOrBridged(walls)
        let outline = loop?.corners ?? []
        let computedArea = outline.count >= 3 ? ((try? Ring(outline))?.area ?? 0) : 0
        let givenArea = Read.number(value["floorArea"])
        let area = givenArea.map { invalid.accept($0, element: "floorArea") ? $0 : computedArea } ?? computedArea
        let perimeter =
            outline.isEmpty
            ? walls.reduce(0) { $0 + $1.length }
            : WallLoop.perimeter(outline)
        let tallestWall = walls.map(\.height).max()
        let ceiling =
            Read.number(value["ceilingHeight"]).map { invalid.accept($0, element: "ceilingHeight") ? $0 : tallestWall } ?? tallestWall
        var warnings: [RoomWarning] = []
        if loop?.source != .wallLoop && !walls.isEmpty {
            warnings.append(RoomWarning(code: "walls-not-closed", message: "the walls do not form a closed loop"))
        }
        if let warning = loop?.warning { warnings.append(warning) }
        if outline.count < 3 { warnings.append(.noFloorOutline) }
        if let warning = invalid.warning { warnings.append(warning) }
        let (length, width) = EnclosingRectangle.of(outline)
        return Room(
            floorOutline: outline, outlineSource: loop?.source ?? .none, floorArea: area, floorPerimeter: perimeter,
            ceilingHeight: ceiling, ceilingHeightRange: nil, dimensions: Room.Dimensions(length: length, width: width, height: ceiling),
            walls: walls,
            doors: doors, windows: windows, openings: openings, objects: [], warnings: warnings, floorLevel: 0)
    }
}
