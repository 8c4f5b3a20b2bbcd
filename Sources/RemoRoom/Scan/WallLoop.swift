import Foundation
import RemoGeometry

/// Floor outlines from walls, and how much of an outline the walls cover.
enum WallLoop {
    /// How close two wall ends must be (metres) to count as one corner.
    static let cornerTolerance = 0.3

    /// More walls than this and no loop is looked for (it takes time in the square of
    /// their number; a real room has a few dozen at most).
    static let wallLimit = 1_000

    /// The closed loop the walls form, end to end, as its corners; nil when they do not
    /// close (or there are more than ``wallLimit``).
    static func outline(_ walls: [Wall]) -> [Point]? {
        guard walls.count >= 3, walls.count <= wallLimit else { return nil }
        var remaining = Array(walls.dropFirst())
        var corners = [walls[0].start]
        var end = walls[0].end
        while !remaining.isEmpty {
            var best: (index: Int, flipped: Bool, distance: Double)? = nil
            for (i, w) in remaining.enumerated() {
                for (flipped, p) in [(false, w.start), (true, w.end)] {
                    let d = Segment(end, p).length
                    if d <= cornerTolerance && (best == nil || d < best!.distance) { best = (i, flipped, d) }
                }
            }
            guard let next = best else { return nil }
            let wall = remaining.remove(at: next.index)
            let (near, far) = next.flipped ? (wall.end, wall.start) : (wall.start, wall.end)
            corners.append(Point((end.x + near.x) / 2, (end.y + near.y) / 2))
            end = far
        }
        guard Segment(end, walls[0].start).length <= cornerTolerance else { return nil }
        corners[0] = Point((end.x + walls[0].start.x) / 2, (end.y + walls[0].start.y) / 2)
        return corners
    }

    /// The walls' closed loop (``outline(_:)``), else their ``bridgedWithWarning(_:)``
    /// loop; nil when neither can be made.
    static func closedOrBridged(_ walls: [Wall]) -> (corners: [Point], source: Room.OutlineSource, warning: RoomWarning?)? {
        if let loop = outline(walls) { return (loop, .wallLoop, nil) }
        return bridgedWithWarning(walls).map { ($0.corners, .bridgedWalls, $0.warning) }
    }

    /// The ``bridged(_:)`` loop with a `walls-bridged` warning naming its gaps.
    static func bridgedWithWarning(_ walls: [Wall]) -> (corners: [Point], warning: RoomWarning)? {
        guard let loop = bridged(walls) else { return nil }
        let message =
            "there is no floor polygon and the walls do not close: the floor outline joins them across \(loop.gaps) "
            + "gap\(loop.gaps == 1 ? "" : "s") (\(loop.gapLength.twoDecimals) m), so the floor area is an estimate"
        return (loop.corners, RoomWarning(code: "walls-bridged", message: message))
    }

    /// The length round a closed outline (0 for none).
    static func perimeter(_ corners: [Point]) -> Double {
        corners.indices.reduce(0) { $0 + Segment(corners[$1], corners[($1 + 1) % corners.count]).length }
    }

    /// A floor outline guessed from walls that do not close (a scan without a floor
    /// polygon, as every iOS 16 export is, with walls missing): the walls joined end to
    /// end, each gap between them bridged by a straight line. Stub walls (under
    /// ``cornerTolerance``) are left out. Two orders are tried, nearest end first from
    /// the longest wall and in turn round their middle; of those that make a simple ring
    /// no thinner than ``thinnest``, the larger is kept. Nil when fewer than two walls
    /// remain, there are more than ``wallLimit``, or neither order makes one.
    static func bridged(_ walls: [Wall]) -> Bridged? {
        guard walls.count <= wallLimit else { return nil }
        let kept = walls.filter { $0.length >= cornerTolerance && CoordinateRange.accepts($0.start) && CoordinateRange.accepts($0.end) }
        guard kept.count >= 2 else { return nil }
        var best: (loop: Bridged, area: Double)? = nil
        for order in [nearestEndFirst(kept), roundTheMiddle(kept)] {
            let loop = joined(order)
            guard let ring = try? Ring(loop.corners), ring.isSimple else { continue }
            let length = perimeter(loop.corners)
            if ring.area >= thinnest * length * length && ring.area > best?.area ?? 0 { best = (loop, ring.area) }
        }
        return best?.loop
    }

    /// The least area a bridged outline may have for its perimeter squared: a rectangle
    /// 50 times as long as it is wide has about this (a square has 0.0625). Thinner ones
    /// are slivers, such as two walls joined back along themselves.
    static let thinnest = 0.005

