import RemoJSON
import RemoShapes
import Testing

@Suite("JSON reader and writer")
struct JSONReaderTests {
    @Test("parses every kind of value and keeps key order")
    func values() throws {
        let value = try JSONParser.parse(#"{"b": [1, -2.5, 3e2, true, false, null], "a": "x\"y\u00e9\ud83d\ude00"}"#)
        #expect(
            value
                == .object([
                    ("b", .array([.number(1), .number(-2.5), .number(300), .bool(true), .bool(false), .null])),
                    ("a", .string("x\"yé😀")),
                ]))
    }

    @Test(
        "numbers convert exactly like the standard library",
        arguments: [
            "0", "-0", "812.5", "0.1", "3.14159265358979", "1e-7", "123456789012345678901234567890", "4.9e-324", "2.2250738585072014e-308",
            "9007199254740993", "1.7976931348623157e308", "0.30000000000000004", "1.5e0001", "2e-0003", "1E+00022",
            "7e0000000000000000000001",
            "0.123456789012345678", "-12345678.87654321",
        ])
    func numbers(text: String) throws {
        guard case .number(let d) = try JSONParser.parse(text) else {
            Issue.record("not a number")
            return
        }
        #expect(d.bitPattern == Double(text)!.bitPattern)
        // In an array, where eight bytes are there to read after it.
        var reader = JSONReader(bytes: Array("[\(text), \(text)]        ".utf8))
        let numbers = [Double](unsafeUninitializedCapacity: 2) { buffer, count in count = reader.readNumbers(into: buffer) ?? 0 }
        #expect(numbers.map(\.bitPattern) == [d.bitPattern, d.bitPattern])
    }

    @Test("seeded random numbers of every shape convert exactly like the standard library, alone and in arrays")
    func randomNumbers() throws {
        var rng = SplitMix64(seed: 20_261_122)
        var texts: [String] = []
        for _ in 0..<20_000 {
            func digits(_ count: Int) -> String {
                String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
            }
            // Integer part without a leading zero, a fraction with or without leading
            // zeros, up to 25 digits in all, and an exponent in either case and sign.
            let integer =
                Bool.random(using: &rng) ? "0" : String(Int.random(in: 1...9, using: &rng)) + digits(Int.random(in: 0...12, using: &rng))
            var text = (Bool.random(using: &rng) ? "-" : "") + integer
            if Int.random(in: 0..<4, using: &rng) > 0 {
                text +=
                    "." + String(repeating: "0", count: Int.random(in: 0...4, using: &rng)) + digits(Int.random(in: 1...12, using: &rng))
            }
            if Int.random(in: 0..<3, using: &rng) == 0 {
                text += ["e", "E", "e-", "e+", "E-"].randomElement(using: &rng)! + String(Int.random(in: 0...40, using: &rng))
            }
            texts.append(text)
        }
        for text in texts {
            guard case .number(let d) = try JSONParser.parse(text) else {
                Issue.record("\(text) is not a number")
                continue
            }
            #expect(d.bitPattern == Double(text)!.bitPattern, "\(text)")
        }
        // The flat-array path reads the same numbers.
        for chunk in stride(from: 0, to: texts.count, by: 16) {
            let slice = texts[chunk..<min(chunk + 16, texts.count)]
            var reader = JSONReader(bytes: Array("[\(slice.joined(separator: ", "))]".utf8))
            let numbers = [Double](unsafeUninitializedCapacity: 16) { buffer, count in
                count = reader.readNumbers(into: buffer) ?? 0
            }
            #expect(numbers.map(\.bitPattern) == slice.map { Double($0)!.bitPattern })
        }
    }

