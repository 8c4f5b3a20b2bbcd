import Foundation
import RemoShapes
import RemoTestSupport
import Testing

@testable import RemoRoom

/// Sizes as retailers write them (`Tests/dimensions-corpus.txt`: over 400 texts, each with
/// the reading a person gives it) read by ``DimensionsReader``.
@Suite("Product sizes from retailers' texts")
struct DimensionsCorpusTests {
    /// One line of the corpus: `text => w=84in d=38in h=34in labelled/exact ign=1`.
    struct Case: CustomStringConvertible {
        var text: String
        var width: Double?
        var depth: Double?
        var height: Double?
        var diameter: Double?
        var reading: String
        var confidence: String
        var ignored: Int

        var description: String { text }

        init(line: String) throws {
            let parts = line.components(separatedBy: " => ")
            try #require(parts.count == 2, "a corpus line is `text => expected`: \(line)")
            text = parts[0]
            (reading, confidence, ignored) = ("none", "none", 0)
            for field in parts[1].split(separator: " ") {
                if field == "none" { continue }
                if field.contains("/") {
                    let rc = field.split(separator: "/").map(String.init)
                    (reading, confidence) = (rc[0], rc[1])
                    continue
                }
                let kv = field.split(separator: "=").map(String.init)
                try #require(kv.count == 2, "bad field \(field) in: \(line)")
                if kv[0] == "ign" {
                    ignored = try #require(Int(kv[1]))
                    continue
                }
                let metres = try Self.metres(kv[1])
                switch kv[0] {
                case "w": width = metres
                case "d": depth = metres
                case "h": height = metres
                case "dia": diameter = metres
                default: Issue.record("unknown field \(kv[0]) in: \(line)")
                }
            }
            // A diameter stands for the width and the depth unless they are given.
            if let diameter {
                width = width ?? diameter
                depth = depth ?? diameter
            }
        }

        /// `84in`, `2.13m`, `7ft`: written independently of the reader's own unit table.
        static func metres(_ written: String) throws -> Double {
            let units: [(String, Double)] = [("mm", 0.001), ("cm", 0.01), ("in", 0.0254), ("ft", 0.3048), ("m", 1)]
            for (suffix, factor) in units where written.hasSuffix(suffix) {
                return try #require(Double(written.dropLast(suffix.count))) * factor
            }
            throw CorpusError.badLength(written)
        }
    }

    enum CorpusError: Error { case badLength(String) }

    static let cases: [Case] = {
        let text = (try? Repository.text("Tests/dimensions-corpus.txt")) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") && $0.contains(" => ") }.compactMap { try? Case(line: String($0)) }
    }()

