import RemoGeometry

/// Whether a scan is good enough to use: what the app's "rescan or skip" prompt reads.
public enum RoomVerdict: String, Hashable, Sendable {
    /// No warning.
    case ok
    /// Usable, with warnings worth showing.
    case warn
    /// Rescan: the floor is not known, or walls cover under 60 % of its outline.
    case rescan
}

extension Room {
    /// Walls covering less than this share of the floor outline's perimeter call for a rescan.
    public static let rescanBelowWallCoverage = 0.6

    /// The unit normal of wall `k` on the plan, towards the room's side: the scan's own
    /// (RoomPlan's points into the room), else square to the wall; turned round if the floor
    /// outline says it points out of the room.
    public func inwardNormal(ofWall k: Int) -> Point {
        let wall = walls[k]
        let (dx, dy) = (wall.end.x - wall.start.x, wall.end.y - wall.start.y)
        let length = (dx * dx + dy * dy).squareRoot()
        var normal = length > 0 ? Point(-dy / length, dx / length) : Point(0, 1)
        if let given = wall.normal, case let l = (given.x * given.x + given.y * given.y).squareRoot(), l > 1e-9 {
            normal = Point(given.x / l, given.y / l)
        }
        let middle = Point((wall.start.x + wall.end.x) / 2, (wall.start.y + wall.end.y) / 2)
        if floorOutline.count >= 3, let outline = try? Ring(floorOutline), outline.isSimple {
            // A few centimetres off the wall's middle, on each side: the side inside the floor is the room's.
            let probe = min(0.05, max(length / 4, 0.001))
            let ahead = outline.locate(Point(middle.x + normal.x * probe, middle.y + normal.y * probe))
            let behind = outline.locate(Point(middle.x - normal.x * probe, middle.y - normal.y * probe))
            if ahead == .outside && behind != .outside { normal = Point(-normal.x, -normal.y) }
        } else if walls.count > 1 {
            // No outline: towards the middle of the walls.
            let centre = walls.reduce(Point(0, 0)) { Point($0.x + ($1.start.x + $1.end.x) / 2, $0.y + ($1.start.y + $1.end.y) / 2) }
            let toCentre = Point(centre.x / Double(walls.count) - middle.x, centre.y / Double(walls.count) - middle.y)
            if toCentre.x * normal.x + toCentre.y * normal.y < 0 { normal = Point(-normal.x, -normal.y) }
        }
        return normal
    }

    /// The share of the floor outline's perimeter that walls run along (0 to 1); nil
    /// without an outline.
    public var wallCoverage: Double? {
        guard floorOutline.count >= 3, floorPerimeter > 0 else { return nil }
        return min(1, WallLoop.coverage(of: floorOutline, by: walls) / floorPerimeter)
    }

    /// `rescan` when the floor is not known (no outline, or one only guessed by joining the
    /// walls across their gaps) or walls cover under 60 % of its outline; else `warn` with
    /// any warning; else `ok`.
    public var verdict: RoomVerdict {
        if outlineSource == .none || outlineSource == .bridgedWalls || floorOutline.count < 3 { return .rescan }
        if let coverage = wallCoverage, coverage < Self.rescanBelowWallCoverage { return .rescan }
        return warnings.isEmpty ? .ok : .warn
    }
}
