import RemoGeometry

/// One reason behind a badge: a stable code and a sentence with the numbers.
///
/// A reason keeps its numbers and writes its sentence when asked, so deciding a badge
/// costs no text.
public struct FitReason: Hashable, Sendable {
    /// What was found, with its numbers (metres).
    enum Finding: Hashable, Sendable {
        case missingDimensions
        case noScan
        case tooTall(height: Double, ceiling: Double)
        case underCeiling(height: Double, ceiling: Double)
        case stuckAtDoor(smallestSide: Double, doorway: Doorway)
        case passesDoor(smallestSide: Double, doorway: Doorway)
        case noDoorway
        case floorFits(Footprint, at: Spot)
        case floorTight(Footprint, at: Spot)
        case noFloor(Footprint)
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
        case .floorFits, .floorTight, .noFloor: "floor-space"
        }
    }

    /// A sentence with the numbers, in metres with two decimals.
    public var message: String {
        let f = { (v: Double) in v.twoDecimals }
        switch finding {
        case .missingDimensions:
            return "the product's width, depth and height are not all known"
        case .noScan:
            return "there is no room scan to check against"
        case .tooTall(let height, let ceiling):
            return "\(f(height)) m tall; the ceiling is \(f(ceiling)) m"
        case .underCeiling(let height, let ceiling):
            return "\(f(height)) m tall under a \(f(ceiling)) m ceiling (\(f(ceiling - height)) m to spare)"
        case .stuckAtDoor(let side, let doorway):
            return
                "its smallest side, \(f(side)) m, does not pass the widest \(doorway.kind): \(f(doorway.clearWidth)) m clear × \(f(doorway.height)) m"
        case .passesDoor(let side, let doorway):
            return "passes a \(f(doorway.clearWidth)) m clear \(doorway.kind) with \(f(doorway.clearWidth - side)) m to spare"
        case .noDoorway:
            return "no door or opening was scanned; the way in was not checked"
        case .floorFits(let piece, let found):
            return
                "\(f(piece.width)) × \(f(piece.depth)) m with \(f(piece.clearance.recommended)) m \(piece.clearance.side.phrase) fits at (\(f(found.center.x)), \(f(found.center.y))), turned \(Int(found.rotationDegrees.rounded()))°"
        case .floorTight(let piece, let found):
            return
                "\(f(piece.width)) × \(f(piece.depth)) m fits only with the minimum \(f(piece.clearance.minimum)) m \(piece.clearance.side.phrase) (not the recommended \(f(piece.clearance.recommended)) m), at (\(f(found.center.x)), \(f(found.center.y)))"
        case .noFloor(let piece):
            return
                "needs \(f(piece.width)) × \(f(piece.depth)) m of free floor with \(f(piece.clearance.minimum)) m \(piece.clearance.side.phrase); no place on the free floor holds it"
        }
    }
}

extension FitReason.Doorway {
    var kind: String { isDoor ? "door" : "opening" }
}

extension Clearance.Side {
    /// Where the clearance goes, as the sentences say it.
    var phrase: String {
        switch self {
        case .front: "in front"
        case .sides: "at each side"
        case .around: "all round"
        }
    }
}
