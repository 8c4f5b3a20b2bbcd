import RemoGeometry

/// One reason behind a badge: a stable code and a sentence with the numbers.
///
/// A reason keeps its numbers and writes its sentence when asked, so deciding a badge
/// costs no text.
public struct FitReason: Hashable, Sendable {
    /// What was found, with its numbers (metres).
    enum Finding: Hashable, Sendable {
        /// Which of width, depth and height are missing or not positive lengths.
        case missingDimensions(width: Bool, depth: Bool, height: Bool)
        case noScan
        case tooTall(height: Double, ceiling: Double)
        case underCeiling(height: Double, ceiling: Double)
        case stuckAtDoor(smallestSide: Double, middleSide: Double, doorway: Doorway)
        case passesDoor(smallestSide: Double, doorway: Doorway)
        case noDoorway
        case floorFits(Footprint, at: Spot)
        case floorTight(Footprint, at: Spot)
        case noFloor(Footprint)
        case noOutline
    }

    /// A way into the room: its clear width and height.
    struct Doorway: Hashable, Sendable {
        var clearWidth: Double
        var height: Double
        var isDoor: Bool
    }

    /// Where a piece was found to fit: what the sentence names of its placement (the
    /// placement itself stays with the result, not copied into each reason).
    struct Spot: Hashable, Sendable {
        var center: Point
        var rotationDegrees: Double

        init(_ placement: FitPlacement) {
            (center, rotationDegrees) = (placement.center, placement.rotationDegrees)
        }
    }

    /// A piece's footprint and the clearance asked of it.
    struct Footprint: Hashable, Sendable {
        var width: Double
        var depth: Double
        var clearance: Clearance
    }

    let finding: Finding

    /// A stable code: floor-space, ceiling-height, door-passage, no-scan or missing-dimensions.
    public var code: String {
        switch finding {
        case .missingDimensions: "missing-dimensions"
        case .noScan: "no-scan"
        case .tooTall, .underCeiling: "ceiling-height"
        case .stuckAtDoor, .passesDoor, .noDoorway: "door-passage"
        case .floorFits, .floorTight, .noFloor, .noOutline: "floor-space"
        }
    }

    /// A sentence with the numbers, in metres with two decimals.
    public var message: String {
        // Enough for every sentence's words and numbers under 1e13 (17 bytes at most).
        SentenceBytes.string(capacity: 256) { s in
            switch finding {
            case .missingDimensions(let width, let depth, let height):
                // "width", "width and height", "width, depth and height".
                let count = (width ? 1 : 0) + (depth ? 1 : 0) + (height ? 1 : 0)
                s.write("the product's ")
                var written = 0
                for (name, unknown) in [("width" as StaticString, width), ("depth", depth), ("height", height)] where unknown {
                    if written > 0 { s.write(written == count - 1 ? " and " : ", ") }
                    s.write(name)
                    written += 1
                }
                s.write(count == 1 ? " is missing or not a positive length" : " are missing or not positive lengths")
            case .noScan:
                s.write("there is no room scan to check against")
            case .tooTall(let height, let ceiling):
                s.write(height)
                s.write(" m tall; the ceiling is ")
                s.write(ceiling)
                s.write(" m")
            case .underCeiling(let height, let ceiling):
                s.write(height)
                s.write(" m tall under a ")
                s.write(ceiling)
                s.write(" m ceiling (")
                s.write(ceiling - height)
                s.write(" m to spare)")
            case .stuckAtDoor(let side, let middle, let doorway):
                s.write("its smallest side, ")
                s.write(side)
                if side < doorway.clearWidth {
                    // Narrow enough for the widest doorway, too long to stand up in it.
                    s.write(" m, passes the widest ")
                    s.write(doorway.kind)
                    s.write(" (")
                    s.write(doorway.clearWidth)
                    s.write(" m clear), but its next side, ")
                    s.write(middle)
                    s.write(" m, is over its ")
                    s.write(doorway.height)
                    s.write(" m height")
                } else {
                    s.write(" m, does not pass the widest ")
                    s.write(doorway.kind)
                    s.write(": ")
                    s.write(doorway.clearWidth)
                    s.write(" m clear × ")
                    s.write(doorway.height)
                    s.write(" m")
                }
            case .passesDoor(let side, let doorway):
                s.write("passes a ")
                s.write(doorway.clearWidth)
                s.write(" m clear ")
                s.write(doorway.kind)
                s.write(" with ")
                s.write(doorway.clearWidth - side)
                s.write(" m to spare")
            case .noDoorway:
                s.write("no door or opening was scanned; the way in was not checked")
            case .floorFits(let piece, let found):
                s.write(size: piece)
                s.write(" m with ")
                s.write(piece.clearance.recommended)
                s.write(" m ")
                s.write(piece.clearance.side.phrase)
                s.write(" fits at ")
                s.write(point: found.center)
                s.write(", turned ")
                s.write(Int(found.rotationDegrees.rounded()))
                s.write("°")
            case .floorTight(let piece, let found):
                s.write(size: piece)
                s.write(" m fits only with the minimum ")
                s.write(piece.clearance.minimum)
                s.write(" m ")
                s.write(piece.clearance.side.phrase)
                s.write(" (not the recommended ")
                s.write(piece.clearance.recommended)
                s.write(" m), at ")
                s.write(point: found.center)
            case .noFloor(let piece):
                s.write("needs ")
                s.write(size: piece)
                s.write(" m of free floor with ")
                s.write(piece.clearance.minimum)
                s.write(" m ")
                s.write(piece.clearance.side.phrase)
                s.write("; no place on the free floor holds it")
            case .noOutline:
                s.write("the scan has no usable floor outline (none, or one that crosses itself); the floor space was not checked")
            }
        }
    }
}

extension SentenceBytes {
    /// Writes a footprint's size: "1.20 × 0.80".
    fileprivate mutating func write(size piece: FitReason.Footprint) {
        write(piece.width)
        write(" × ")
        write(piece.depth)
    }

    /// Writes a point on the plan: "(1.20, -0.80)".
    fileprivate mutating func write(point: Point) {
        write("(")
        write(point.x)
        write(", ")
        write(point.y)
        write(")")
    }
}

extension FitReason.Doorway {
    var kind: StaticString { isDoor ? "door" : "opening" }
}

extension Clearance.Side {
    /// Where the clearance goes, as the sentences say it.
    var phrase: StaticString {
        switch self {
        case .front: "in front"
        case .sides: "at each side"
        case .around: "all round"
        }
    }
}