    @Test("seeded random strings and keys with quotes, backslashes, controls and non-ASCII at every offset read back")
    func randomStrings() throws {
        var rng = SplitMix64(seed: 7_002)
        let alphabet: [Character] = ["a", "b", "é", "\"", "\\", "\n", "\u{1}", "😀", "/", " "]
        for _ in 0..<3_000 {
            let length = Int.random(in: 0...40, using: &rng)
            // Mostly plain letters, so that the special character falls at every offset.
            let text = String(
                (0..<length).map { _ in Int.random(in: 0..<4, using: &rng) == 0 ? alphabet.randomElement(using: &rng)! : "a" })
            let encoded = JSONWriter.string(.string(text))
            #expect(try JSONParser.parse(encoded) == .string(text), "\(encoded)")
            #expect(try JSONParser.parse("{\(encoded): 1}") == .object([(key: text, value: .number(1))]), "\(encoded)")
            // A raw control character where the writer would have escaped it is refused.
            let raw = "\"" + String(repeating: "a", count: length) + "\u{1}\""
            #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(raw) }
            // Skipping checks them alike: nothing for the good one, the same message
            // and place for the bad one.
            for string in [encoded, raw] {
                let outcome = SkippedStringTests.outcomes(string)
                #expect(outcome.read == outcome.skipped, "\(string)")
                #expect((outcome.read == nil) == (string == encoded), "\(string)")
            }
        }
    }

    @Test("a key table matches keys in place: shared eight-byte prefixes, short and empty keys, escapes, the end of the text")
    func keyTable() throws {
        let keys = ["polygonCorners", "polygonCornersX", "polygon", "polygonC", "", "a", "ab", "é"]
        let table = JSONKeyTable(keys)
        let asked = keys + ["polygonCornerz", "polygo", "polygonCorners ", "b", "polygon\\u0043orners"]
        for key in asked {
            // Alone at the end of the text (fewer than eight bytes after some keys) and
            // followed by more members.
            for text in ["{\"\(key)\":1}", "{\"\(key)\": 1, \"padding padding\": 2}"] {
                var reader = JSONReader(bytes: Array(text.utf8))
                _ = try reader.nextKind()
                try reader.beginObject()
                let unescaped = key == "polygon\\u0043orners" ? "polygonCorners" : key
                #expect(try reader.nextKey(in: table) == (keys.firstIndex(of: unescaped) ?? -1), "\(text)")
            }
        }
    }

    @Test("long keys told apart by one byte anywhere, or by their length, in place and escaped")
    func longKeys() throws {
        var rng = SplitMix64(seed: 4_242)
        for length in 1...40 {
            let key = String((0..<length).map { _ in "abcd".randomElement(using: &rng)! })
            // The key with each byte changed, and one byte shorter and longer.
            var others = (0..<length).map { k in
                var bytes = Array(key.utf8)
                bytes[k] = UInt8(ascii: "e")
                return String(decoding: bytes, as: UTF8.self)
            }
            others += [String(key.dropLast()), key + "a"]
            let table = JSONKeyTable([key] + others.prefix(length / 2))
            for (asked, escaped) in ([key] + others).map({ ($0, false) }) + [(key, true)] {
                let spelled = escaped ? "\\u00" + String(key.utf8.first!, radix: 16) + String(key.dropFirst()) : asked
                let text = "{\"\(spelled)\": 1, \"padding padding padding\": 2}"
                var reader = JSONReader(bytes: Array(text.utf8))
                _ = try reader.nextKind()
                try reader.beginObject()
                let expected = asked == key ? 0 : (others.prefix(length / 2).firstIndex(of: asked).map { $0 + 1 } ?? -1)
                #expect(try reader.nextKey(in: table) == expected, "\(text)")
            }
        }
    }

    @Test("an enum case without payload, {\"name\": {}}, is read in one step; any other shape is left for the general reader")
    func emptyCases() throws {
        let table = JSONKeyTable(["chair", "high", "table"])
        let read: [(String, Int?)] = [
            ("{\"chair\":{}}", 0), (" { \"table\" : { } } ", 2), ("{\n  \"high\": {\n\n  }\n}", 1),
            ("{\"sofa\": {}}", nil), ("{\"chair\": {\"isOpen\": true}}", nil), ("{\"chair\": {}, \"x\": 1}", nil),
            ("{\"chair\": []}", nil), ("{\"ch\\u0061ir\": {}}", nil), ("{\"chair\": {}", nil), ("{\"chair\"", nil), ("\"chair\"", nil),
        ]
        for (text, expected) in read {
            var reader = JSONReader(bytes: Array(text.utf8))
            #expect(reader.readEmptyCase(in: table) == expected, "\(text)")
            // Read: at the end; not read: where it was.
            #expect(reader.position == (expected == nil ? 0 : text.utf8.count - (text.hasSuffix(" ") ? 1 : 0)), "\(text)")
        }
        // Not deeper than the limit allows.
        var shallow = JSONReader(bytes: Array("{\"chair\": {}}".utf8), limits: JSONLimits(maximumDepth: 1))
        #expect(shallow.readEmptyCase(in: table) == nil)
    }

