import Foundation
import RemoGeometry

/// Just enough Well-Known Text for the GEOS XML tests: the shell of a POLYGON or a
/// LINEARRING, with the number of holes (rings beyond the shell).
public struct WKTPolygon {
    public var shell: [Point]
    public var holeCount: Int

    /// Reads `POLYGON ((…), (…))` or `LINEARRING (…)`; nil for anything else
    /// (including EMPTY and NaN ordinates, which the tests skip or handle apart).
    public init?(_ text: String) {
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        let body: Substring
        if t.hasPrefix("POLYGON") {
            body = t.dropFirst("POLYGON".count)
        } else if t.hasPrefix("LINEARRING") {
            body = t.dropFirst("LINEARRING".count)
        } else {
            return nil
        }
        if body.contains("EMPTY") || body.contains("Z") || body.contains("M") { return nil }
        var rings: [[Point]] = []
        var current: [Point] = []
        var depth = 0
        var number = ""
        var pair: [Double] = []
        func flushNumber() -> Bool {
            if number.isEmpty { return true }
            guard let v = Double(number) else { return false }
            pair.append(v)
            number = ""
            return true
        }
        func flushPoint() -> Bool {
            guard flushNumber() else { return false }
            if pair.isEmpty { return true }
            guard pair.count == 2 else { return false }
            current.append(Point(pair[0], pair[1]))
            pair = []
            return true
        }
        for ch in body {
            switch ch {
            case "(":
                depth += 1
            case ")":
                guard flushPoint() else { return nil }
                if !current.isEmpty {
                    rings.append(current)
                    current = []
                }
                depth -= 1
            case ",":
                guard flushPoint() else { return nil }
            case " ", "\n", "\t", "\r":
                guard flushNumber() else { return nil }
            default:
                number.append(ch)
            }
        }
        guard let shell = rings.first else { return nil }
        self.shell = shell
        holeCount = rings.count - 1
    }
}