    static func same(_ a: Double?, _ b: Double?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let a?, let b?): abs(a - b) < 0.00006  // the output's tenth of a millimetre
        default: false
        }
    }

    static func isExact(_ reading: DimensionsReading, _ expected: Case) -> Bool {
        same(reading.width, expected.width) && same(reading.depth, expected.depth) && same(reading.height, expected.height)
            && same(reading.diameter, expected.diameter) && reading.reading.rawValue == expected.reading
            && reading.confidence.rawValue == expected.confidence && reading.ignored.count == expected.ignored
    }

    @Test("at least 99 % of the corpus read exactly: numbers, reading, confidence and what was ignored")
    func corpus() throws {
        let cases = Self.cases
        #expect(cases.count >= 300, "the corpus has \(cases.count) texts")
        var misses: [String] = []
        for c in cases {
            let reading = DimensionsReader.read(c.text)
            if !Self.isExact(reading, c) {
                misses.append(
                    "\(c.text)\n    expected w \(String(describing: c.width)) d \(String(describing: c.depth)) h \(String(describing: c.height)) Ø \(String(describing: c.diameter)) \(c.reading)/\(c.confidence) ignored \(c.ignored)\n    read     w \(String(describing: reading.width)) d \(String(describing: reading.depth)) h \(String(describing: reading.height)) Ø \(String(describing: reading.diameter)) \(reading.reading.rawValue)/\(reading.confidence.rawValue) ignored \(reading.ignored)"
                )
            }
        }
        let exact = Double(cases.count - misses.count) / Double(max(cases.count, 1))
        #expect(exact >= 0.99, "\(misses.count) of \(cases.count) texts not read exactly:\n\(misses.joined(separator: "\n"))")
    }

    @Test("no number reported with confidence exact is wrong")
    func noWrongExactNumber() {
        for c in Self.cases {
            let reading = DimensionsReader.read(c.text)
            guard reading.confidence == .exact else { continue }
            for (name, read, expected) in [
                ("width", reading.width, c.width), ("depth", reading.depth, c.depth), ("height", reading.height, c.height),
                ("diameter", reading.diameter, c.diameter),
            ] {
                if let read {
                    #expect(Self.same(read, expected), "\(c.text): \(name) read as \(read) m, expected \(String(describing: expected))")
                }
            }
        }
    }

    @Test("a text that says no size of the product gives every field null and confidence none")
    func noSizeNoNumber() {
        let sizeless = Self.cases.filter { $0.reading == "none" }
        #expect(sizeless.count >= 30)
        for c in sizeless {
            let reading = DimensionsReader.read(c.text)
            #expect(
                reading.width == nil && reading.depth == nil && reading.height == nil && reading.diameter == nil
                    && reading.confidence == .none
                    && reading.reading == .none, "\(c.text): \(reading)")
        }
    }

    @Test(
        "each rule of the grammar",
        arguments: [
            // Decimal comma, thousands comma.
            ("W 213,4 cm", 2.134, nil, nil), ("W 1,200 mm", 1.2, nil, nil), ("W 1,200,000 mm", 1200, nil, nil),
            // Fractions, three ways.
            ("W 29 1/2\"", 0.7493, nil, nil), ("W 29½\"", 0.7493, nil, nil), ("W 29-1/2\"", 0.7493, nil, nil),
            // Feet and inches.
            ("W 7' 2\"", 2.1844, nil, nil), ("W 7 ft 2 in", 2.1844, nil, nil), ("W 7′2″", 2.1844, nil, nil),
            // A range: its largest value, in either unit.
            ("H 28–36\"", nil, nil, 0.9144), ("H 28 to 36 in", nil, nil, 0.9144), ("H 70 cm - 1 m", nil, nil, 1.0),
            // Inch marks.
            ("W 10''", 0.254, nil, nil), ("W 10”", 0.254, nil, nil), ("W 10 inches", 0.254, nil, nil),
            // The length of a length-and-width listing is the width.
            ("L 200 x W 90 cm", 2.0, 0.9, nil),
            // Labels after their numbers, before them, and past a colon.
            ("90 cm wide, 40 cm deep, 75 cm tall", 0.9, 0.4, 0.75), ("Width: 90 cm", 0.9, nil, nil),
        ] as [(String, Double?, Double?, Double?)])
    func rule(text: String, width: Double?, depth: Double?, height: Double?) {
        let reading = DimensionsReader.read(text)
        #expect(
            Self.same(reading.width, width) && Self.same(reading.depth, depth) && Self.same(reading.height, height), "\(text): \(reading)")
    }

    @Test("a reading does not depend on letter case or on spacing around the marks")
    func caseAndSpacing() {
        for c in Self.cases {
            let upper = DimensionsReader.read(c.text.uppercased())
            // Upper case turns `ø` into `Ø` and nothing else the grammar reads.
            #expect(Self.isExact(upper, c) == Self.isExact(DimensionsReader.read(c.text), c), "\(c.text.uppercased())")
        }
        let spaced = DimensionsReader.read("84 \" W  x  38 \" D  x  34 \" H")
        #expect(Self.same(spaced.width, 2.1336) && Self.same(spaced.depth, 0.9652) && Self.same(spaced.height, 0.8636), "\(spaced)")
    }

    @Test("hostile texts are read in bounded time without a crash")
    func hostile() {
        let labels = DimensionsReader.read(String(repeating: "W x ", count: 4000))
        #expect(labels.confidence == .none)
        let legends = DimensionsReader.read(String(repeating: "1 x 2 x 3 cm (W x D x H) ", count: 600))
        #expect(Self.same(legends.width, 0.01))
        // More digits than a Double holds: no number, never an infinite one.
        let digits = DimensionsReader.read(String(repeating: "9", count: 16_000) + " cm wide")
        #expect(digits.width == nil && digits.confidence == .none)
        let long = DimensionsReader.read(String(repeating: "9", count: 300) + " cm wide")
        #expect(long.width.map { $0.isFinite && $0 > 1e297 } == true)
        let fractions = DimensionsReader.read(String(repeating: "1/0 ½½ -- ''' Øx ", count: 800))
        #expect(fractions.width == nil)
        // Random token soup.
        var rng = SplitMix64(seed: 7)
        let pieces = [
            "84", "1/2", "½", "\"", "''", "'", "ft", "in", "cm", "x", "×", "W", "D", "H", "L", "Ø", "-", "–", "to", ":", ",", ".", ";", "(",
            ")", "seat", "box", "overall", "round", "1,200", "2,5", " ",
        ]
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 1...30, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined(separator: " ")
            let reading = DimensionsReader.read(text)
            for value in [reading.width, reading.depth, reading.height, reading.diameter] {
                if let value { #expect(value.isFinite && value >= 0, "\(text)") }
            }
        }
    }
}
