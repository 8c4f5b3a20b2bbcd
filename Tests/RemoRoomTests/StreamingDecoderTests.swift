import Foundation
import RemoJSON
import RemoShapes
import RemoTestSupport
import Testing

@testable import RemoRoom

/// CapturedRoom files are read in one pass without a JSON tree. The tree reading of
/// the same elements is kept as the reference: both must give the same rooms, or the
/// same error, on every file and on every variant of the forms a scan may take.
@Suite("Room scans: the one-pass reader agrees with the tree")
struct StreamingDecoderTests {
    /// The rooms read through a JSON tree, or its error.
    static func viaTree(_ bytes: [UInt8], format: RoomScanFormat? = nil) -> Result<[Room], RoomScanError> {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes, limits: JSONLimits(skippedKeys: ["coreModel"]))
        } catch {
            return .failure(.syntax(error))
        }
        let detected = format ?? FormatClues(value).format
        guard case .object = value, let detected, detected != .roomDimensions else {
            return Result { () throws(RoomScanError) in try RoomScan.decode(bytes, format: format).rooms }
        }
        let rooms: [ScanElements]? = if case .array(let items)? = value["rooms"] { items.map(ScanElements.init) } else { nil }
        return Result { () throws(RoomScanError) in try RoomScan.captured(detected, ScanElements(value), rooms: rooms).rooms }
    }

    static func viaStream(_ bytes: [UInt8], format: RoomScanFormat? = nil) -> Result<[Room], RoomScanError> {
        Result { () throws(RoomScanError) in try RoomScan.decode(bytes, format: format).rooms }
    }

    /// Reading through the stream and through the tree give the same rooms, whatever format is forced.
    static func sameRooms(_ files: [(String, [UInt8])]) {
        for (name, bytes) in files {
            for format in [nil] + RoomScanFormat.allCases {
                let tree = Self.viaTree(bytes, format: format)
                #expect(Self.viaStream(bytes, format: format) == tree, "\(name) as \(format?.rawValue ?? "detected")")
            }
            if case .success(let rooms) = Self.viaTree(bytes) { #expect(!rooms.isEmpty, "\(name)") }
        }
    }

    @Test("every sample scan: the same rooms, whatever format is forced")
    func sampleFiles() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Repository.url("SampleScans/rooms").path)
            .filter { $0.hasSuffix(".json") && $0 != "shopping-list.json" }.sorted()
        #expect(names.count >= 4)
        Self.sameRooms(try names.map { ($0, try Repository.bytes("SampleScans/rooms/" + $0)) })
    }

    @Test("every real export: the same rooms, whatever format is forced", TestData.needs(.roomplan))
    func realFiles() throws {
        let names = TestData.files(.roomplan, endingWith: ".json")
        #expect(names.count == 6)
        Self.sameRooms(try names.map { ($0, try TestData.bytes(.roomplan, $0)) })
    }

    /// Rewrites one field of every element of one kind.
    static func variant(_ value: JSONValue, kind: String, _ change: (inout [(key: String, value: JSONValue)]) -> Void) -> [UInt8] {
        guard case .object(var top) = value else { return [] }
        for i in top.indices where top[i].key == kind {
            guard case .array(let items) = top[i].value else { continue }
            top[i].value = .array(
                items.map { item in
                    guard case .object(var members) = item else { return item }
                    change(&members)
                    return .object(members)
                })
        }
        return Array(JSONWriter.string(.object(top)).utf8)
    }

    static func replacing(_ key: String, _ f: @escaping (JSONValue?) -> JSONValue?) -> (inout [(key: String, value: JSONValue)]) -> Void {
        { members in
            let old = members.first { $0.key == key }?.value
            members.removeAll { $0.key == key }
            if let new = f(old) { members.append((key, new)) }
        }
    }

    @Test(
        "variants of every field: nested transforms, objects, strings, repeats, bad numbers, odd corners and attributes",
        TestData.needs(.roomplan))
    func variants() throws {
        let base = try JSONParser.parse(
            try [UInt8](Data(contentsOf: TestData.url(.roomplan, "Imhaohao_standardphysics_phone-ravida_room.json"))))
        func columns(_ v: JSONValue?) -> JSONValue? {
            guard case .array(let t)? = v, t.count == 16 else { return v }
            return .array((0..<4).map { c in .array(Array(t[(4 * c)..<(4 * c + 4)])) })
        }
        let changes: [(String, String, (inout [(key: String, value: JSONValue)]) -> Void)] = [
            ("nested transforms", "walls", Self.replacing("transform", columns)),
            ("transforms in an object", "objects", Self.replacing("transform") { .object([("matrix", $0 ?? .null)]) }),
            (
                "a position only", "objects",
                Self.replacing("transform") { _ in .object([("position", .array([.number(1), .number(0), .number(2)]))]) }
            ),
            ("a short transform", "walls", Self.replacing("transform") { _ in .array([.number(1), .number(2), .number(3), .number(4)]) }),
            ("a transform as a string", "walls", Self.replacing("transform") { _ in .string("identity") }),
            ("no transform", "doors", Self.replacing("transform") { _ in nil }),
            (
                "dimensions as an object", "objects",
                Self.replacing("dimensions") { _ in .object([("width", .number(1)), ("height", .number(2)), ("depth", .number(0.5))]) }
            ),
            (
                "dimensions with a string", "walls",
                Self.replacing("dimensions") { _ in .array([.string("3"), .number(2), .number(0), .number(1)]) }
            ),
            (
                "dimensions with 1e400", "objects",
                Self.replacing("dimensions") { _ in .array([.number(.infinity), .number(1), .number(2), .number(3)]) }
            ),
            ("category as a string", "objects", Self.replacing("category") { _ in .string("sofa") }),
            (
                "category with extra keys", "objects",
                Self.replacing("category") { _ in .object([("table", .object([])), ("bed", .object([]))]) }
            ),
            ("confidence as a string", "walls", Self.replacing("confidence") { _ in .string("low") }),
            ("confidence as a number", "walls", Self.replacing("confidence") { _ in .number(3) }),
            ("repeated identifiers", "objects", { $0.append(("identifier", .string("second"))) }),
            ("an id instead", "walls", Self.replacing("identifier") { _ in nil }),
            ("an id and a numeric identifier", "walls", { $0.append(("id", .string("w"))) }),
            (
                "attributes with enums and numbers", "objects",
                Self.replacing("attributes") { _ in
                    .object([("a", .object([("x", .object([]))])), ("b", .number(2)), ("a", .string("later"))])
                }
            ),
            (
                "corners of four numbers", "floors",
                Self.replacing("polygonCorners") { v in
                    guard case .array(let c)? = v else { return v }
                    return .array(c.map { corner in if case .array(let p) = corner { .array(p + [.number(9)]) } else { corner } })
                }
            ),
            (
                "a bad corner", "floors",
                Self.replacing("polygonCorners") { v in
                    guard case .array(var c)? = v else { return v }
                    c[c.count / 2] = .array([.number(.infinity), .number(1), .number(2)])
                    return .array(c)
                }
            ),
            (
                "a corner as an object", "floors",
                Self.replacing("polygonCorners") { v in
                    guard case .array(var c)? = v else { return v }
                    c[0] = .object([("x", .number(1)), ("z", .number(2))])
                    return .array(c)
                }
            ),
            ("stories", "objects", Self.replacing("story") { _ in .number(1) }),
            ("story as text", "walls", Self.replacing("story") { _ in .string("2") }),
        ]
        for (label, kind, change) in changes {
            let bytes = Self.variant(base, kind: kind, change)
            #expect(Self.viaStream(bytes) == Self.viaTree(bytes), "\(label)")
        }
        // Doors: open state in the category's payload, first isOpen wins.
        let door = JSONValue.object([
            ("category", .object([("door", .object([("isOpen", .bool(true)), ("isOpen", .bool(false))]))])),
            ("dimensions", .array([.number(0.9), .number(2), .number(0)])),
            ("transform", .array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.5, 1, 0, 1].map(JSONValue.number))),
        ])
        guard case .object(let members) = base else {
            Issue.record("the export is not a JSON object")
            return
        }
        for payload in [door, .number(1), .string("door")] {
            var top = members
            top.removeAll { $0.key == "doors" }
            top.append(("doors", .array([payload])))
            let bytes = Array(JSONWriter.string(.object(top)).utf8)
            #expect(Self.viaStream(bytes) == Self.viaTree(bytes), "door \(payload)")
        }
    }

    @Test("truncations and byte flips of a real export: the same rooms or the same error", TestData.needs(.roomplan), arguments: 0..<4)
    func corruptions(seed: Int) throws {
        let bytes = try [UInt8](Data(contentsOf: TestData.url(.roomplan, "BartVerbier_BuildMate_visit-20260710-135715-4f59e5.json")))
        var rng = SplitMix64(seed: UInt64(seed))
        for _ in 0..<150 {
            var broken = bytes
            if Bool.random(using: &rng) {
                broken.removeLast(Int.random(in: 1..<broken.count, using: &rng))
            } else {
                for _ in 0..<3 { broken[Int.random(in: 0..<broken.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng) }
            }
            #expect(Self.viaStream(broken) == Self.viaTree(broken))
        }
    }
}
