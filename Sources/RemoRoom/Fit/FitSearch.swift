import Foundation
import RemoGeometry

extension FitChecker {
    /// What the search for a position came to.
    enum Search {
        /// A position the exact check confirms.
        case found(FitPlacement)
        /// No position at any orientation considered: the free rectangles show it
        /// without a position-by-position search, so a larger box has none either.
        case ruledOut
        /// None found, some orientations searched position by position.
        case notFound

        var placement: FitPlacement? {
            if case .found(let placement) = self { placement } else { nil }
        }
    }

    /// Whether some possibly free rectangle holds the box at some wall direction and quarter
    /// turn; when none does, no position holds it (the surely free rectangles lie inside
    /// possibly free ones), and without the free rectangles of some direction it is unknown.
    func possiblyHolds(_ box: ClearedBox) -> Bool {
        let (w, h, _) = box.turned(quarter: 0)
        for free in rectangles {
            guard let possiblyFree = free?.possiblyFree else { return true }
            if possiblyFree.mayHold(width: w, height: h) || possiblyFree.mayHold(width: h, height: w) { return true }
        }
        return false
    }

    /// A position for the cleared footprint on the free floor, or nil.
    func place(_ width: Double, _ depth: Double, clearance side: Clearance.Side, amount: Double) -> FitPlacement? {
        search(ClearedBox(width: width, depth: depth, side: side, amount: amount)).placement
    }

    /// A position for the cleared box on the free floor.
    ///
    /// At each wall direction and quarter turn, the free rectangles
    /// (``FreeFloorRectangles``) first: when no possibly free rectangle can hold the box, or
    /// (unless `quickly`) the core of every possibly free rectangle that could hold it is
    /// not free floor, that orientation is ruled out; else the narrowest surely free rectangle
    /// that holds the box gives a position, which the exact check confirms. Only the
    /// orientations left unsure (slanted edges nearby, or no rectangles) are searched
    /// position by position, unless `quickly`, which stops after the surely free rectangles.
    func search(_ box: ClearedBox, quickly: Bool = false) -> Search {
        guard let floor, box.area <= freeArea + FitTolerance.length else { return .ruledOut }
        var unsure: [(frame: Int, quarter: Int)] = []
        for (n, free) in rectangles.enumerated() {
            guard let free else {
                unsure += (0..<4).map { (n, $0) }
                continue
            }
            // Each set of rectangles is taken once for this box (nil when there were too
            // many), and the surely free ones only when needed.
            lazy var possiblyFree = free.possiblyFree
            lazy var surelyFree = free.surelyFree
            var surelyFreeFound = free.hasSurelyFree
            // A half turn keeps the box's extent: quarters 2 and 3 reuse what 0 and 1 found.
            // Whether the possibly free rectangles leave the box open (nil until asked) and the
            // narrowest surely free rectangle that holds it.
            var open: (Bool?, Bool?) = (nil, nil)
            var holder: (Int?, Int?) = (nil, nil)
            for quarter in 0..<4 {
                let (w, h, _) = box.turned(quarter: quarter)
                let odd = quarter & 1 == 1
                func isOpen() -> Bool {
                    guard let possiblyFree else { return true }
                    return possiblyFree.mayHold(width: w, height: h) && (quickly || !possiblyFree.ruledOut(width: w, height: h, on: floor))
                }
                if quarter < 2 {
                    // Until the surely free rectangles have been found, the possibly free
                    // ones are asked first: when they rule the box out, so would the surely
                    // free ones (each lies in a possibly free one), which need not be found.
                    let asked: Bool? = surelyFreeFound ? nil : isOpen()
                    var k: Int? = nil
                    if asked != false {
                        k = surelyFree?.front.index(holding: w, h)
                        surelyFreeFound = true
                    }
                    if odd { (open.1, holder.1) = (asked, k) } else { (open.0, holder.0) = (asked, k) }
                }
                if let k = odd ? holder.1 : holder.0, let surelyFree {
                    let entry = surelyFree.front.entries[k]
                    let within = surelyFree.checkedFree(k, on: floor)
                    // Snug in the rectangle's lower-left corner, a hair off its sides so
                    // that the turn's rounding stays inside; else in its middle. Inside
                    // the rectangle once the exact check has found it free, the piece
                    // needs no check of its own beyond being inside it.
                    let slack = Point((entry.width - w) / 2, (entry.height - h) / 2)
                    let inset = Point(
                        min(slack.x, 2 * FreeFloorRectangles.hair(entry.x)), min(slack.y, 2 * FreeFloorRectangles.hair(entry.y)))
                    for attempt in 0..<2 {
                        let corner =
                            attempt == 0 ? Point(entry.x + inset.x, entry.y + inset.y) : Point(entry.x + slack.x, entry.y + slack.y)
                        if let found = confirm(box, quarter: quarter, corner: corner, in: frames[n], on: floor, within: within) {
                            return .found(found)
                        }
                    }
                }
                guard !quickly else { continue }
                // Searched position by position unless the possibly free rectangles rule it out.
                let stillOpen = (odd ? open.1 : open.0) ?? isOpen()
                if odd { open.1 = stillOpen } else { open.0 = stillOpen }
                if stillOpen { unsure.append((n, quarter)) }
            }
        }
        if quickly { return .notFound }
        // A half turn has the same ranges: found once for quarters 0 and 2, once for 1 and 3.
        var ranges: (frame: Int, even: [BoundingBox]??, odd: [BoundingBox]??) = (-1, nil, nil)
        for (n, quarter) in unsure {
            if ranges.frame != n { ranges = (n, nil, nil) }
            let (w, h, _) = box.turned(quarter: quarter)
            let odd = quarter & 1 == 1
            let corners = (odd ? ranges.odd : ranges.even) ?? rectangles[n]?.possiblyFree?.corners(width: w, height: h, on: floor)
            if odd { ranges.odd = corners } else { ranges.even = corners }
            if let found = search(box, quarter: quarter, in: frames[n], on: floor, cornersIn: corners) { return .found(found) }
        }
        return unsure.isEmpty ? .ruledOut : .notFound
    }

