import RemoGeometry

/// Which wall a door, window or opening is on, and how far along it.
enum WallPlacement {
    /// How far (metres) an element's centre may lie from a wall it is put on when the scan
    /// does not name its wall: a wall's thickness and then some.
    static let nearestWallDistance = 0.5

    /// The wall `identifier` names (a RoomPlan element's `parentIdentifier`), else the wall
    /// whose segment passes nearest `center`, within ``nearestWallDistance``.
    static func wall(named identifier: String?, near center: Point?, in walls: [Wall]) -> Int? {
        if let identifier, let named = walls.firstIndex(where: { $0.identifier == identifier }) { return named }
        guard let center else { return nil }
        let nearest = walls.indices.min {
            Segment(walls[$0].start, walls[$0].end).distance(to: center) < Segment(walls[$1].start, walls[$1].end).distance(to: center)
        }
        guard let nearest, Segment(walls[nearest].start, walls[nearest].end).distance(to: center) <= nearestWallDistance else { return nil }
        return nearest
    }

    /// How far along `wall`, from its start, the foot of `center` lies.
    static func offset(of center: Point, along wall: Wall) -> Double {
        let (dx, dy) = (wall.end.x - wall.start.x, wall.end.y - wall.start.y)
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return 0 }
        return ((center.x - wall.start.x) * dx + (center.y - wall.start.y) * dy) / length
    }

    /// The wall and the offset along it of an element at `center`.
    static func place(named identifier: String?, at center: Point?, in walls: [Wall]) -> (wall: Int?, offset: Double?) {
        let wall = self.wall(named: identifier, near: center, in: walls)
        guard let wall, let center else { return (wall, nil) }
        return (wall, offset(of: center, along: walls[wall]))
    }
}
