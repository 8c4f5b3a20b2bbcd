import RemoGeometry
import RemoJSON

/// Reads the simple `RoomDimensions` form: walls with length, height, position (the
/// centre) and normal; openings with type, width, height; floorArea; ceilingHeight.
enum RoomDimensionsReader {
    /// The point of the wall nearest to `position`, that wall's index, how far along it the
    /// point is, and its unit direction; `position` itself along the plan's x axis when
    /// there is no wall.
    static func onNearestWall(_ position: Point, _ walls: [Wall]) -> (wall: Int?, center: Point, offset: Double?, direction: Point) {
        var best: (wall: Int?, center: Point, offset: Double?, direction: Point) = (nil, position, nil, Point(1, 0))
        var nearest = Double.infinity
        for (k, wall) in walls.enumerated() {
            let (dx, dy) = (wall.end.x - wall.start.x, wall.end.y - wall.start.y)
            let squared = dx * dx + dy * dy
            guard squared > 0, squared.isFinite else { continue }
            let t = min(max(((position.x - wall.start.x) * dx + (position.y - wall.start.y) * dy) / squared, 0), 1)
            let foot = Point(wall.start.x + t * dx, wall.start.y + t * dy)
            let distance = Segment(foot, position).length
            if distance < nearest {
                nearest = distance
                let length = squared.squareRoot()
                best = (k, foot, WallPlacement.offset(of: foot, along: wall), Point(dx / length, dy / length))
            }
        }
        return best
    }

    static func room(_ value: JSONValue) throws(RoomScanError) -> Room {
        var invalid = InvalidSizes()
        var walls: [Wall] = []
        guard case .array(let wallItems)? = value["walls"] else { throw .format("walls: expected an array of walls") }
        for (i, item) in wallItems.enumerated() {
            let path = "walls[\(i)]"
            guard case .object = item else { throw .format("\(path): expected an object") }
            guard let length = try number(item, "length", path) else { throw .format("\(path).length: expected a number of metres") }
            let height = try number(item, "height", path) ?? 0
            let center = try planPoint(item, "position", path) ?? Point(0, 0)
            guard invalid.accept(length, height, at: center, element: path) else { continue }
            let normal = try planPoint(item, "normal", path)
            // Along the wall: the normal turned a quarter.
            let direction =
                normal.map { n -> Point in
                    let l = (n.x * n.x + n.y * n.y).squareRoot()
                    return l > 1e-9 ? Point(-n.y / l, n.x / l) : Point(1, 0)
                } ?? Point(1, 0)
            let identifier = try string(item, "identifier", path)
            let id = try string(item, "id", path)
            walls.append(
                Wall(
                    identifier: identifier ?? id,
                    start: Point(center.x - direction.x * length / 2, center.y - direction.y * length / 2),
                    end: Point(center.x + direction.x * length / 2, center.y + direction.y * length / 2), height: height,
                    normal: normal,
                    confidence: nil))
        }
        var doors: [Door] = []
        var windows: [Window] = []
        var openings: [Opening] = []
        switch value["openings"] {
        case nil: break
        case .array(let items)?:
            for (i, item) in items.enumerated() {
                let path = "openings[\(i)]"
                guard case .object = item else { throw .format("\(path): expected an object") }
                if let type = item["type"], Read.enumCase(type) == nil {
                    throw .format("\(path).type: expected door, window or opening, as a string or a one-key object")
                }
                let kind = Read.enumCase(item["type"])?.name ?? "opening"
                let width = try number(item, "width", path) ?? 0
                let height = try number(item, "height", path) ?? 0
                let position = try planPoint(item, "position", path)
                guard invalid.accept(width, height, at: position, element: path) else { continue }
                // Placed on the nearest wall when the form gives a position; else nowhere.
                let spot = position.map { onNearestWall($0, walls) }
                let (wall, center, offset, direction) = (spot?.wall, spot?.center, spot?.offset, spot?.direction ?? Point(1, 0))
                let id = try string(item, "identifier", path) ?? "\(kind)-\(i)"
                switch kind {
                case "door":
                    doors.append(
                        Door(
                            identifier: id, width: width, height: height, isOpen: nil, wall: wall, center: center, direction: direction,
                            offsetAlongWall: offset, bottom: 0))
                case "window":
                    windows.append(
                        Window(
                            identifier: id, width: width, height: height, sill: try number(item, "sill", path) ?? 0, wall: wall,
                            center: center, direction: direction, offsetAlongWall: offset))
                default:
                    openings.append(
                        Opening(
                            identifier: id, width: width, height: height, wall: wall, center: center, direction: direction,
                            offsetAlongWall: offset, bottom: 0))
                }
            }
        case .some: throw .format("openings: expected an array of openings")
        }
        let loop = WallLoop.closedOrBridged(walls)
        let outline = loop?.corners ?? []
        let computedArea = outline.count >= 3 ? ((try? Ring(outline))?.area ?? 0) : 0
        let givenArea = try number(value, "floorArea", "$")
        let area = givenArea.map { invalid.accept($0, element: "floorArea") ? $0 : computedArea } ?? computedArea
        let perimeter =
            outline.isEmpty
            ? walls.reduce(0) { $0 + $1.length }
            : WallLoop.perimeter(outline)
        let tallestWall = walls.map(\.height).max()
        let ceiling =
            try number(value, "ceilingHeight", "$").map { invalid.accept($0, element: "ceilingHeight") ? $0 : tallestWall } ?? tallestWall
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

    /// The member `key` of `object` as a number: nil when absent, refused (naming
    /// `path.key`) when it is there but not a number.
    static func number(_ object: JSONValue, _ key: String, _ path: String) throws(RoomScanError) -> Double? {
        switch object[key] {
        case nil: return nil
        case .number(let value)?: return value
        case let other?: throw .format("\(path).\(key): expected a number, found \(other.kindDescription)")
        }
    }

    /// The member `key` of `object` as a string: nil when absent, refused when it is
    /// there but not a string.
    static func string(_ object: JSONValue, _ key: String, _ path: String) throws(RoomScanError) -> String? {
        switch object[key] {
        case nil: return nil
        case .string(let value)?: return value
        case let other?: throw .format("\(path).\(key): expected a string, found \(other.kindDescription)")
        }
    }

    /// The member `key` of `object`, a vector `[x, y, z]` or `{"x", "y", "z"}` in metres,
    /// as a point on the plan (x, z): nil when absent, refused when it is there but not
    /// such a vector.
    static func planPoint(_ object: JSONValue, _ key: String, _ path: String) throws(RoomScanError) -> Point? {
        guard let value = object[key] else { return nil }
        let components: [JSONValue]? =
            switch value {
            case .array(let items) where items.count == 3: items
            case .object: [value["x"], value["y"], value["z"]].compactMap { $0 }
            default: nil
            }
        let numbers = (components ?? []).compactMap { if case .number(let n) = $0 { n } else { nil } }
        guard numbers.count == 3 else { throw .format("\(path).\(key): expected [x, y, z] or {\"x\", \"y\", \"z\"}, numbers in metres") }
        return Point(numbers[0], numbers[2])
    }
}
