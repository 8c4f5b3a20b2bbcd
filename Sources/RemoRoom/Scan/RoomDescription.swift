import Foundation
import RemoGeometry

extension Room {
    /// One paragraph a generation prompt can take: the room's size, kind and ceiling, where
    /// each door, window and opening is, and the furniture that stays. "A 5.20 × 4.20 m
    /// living room with a 2.60 m ceiling. The window (1.20 m wide) is on the west wall,
    /// centred; the door (0.90 m wide) is on the south wall, near its east end. A sofa
    /// (2.10 × 0.90 m) stands on the north side." Compass words are the plan's: west is
    /// −x, north is −z.
    public var promptDescription: String {
        var sentences: [String] = []
        let kind = RoomDescription.kind(of: objects.map(\.category))
        if floorOutline.count >= 3 {
            var opening = "A \(dimensions.length.twoDecimals) × \(dimensions.width.twoDecimals) m \(kind)"
            if let ceiling = ceilingHeight { opening += " with a \(ceiling.twoDecimals) m ceiling" }
            sentences.append(opening + ".")
        } else {
            sentences.append(
                "A \(kind) whose floor was not scanned" + (ceilingHeight.map { ", with a \($0.twoDecimals) m ceiling" } ?? "") + ".")
        }
        let counts = (doors.count, windows.count, openings.count)
        var places: [String] = []
        for door in doors {
            places.append(place("door", only: counts.0 == 1, width: door.width, wall: door.wall, offset: door.offsetAlongWall))
        }
        for window in windows {
            places.append(place("window", only: counts.1 == 1, width: window.width, wall: window.wall, offset: window.offsetAlongWall))
        }
        for opening in openings {
            places.append(place("opening", only: counts.2 == 1, width: opening.width, wall: opening.wall, offset: opening.offsetAlongWall))
        }
        if let first = places.first {
            sentences.append((first.prefix(1).uppercased() + first.dropFirst() + places.dropFirst().map { "; " + $0 }.joined()) + ".")
        }
        let furniture = objects.map { object in
            "\(RoomDescription.article(RoomDescription.words(object.category))) \(RoomDescription.words(object.category)) (\(object.width.twoDecimals) × \(object.depth.twoDecimals) m) \(position(object.center))"
        }
        if !furniture.isEmpty {
            sentences.append("Staying: " + RoomDescription.list(furniture) + ".")
        }
        return sentences.joined(separator: " ")
    }

    /// "the window (1.20 m wide) is on the west wall, centred".
    private func place(_ kind: String, only: Bool, width: Double, wall: Int?, offset: Double?) -> String {
        let named = "\(only ? "the" : RoomDescription.article(kind)) \(kind) (\(width.twoDecimals) m wide)"
        guard let wall, wall < walls.count else { return named + " is on no scanned wall" }
        let side = RoomDescription.compass(of: inwardNormal(ofWall: wall), outward: true)
        var text = "\(named) is on the \(side) wall"
        if let offset, walls[wall].length > 0 {
            let t = offset / walls[wall].length
            let w = walls[wall]
            let along = Point(w.end.x - w.start.x, w.end.y - w.start.y)
            if abs(t - 0.5) <= 0.15 {
                text += ", centred"
            } else {
                let end = t > 0.5 ? along : Point(-along.x, -along.y)
                text += ", near its \(RoomDescription.compass(of: end, outward: false, fourWay: true)) end"
            }
        }
        return text
    }

    /// "in the north-west corner", "on the east side", "in the middle": by thirds of the
    /// outline's extent (of the walls' without one).
    private func position(_ p: Point) -> String {
        let points = floorOutline.count >= 3 ? floorOutline : walls.flatMap { [$0.start, $0.end] }
        guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(), let minY = points.map(\.y).min(),
            let maxY = points.map(\.y).max(), maxX > minX, maxY > minY
        else { return "in the room" }
        let fx = (p.x - minX) / (maxX - minX)
        let fy = (p.y - minY) / (maxY - minY)
        let ns = fy < 1.0 / 3 ? "north" : fy > 2.0 / 3 ? "south" : nil
        let ew = fx < 1.0 / 3 ? "west" : fx > 2.0 / 3 ? "east" : nil
        switch (ns, ew) {
        case let (ns?, ew?): return "in the \(ns)-\(ew) corner"
        case let (ns?, nil): return "on the \(ns) side"
        case let (nil, ew?): return "on the \(ew) side"
        case (nil, nil): return "in the middle"
        }
    }
}

/// The words of ``Room/promptDescription``.
enum RoomDescription {
    /// The compass word for a direction on the plan (west = −x, north = −z): eight ways, or
    /// four. `outward`: the direction is a wall's inward normal, and the wall is on the
    /// other side.
    static func compass(of direction: Point, outward: Bool, fourWay: Bool = false) -> String {
        let d = outward ? Point(-direction.x, -direction.y) : direction
        var degrees = atan2(d.y, d.x) * 180 / .pi  // 0 east, 90 south (+z), 180 west, 270 north
        if degrees < 0 { degrees += 360 }
        if fourWay {
            return ["east", "south", "west", "north"][Int(((degrees + 45) / 90).rounded(.down)) % 4]
        }
        return ["east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east"][
            Int(((degrees + 22.5) / 45).rounded(.down)) % 8]
    }

    /// A room's kind from its furniture: a bed makes a bedroom, a toilet or a bath a
    /// bathroom, a sofa, a fireplace or a television a living room (an open kitchen
    /// included), a stove, an oven, a fridge or a dishwasher a kitchen, a table with chairs a
    /// dining room; else a room.
    static func kind(of categories: [String]) -> String {
        let c = Set(categories.map { $0.lowercased() })
        if c.contains("bed") { return "bedroom" }
        if c.contains("toilet") || c.contains("bathtub") { return "bathroom" }
        if !c.isDisjoint(with: ["sofa", "fireplace", "television"]) { return "living room" }
        if !c.isDisjoint(with: ["stove", "oven", "refrigerator", "dishwasher"]) { return "kitchen" }
        if c.contains("table") && c.contains("chair") { return "dining room" }
        return "room"
    }

    /// A category as words: `washerDryer` is "washer dryer", `storage` "storage unit".
    static func words(_ category: String) -> String {
        if category == "storage" { return "storage unit" }
        var text = ""
        for character in category {
            if character.isUppercase && !text.isEmpty { text += " " }
            text += character.lowercased()
        }
        return text
    }

    static func article(_ word: String) -> String { "aeiou".contains(word.first ?? "x") ? "an" : "a" }

    /// "a, b and c".
    static func list(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