    /// The placement of `box` turned `quarter` quarter turns from `frame`'s x axis with its
    /// lower-left corner at `corner` (in the frame), if the exact check holds it.
    /// When `within` (a convex quadrilateral known to be free floor) holds all four of
    /// its corners, that is the check.
    func confirm(
        _ box: ClearedBox, quarter: Int, corner: Point, in frame: TurnedFrame, on floor: FreeFloor, within: Quad? = nil
    ) -> FitPlacement? {
        let offset = box.turned(quarter: quarter).center
        let center = frame.plan(Point(corner.x + offset.x, corner.y + offset.y))
        // The piece's width axis on the plan: the frame's x axis turned, exactly.
        let rectangle = box.corners(center: center, along: frame.axis(quarter))
        if let within, rectangle.isInRange, rectangle.counterclockwiseIfConvex != nil, within.holdsCorners(of: rectangle) {
            // Inside a free convex quadrilateral: free.
        } else if !floor.holds(rectangle) {
            return nil
        }
        return FitPlacement(center: center, rotationDegrees: frame.degrees(quarter), corners: rectangle)
    }

    /// The slow search at one orientation, position by position.
    ///
    /// Candidates: the piece's back against each outline edge that runs along its width,
    /// slid to the edge's ends and to every outline and obstacle vertex (where furniture
    /// stands); pieces with clearance all round, or with no such edge, also try a 0.2 m
    /// grid. Given `ranges` (``PossiblyFreeRectangles/corners(width:height:on:)``), only
    /// candidates whose lower-left corner lies in one are tried (others cannot be free
    /// floor); a cheap floating-point test in the frame filters them, and the exact check
    /// confirms the first survivor.
    func search(
        _ box: ClearedBox, quarter: Int, in frame: TurnedFrame, on floor: FreeFloor, cornersIn ranges: [BoundingBox]? = nil
    ) -> FitPlacement? {
        let (a, b, _) = box.turned(quarter: quarter)
        let room = frame.box
        guard room.width >= a - FitTolerance.length, room.height >= b - FitTolerance.length, ranges?.isEmpty != true else { return nil }
        // Room for the rounding of the turn (a free box's corner lies in a range up to it).
        let slack = FitTolerance.relative(FitTolerance.cornerRange, to: room.largestMagnitude)
        func inRange(_ x: Double, _ y: Double) -> Bool {
            guard let ranges else { return true }
            return ranges.contains { x >= $0.min.x - slack && x <= $0.max.x + slack && y >= $0.min.y - slack && y <= $0.max.y + slack }
        }
        // A corner in a range: the cheap test, then the exact check.
        func tried(_ corner: Point) -> FitPlacement? {
            guard frame.roughlyHolds(corner.x, corner.y, corner.x + a, corner.y + b) else { return nil }
            return confirm(box, quarter: quarter, corner: corner, in: frame, on: floor)
        }
        let againstWalls = frame.cornersAgainstWalls(quarter: quarter, width: a, height: b)
        for corner in againstWalls where inRange(corner.x, corner.y) { if let found = tried(corner) { return found } }
        guard box.side == .around || againstWalls.isEmpty else { return nil }
        // A 0.2 m grid, coarser for huge rooms: at most 81 × 81 positions, counted rather
        // than stepped (far from the origin a step can be below the coordinates' precision).
        let stepX = max(0.2, (room.width - a) / 80)
        let stepY = max(0.2, (room.height - b) / 80)
        let countX = ((room.width - a + FitTolerance.length) / stepX).rounded(.down).clamped(to: -1...80) + 1
        let countY = ((room.height - b + FitTolerance.length) / stepY).rounded(.down).clamped(to: -1...80) + 1
        // Each row's columns in some range, marked range by range (a range's columns are
        // found by division, give or take one, and each is tested as `inRange` would).
        var marked = [Bool](repeating: ranges == nil, count: max(countX, 0))
        for j in 0..<countY {
            let y = room.min.y + Double(j) * stepY
            if let ranges {
                for i in marked.indices { marked[i] = false }
                for r in ranges where y >= r.min.y - slack && y <= r.max.y + slack {
                    func column(_ x: Double) -> Int { ((x - room.min.x) / stepX).rounded(.down).clamped(to: -1...countX) }
                    let (first, end) = (max(column(r.min.x - slack) - 1, 0), min(column(r.max.x + slack) + 2, countX))
                    for i in stride(from: first, to: end, by: 1) {
                        let x = room.min.x + Double(i) * stepX
                        if x >= r.min.x - slack && x <= r.max.x + slack { marked[i] = true }
                    }
                }
            }
            for i in marked.indices where marked[i] {
                if let found = tried(Point(room.min.x + Double(i) * stepX, y)) { return found }
            }
        }
        return nil
    }
}
