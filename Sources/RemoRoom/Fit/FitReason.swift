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
        /// The size used, some of it placed by its order in the product's text.
        case dimensionsInferred(width: Double, depth: Double, height: Double)
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

    /// A stable code: floor-space, ceiling-height, door-passage, no-scan, missing-dimensions
    /// or dimensions-inferred.
    public var code: String {
        switch finding {
        case .missingDimensions: "missing-dimensions"
        case .dimensionsInferred: "dimensions-inferred"
        case .noScan: "no-scan"
        case .tooTall, .underCeiling: "ceiling-height"
        case .stuckAtDoor, .passesDoor, .noDoorway: "door-passage"
        case .floorFits, .floorTight, .noFloor, .noOutline: "floor-space"
        }
    }

    /// A sentence with the numbers, in metres with two decimals.
    public var message: String { sentence.text }

    private var sentence: Sentence {
        switch finding {
        case .missingDimensions(let width, let depth, let height):
            // "width", "width and height", "width, depth and height".
            let names = [("width", width), ("depth", depth), ("height", height)].filter(\.1).map(\.0)
            let list = names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
            let verb = names.count == 1 ? "is missing or not a positive length" : "are missing or not positive lengths"
            return "the product's \(list) \(verb)"
        case .dimensionsInferred(let width, let depth, let height):
            return """
                the size was read from unlabelled numbers in the product's text, taken as width × depth × height: \
                \(metres: width) × \(metres: depth) × \(metres: height) m
                """
        case .noScan:
            return "there is no room scan to check against"
        case .tooTall(let height, let ceiling):
            return "\(metres: height) m tall; the ceiling is \(metres: ceiling) m"
        case .underCeiling(let height, let ceiling):
            return "\(metres: height) m tall under a \(metres: ceiling) m ceiling (\(metres: ceiling - height) m to spare)"
        case .stuckAtDoor(let side, let middle, let doorway):
            // Narrow enough for the widest doorway but too long to stand up in it, or too wide.
            if side < doorway.clearWidth {
                return """
                    its smallest side, \(metres: side) m, passes the widest \(doorway.kind) (\(metres: doorway.clearWidth) m clear), \
                    but its next side, \(metres: middle) m, is over its \(metres: doorway.height) m height
                    """
            }
            return """
                its smallest side, \(metres: side) m, does not pass the widest \(doorway.kind): \
                \(metres: doorway.clearWidth) m clear × \(metres: doorway.height) m
                """
        case .passesDoor(let side, let doorway):
            return "passes a \(metres: doorway.clearWidth) m clear \(doorway.kind) with \(metres: doorway.clearWidth - side) m to spare"
        case .noDoorway:
            return "no door or opening was scanned; the way in was not checked"
        case .floorFits(let piece, let found):
            return """
                \(size: piece) m with \(metres: piece.clearance.recommended) m \(piece.clearance.side.phrase) fits at \
                \(point: found.center), turned \(Int(found.rotationDegrees.rounded()))°
                """
        case .floorTight(let piece, let found):
            return """
                \(size: piece) m fits only with the minimum \(metres: piece.clearance.minimum) m \(piece.clearance.side.phrase) \
                (not the recommended \(metres: piece.clearance.recommended) m), at \(point: found.center)
                """
        case .noFloor(let piece):
            return """
                needs \(size: piece) m of free floor with \(metres: piece.clearance.minimum) m \(piece.clearance.side.phrase); \
                no place on the free floor holds it
                """
        case .noOutline:
            return "the scan has no usable floor outline (none, or one that crosses itself); the floor space was not checked"
        }
    }
}

extension FitReason.Doorway {
    /// What the sentences call it.
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
