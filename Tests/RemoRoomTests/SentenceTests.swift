import Foundation
import RemoGeometry
import RemoShapes
import Testing

@testable import RemoRoom

/// The sentences of fit reasons, written byte by byte, against the same sentences put
/// together with string interpolation and C's "%.2f".
@Suite("Fit reasons' sentences")
struct SentenceTests {
    static func f(_ v: Double) -> String { String(format: "%.2f", v) }

    /// The sentence as string interpolation writes it.
    static func expected(_ finding: FitReason.Finding) -> String {
        switch finding {
        case .missingDimensions(let w, let d, let h):
            switch [w ? "width" : nil, d ? "depth" : nil, h ? "height" : nil].compactMap({ $0 }) {
            case let names where names.count == 1: "the product's \(names[0]) is missing or not a positive length"
            case let names where names.count == 2: "the product's \(names[0]) and \(names[1]) are missing or not positive lengths"
            case let names:
                "the product's \(names.joined(separator: ", ").replacingOccurrences(of: ", height", with: " and height")) are missing or not positive lengths"
            }
        case .dimensionsInferred(let w, let d, let h):
            "the size was read from unlabelled numbers in the product's text, taken as width × depth × height: \(f(w)) × \(f(d)) × \(f(h)) m"
        case .noScan: "there is no room scan to check against"
        case .tooTall(let h, let c): "\(f(h)) m tall; the ceiling is \(f(c)) m"
        case .underCeiling(let h, let c): "\(f(h)) m tall under a \(f(c)) m ceiling (\(f(c - h)) m to spare)"
        case .stuckAtDoor(let s, let m, let d) where s < d.clearWidth:
            "its smallest side, \(f(s)) m, passes the widest \(d.isDoor ? "door" : "opening") (\(f(d.clearWidth)) m clear), but its next side, \(f(m)) m, is over its \(f(d.height)) m height"
        case .stuckAtDoor(let s, _, let d):
            "its smallest side, \(f(s)) m, does not pass the widest \(d.isDoor ? "door" : "opening"): \(f(d.clearWidth)) m clear × \(f(d.height)) m"
        case .passesDoor(let s, let d):
            "passes a \(f(d.clearWidth)) m clear \(d.isDoor ? "door" : "opening") with \(f(d.clearWidth - s)) m to spare"
        case .noDoorway: "no door or opening was scanned; the way in was not checked"
        case .floorFits(let p, let at):
            "\(f(p.width)) × \(f(p.depth)) m with \(f(p.clearance.recommended)) m \(phrase(p.clearance.side)) fits at (\(f(at.center.x)), \(f(at.center.y))), turned \(Int(at.rotationDegrees.rounded()))°"
        case .floorTight(let p, let at):
            "\(f(p.width)) × \(f(p.depth)) m fits only with the minimum \(f(p.clearance.minimum)) m \(phrase(p.clearance.side)) (not the recommended \(f(p.clearance.recommended)) m), at (\(f(at.center.x)), \(f(at.center.y)))"
        case .noFloor(let p):
            "needs \(f(p.width)) × \(f(p.depth)) m of free floor with \(f(p.clearance.minimum)) m \(phrase(p.clearance.side)); no place on the free floor holds it"
        case .noOutline: "the scan has no usable floor outline (none, or one that crosses itself); the floor space was not checked"
        }
    }

    static func phrase(_ side: Clearance.Side) -> String {
        switch side {
        case .front: "in front"
        case .sides: "at each side"
        case .around: "all round"
        }
    }

    @Test("every kind of reason, with everyday numbers, negatives, ties and numbers too large for the usual room (up to 1e308)")
    func sentences() {
        var rng = SplitMix64(seed: 23)
        let sides: [Clearance.Side] = [.front, .sides, .around]
        var longest = 0
        for round in 0..<3_000 {
            func number() -> Double {
                switch round % 4 {
                case 0: Double.random(in: 0...4, using: &rng)
                case 1: (Double(Int.random(in: -100_000...100_000, using: &rng)) + 0.5) / 100
                case 2: Double.random(in: -1...1, using: &rng) * [1e12, 1e13, 1e20, 1e300, 1.7e308][Int.random(in: 0...4, using: &rng)]
                default: Double.random(in: -50...50, using: &rng)
                }
            }
            let clearance = Clearance(side: sides[round % 3], recommended: number(), minimum: number())
            let piece = FitReason.Footprint(width: number(), depth: number(), clearance: clearance)
            let doorway = FitReason.Doorway(clearWidth: number(), height: number(), isDoor: round % 2 == 0)
            let placement = FitPlacement(
                center: Point(number(), number()), rotationDegrees: Double.random(in: 0..<360, using: &rng),
                corners: Quad(Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)))
            // Every choice of one, two or three unknown dimensions.
            let choice = round % 7 + 1
            let unknown = (choice & 1 != 0, choice & 2 != 0, choice & 4 != 0)
            let findings: [FitReason.Finding] = [
                .missingDimensions(width: unknown.0, depth: unknown.1, height: unknown.2), .noScan,
                .dimensionsInferred(width: number(), depth: number(), height: number()),
                .tooTall(height: number(), ceiling: number()),
                .underCeiling(height: number(), ceiling: number()),
                .stuckAtDoor(smallestSide: number(), middleSide: number(), doorway: doorway),
                .passesDoor(smallestSide: number(), doorway: doorway), .noDoorway, .floorFits(piece, at: FitReason.Spot(placement)),
                .floorTight(piece, at: FitReason.Spot(placement)), .noFloor(piece), .noOutline,
            ]
            for finding in findings {
                let message = FitReason(finding: finding).message
                #expect(message == Self.expected(finding))
                longest = max(longest, message.utf8.count)
            }
        }
        // Some sentences outgrew the first memory they were written into.
        #expect(longest > 256, "longest \(longest)")
    }
}