    @Test("interned keys and strings read as the same text as built ones; a big table finds every key and nothing else")
    func interning() throws {
        var rng = SplitMix64(seed: 77)
        // Many keys, some sharing their first eight bytes, so that slots collide.
        var words = Set<String>()
        while words.count < 300 {
            let length = Int.random(in: 1...14, using: &rng)
            words.insert(String((0..<length).map { _ in "abcdefgh".randomElement(using: &rng)! }))
        }
        let known = Array(words)
        let table = JSONKeyTable(known)
        let others = (0..<200).map { _ in "z" + String(Int.random(in: 0...1_000_000, using: &rng)) } + ["", "é", "a\\u0062"]
        for word in known.prefix(100) + others {
            let text = "{\"\(word)\": \"\(word)\"}"
            var reader = JSONReader(bytes: Array(text.utf8))
            _ = try reader.nextKind()
            try reader.beginObject()
            let expected = word.replacingEscapedB
            #expect(try reader.nextKey(interning: table) == expected, "\(text)")
            _ = try reader.nextKind()
            #expect(try reader.readString(interning: table) == expected, "\(text)")
            #expect(try reader.nextKey(interning: table) == nil)
            var indexReader = JSONReader(bytes: Array(text.utf8))
            _ = try indexReader.nextKind()
            try indexReader.beginObject()
            #expect(try indexReader.nextKey(in: table) == (known.firstIndex(of: expected) ?? -1))
        }
        // An unknown key that is not UTF-8 is refused, as when it is built.
        var bad = JSONReader(bytes: Array("{\"".utf8) + [0xFF, 0x22, 0x3A, 0x31, 0x7D])
        _ = try bad.nextKind()
        try bad.beginObject()
        #expect(throws: JSONSyntaxError.self) { try bad.nextKey(interning: table) }
    }

    @Test("a UTF-8 byte order mark at the start is skipped (errors count columns after it); alone it is an empty file; elsewhere an error")
    func byteOrderMark() throws {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(try JSONParser.parse(mark + Array(#"{"a": [1]}"#.utf8)) == .object([("a", .array([.number(1)]))]))
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(mark + Array("[1,]".utf8)) }
        do {
            _ = try JSONParser.parse(mark + Array("[1,]".utf8))
        } catch {
            #expect(error.line == 1 && error.column == 4, "\(error)")
        }
        do {
            _ = try JSONParser.parse(mark + Array(" \n".utf8))
            Issue.record("parsed a mark alone")
        } catch {
            #expect(error.message == "the file is empty")
        }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(" ".utf8) + mark + Array("[1]".utf8)) }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array("[1]".utf8) + mark) }
    }

    @Test("a number too large for a double reads as infinity, for the caller to reject")
    func overflow() throws {
        #expect(try JSONParser.parse("1e400") == .number(.infinity))
        #expect(try JSONParser.parse("-1e400") == .number(-.infinity))
    }

    @Test(
        "syntax errors say what and where",
        arguments: [
            ("", "the file is empty"), ("{\"a\": 1", "truncated"), ("[1, 2,]", "trailing comma"), ("nonsense", "not a JSON value"),
            ("{\"a\" 1}", "expected ':'"), ("[01]", "leading zero"), ("\"abc", "unterminated"), ("[1] 2", "after the JSON value"),
            ("\"\\x\"", "invalid escape"), ("{\"broken\n", "a line break inside a string"), ("\"a\u{1}b\"", "control character"),
        ])
    func errors(text: String, fragment: String) {
        do {
            _ = try JSONParser.parse(text)
            Issue.record("parsed \(text)")
        } catch {
            #expect(error.message.contains(fragment), "\(error)")
        }
    }

    @Test("errors give the line and column")
    func position() {
        do {
            _ = try JSONParser.parse("{\n  \"a\": [1,\n   x]\n}")
            Issue.record("parsed")
        } catch {
            #expect(error.line == 3 && error.column == 4)
        }
    }

    @Test("deep nesting is refused, not a stack overflow")
    func depth() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
    }

    @Test("skipped keys are checked but not built")
    func skipped() throws {
        let value = try JSONParser.parse(
            #"{"coreModel": {"huge": [1, 2, {"x": "y"}]}, "keep": 1}"#, limits: JSONLimits(skippedKeys: ["coreModel"]))
        #expect(value["coreModel"] == .null)
        #expect(value["keep"] == .number(1))
        #expect(throws: JSONSyntaxError.self) {
            try JSONParser.parse(#"{"coreModel": {"huge": [1, 2}, "keep": 1}"#, limits: JSONLimits(skippedKeys: ["coreModel"]))
        }
    }

    @Test("the writer's output reads back to the same value")
    func roundTrip() throws {
        let value = JSONValue.object([
            ("s", .string("tab\there \"quoted\" \u{1}")), ("n", .array([.number(1), .number(0.1), .number(-1e300), .number(4032)])),
            ("o", .object([("nested", .null)])), ("b", .bool(true)),
        ])
        let text = JSONWriter.string(value)
        #expect(try JSONParser.parse(text) == value)
        #expect(JSONWriter.number(4032) == "4032")
        #expect(JSONWriter.number(.nan) == "null")
    }
}