    /// An outline from ``bridged(_:)``: its corners, and how many gaps it bridges and
    /// their length.
    struct Bridged {
        var corners: [Point]
        var gaps: Int
        var gapLength: Double
    }

    /// The walls from the longest on, each followed by the one with an end nearest the
    /// last one's far end, turned to start there.
    private static func nearestEndFirst(_ walls: [Wall]) -> [(Point, Point)] {
        var remaining = walls
        let first = remaining.indices.max { remaining[$0].length < remaining[$1].length } ?? 0
        var order = [(remaining[first].start, remaining[first].end)]
        remaining.remove(at: first)
        while let end = order.last?.1, !remaining.isEmpty {
            var best = (index: 0, flipped: false, distance: Double.infinity)
            for (i, w) in remaining.enumerated() {
                let (toStart, toEnd) = (Segment(end, w.start).length, Segment(end, w.end).length)
                if toStart < best.distance { best = (i, false, toStart) }
                if toEnd < best.distance { best = (i, true, toEnd) }
            }
            let wall = remaining.remove(at: best.index)
            order.append(best.flipped ? (wall.end, wall.start) : (wall.start, wall.end))
        }
        return order
    }

    /// The walls in turn counterclockwise round the middle of their middles, each turned
    /// to run counterclockwise.
    private static func roundTheMiddle(_ walls: [Wall]) -> [(Point, Point)] {
        let n = Double(walls.count)
        let middles = walls.map { Point(($0.start.x + $0.end.x) / 2, ($0.start.y + $0.end.y) / 2) }
        let centre = Point(middles.reduce(0) { $0 + $1.x } / n, middles.reduce(0) { $0 + $1.y } / n)
        let angles = middles.map { atan2($0.y - centre.y, $0.x - centre.x) }
        return walls.indices.sorted { angles[$0] < angles[$1] }.map { i -> (Point, Point) in
            let (s, e) = (walls[i].start, walls[i].end)
            let turn: Double = (s.x - centre.x) * (e.y - centre.y) - (s.y - centre.y) * (e.x - centre.x)
            return turn >= 0 ? (s, e) : (e, s)
        }
    }

    /// The walls in this order joined into a loop: ends within ``cornerTolerance`` meet
    /// at their midpoint, others are bridged.
    private static func joined(_ order: [(Point, Point)]) -> Bridged {
        var loop = Bridged(corners: [], gaps: 0, gapLength: 0)
        for (k, wall) in order.enumerated() {
            let previous = order[k == 0 ? order.count - 1 : k - 1].1
            let gap = Segment(previous, wall.0).length
            if gap <= cornerTolerance {
                loop.corners.append(Point((previous.x + wall.0.x) / 2, (previous.y + wall.0.y) / 2))
            } else {
                loop.corners += [previous, wall.0]
                loop.gaps += 1
                loop.gapLength += gap
            }
        }
        return loop
    }

    /// The length of the outline's edges that walls run along (within 0.25 m, within 10°).
    static func coverage(of outline: [Point], by walls: [Wall]) -> Double {
        var covered = 0.0
        // Each wall's direction, once.
        let directions: [(wall: Wall, u: Point)] = walls.compactMap { wall in
            let wl = wall.length
            guard wl > 1e-9 else { return nil }
            return (wall, Point((wall.end.x - wall.start.x) / wl, (wall.end.y - wall.start.y) / wl))
        }
        var intervals: [(Double, Double)] = []
        for i in outline.indices {
            let a = outline[i]
            let b = outline[(i + 1) % outline.count]
            let length = Segment(a, b).length
            guard length > 1e-9 else { continue }
            let u = Point((b.x - a.x) / length, (b.y - a.y) / length)
            intervals.removeAll(keepingCapacity: true)
            for (wall, wu) in directions {
                guard abs(u.x * wu.y - u.y * wu.x) < 0.174 else { continue }  // sin 10°
                func offset(_ p: Point) -> Double { abs((p.x - a.x) * u.y - (p.y - a.y) * u.x) }
                guard offset(wall.start) < 0.25 && offset(wall.end) < 0.25 else { continue }
                func along(_ p: Point) -> Double { (p.x - a.x) * u.x + (p.y - a.y) * u.y }
                let t0 = max(0, min(along(wall.start), along(wall.end)))
                let t1 = min(length, max(along(wall.start), along(wall.end)))
                if t1 > t0 { intervals.append((t0, t1)) }
            }
            intervals.sort { $0.0 < $1.0 }
            var reach = 0.0
            for (t0, t1) in intervals where t1 > reach {
                covered += t1 - max(t0, reach)
                reach = t1
            }
        }
        return covered
    }
}