@Suite("Skipping strings checks them like reading them")
struct SkippedStringTests {
    /// The error of reading `string` as a value, and of skipping it under a skipped key.
    static func outcomes(_ string: String) -> (read: String?, skipped: String?) {
        func message(_ text: String, _ limits: JSONLimits) -> String? {
            do {
                _ = try JSONParser.parse(text, limits: limits)
                return nil
            } catch {
                return error.description
            }
        }
        return (
            message(#"{"coreModel": 1, "s": "# + string + "}", JSONLimits()),
            message(#"{"s": 1, "coreModel": "# + string + "}", JSONLimits(skippedKeys: ["coreModel"]))
        )
    }

    @Test(
        "escapes, surrogates, control characters, broken UTF-8 and truncation give the same message and place",
        arguments: [
            (#""base64 with escaped slashes: QU\/JD\/\/Q""#, true), (#""\u00e9\ud83d\ude00 \n\t\b\f\r\"\\""#, true),
            ("\"accented \u{FF}\"", true), (#""bad \q escape""#, false), (#""lone \ud800 high""#, false),
            (#""lone \udc00 low""#, false), (#""short \u12""#, false), (#""hex \u12G4""#, false), ("\"tab\tinside\"", false),
            ("\"a line\nbreak\"", false), (#""truncated"#, false), (#""ends on \"#, false),
        ])
    func sameAsReading(_ string: String, valid: Bool) {
        let (read, skipped) = Self.outcomes(string)
        #expect((read == nil) == valid, "read: \(read ?? "ok")")
        #expect(read == skipped, "read: \(read ?? "ok"), skipped: \(skipped ?? "ok")")
    }

    @Test("invalid UTF-8 bytes: the same message whether the string is read or skipped")
    func invalidBytes() throws {
        for bad in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80]] as [[UInt8]] {
            func message(_ prefix: String, _ limits: JSONLimits) -> String? {
                let bytes = Array(prefix.utf8) + [0x22, 0x61] + bad + [0x5C, 0x71, 0x22, 0x7D]  // "a<bad>\q"}
                do {
                    _ = try JSONParser.parse(bytes, limits: limits)
                    return nil
                } catch {
                    return error.description
                }
            }
            let read = message(#"{"coreModel": 1, "s": "#, JSONLimits())
            let skipped = message(#"{"s": 1, "coreModel": "#, JSONLimits(skippedKeys: ["coreModel"]))
            #expect(read != nil && read == skipped, "\(bad): read \(read ?? "ok"), skipped \(skipped ?? "ok")")
        }
    }
}

extension String {
    /// The test's one escaped key, `a\u0062`, as the reader gives it back.
    fileprivate var replacingEscapedB: String { self == "a\\u0062" ? "ab" : self }
}
