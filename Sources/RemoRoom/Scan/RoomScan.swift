import Foundation
import RemoGeometry
import RemoJSON

/// The scan formats understood, detected automatically.
public enum RoomScanFormat: String, Hashable, Sendable, CaseIterable {
    /// RoomPlan `CapturedRoom` as `JSONEncoder` writes it (iOS 17 "version": 2, iOS 16).
    case capturedRoom = "captured-room"
    /// RoomPlan `CapturedStructure`: several rooms.
    case capturedStructure = "captured-structure"
    /// The simple form: walls with length, height, position and normal; openings;
    /// floorArea; ceilingHeight.
    case roomDimensions = "room-dimensions"
}

/// A decoded scan: one or more rooms.
public struct RoomScan: Hashable, Sendable {
    /// The format it was read as.
    public var format: RoomScanFormat
    /// The rooms, one for a CapturedRoom.
    public var rooms: [Room]
}

/// Why a scan could not be read.
public enum RoomScanError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not JSON.
    case syntax(JSONSyntaxError)
    /// The JSON is not a scan of a known format; what is wrong.
    case format(String)

    /// A stable code for error objects.
    public var code: String {
        switch self {
        case .syntax: return "invalid-json"
        case .format: return "invalid-scan"
        }
    }

    public var description: String {
        switch self {
        case .syntax(let e): return "not valid JSON: \(e)"
        case .format(let m): return m
        }
    }
}

extension RoomScan {
    /// The largest scan file read (64 MiB): `coreModel` blobs are skipped unbuilt, so
    /// this bounds the reading, not the memory.
    public static let maximumBytes = 64 << 20

    /// The reader's limits for scans: `coreModel` blobs are stepped over unbuilt.
    static let scanLimits = JSONLimits(skippedKeys: ["coreModel"])

    /// Decodes a scan, detecting its format unless `format` is given.
    ///
    /// CapturedRoom and CapturedStructure files are read in one pass without building a
    /// JSON tree; the simple RoomDimensions form, and text that is
    /// no scan at all, go through a tree.
    public static func decode(_ bytes: [UInt8], format: RoomScanFormat? = nil) throws(RoomScanError) -> RoomScan {
        let limits = scanLimits
        let document: ScanDocument
        do {
            document = try ScanDocument(bytes: bytes, limits: limits)
        } catch {
            throw .syntax(error)
        }
        let detected = format ?? document.clues.format
        if document.clues.isObject, let detected, detected != .roomDimensions {
            return try captured(detected, document.elements, rooms: document.rooms)
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes, limits: limits)
        } catch {
            throw .syntax(error)
        }
        guard case .object = value else { throw .format("$: expected an object (a room scan), found \(value.kindDescription)") }
        guard detected == .roomDimensions else {
            throw .format(
                "not a room scan: expected RoomPlan walls with transforms, rooms of a CapturedStructure, or walls with length and position")
        }
        return RoomScan(format: .roomDimensions, rooms: [try RoomDimensionsReader.room(value)])
    }

    /// A CapturedRoom (the top-level elements) or a CapturedStructure (its rooms; when it
    /// lists none, its merged top-level elements as one room, with a warning).
    static func captured(_ format: RoomScanFormat, _ elements: ScanElements, rooms: [ScanElements]?) throws(RoomScanError) -> RoomScan {
        guard format == .capturedStructure else {
            return RoomScan(format: .capturedRoom, rooms: [try CapturedRoomReader.room(elements, path: "$")])
        }
        guard let rooms else { throw .format("rooms: expected an array of CapturedRoom objects") }
        if rooms.isEmpty && !(elements.walls.isEmpty && elements.floors.isEmpty) {
            // A structure that lists no rooms: its merged elements are the only room there is.
            var merged = try CapturedRoomReader.room(elements, path: "$")
            merged.warnings.append(
                RoomWarning(
                    code: "structure-without-rooms",
                    message: "the structure lists no rooms; its merged walls, floor and objects are read as one room"))
            return RoomScan(format: .capturedStructure, rooms: [merged])
        }
        var decoded: [Room] = []
        for (i, room) in rooms.enumerated() {
            decoded.append(try CapturedRoomReader.room(room, path: "rooms[\(i)]"))
        }
        return RoomScan(format: .capturedStructure, rooms: decoded)
    }
}

/// Helpers over the JSON tree.
enum Read {
    static func number(_ v: JSONValue?) -> Double? {
        if case .number(let d)? = v, d.isFinite { return d }
        return nil
    }

    static func string(_ v: JSONValue?) -> String? {
        if case .string(let s)? = v { return s }
        return nil
    }

    /// A one-key enum object (`{"sofa": {}}`) or a plain string: its name and payload.
    static func enumCase(_ v: JSONValue?) -> (name: String, payload: JSONValue?)? {
        switch v {
        case .string(let s)?: return (s, nil)
        case .object(let members)?: return members.first.map { ($0.key, $0.value) }
        default: return nil
        }
    }

    /// A transform as 16 floats (column-major) or 4 columns of 4, or an object with a
    /// `matrix` of either form. NaN or infinity makes it unusable.
    static func transform(_ v: JSONValue?) -> Transform? {
        switch v {
        case .array(let items)?:
            if items.count == 16 { return Transform(items.compactMap(number)) }
            if items.count == 4 {
                var values: [Double] = []
                for column in items {
                    guard case .array(let c) = column, c.count == 4 else { return nil }
                    values += c.compactMap(number)
                }
                return Transform(values)
            }
            return nil
        case .object?:
            if let t = transform(v?["matrix"]) ?? transform(v?["columns"]) { return t }
            // A position alone: no rotation.
            if let (x, y, z) = vector(v?["position"]) { return .translation(x, y, z) }
            return nil
        default: return nil
        }
    }

    /// Three finite numbers (others dropped) as width, height and depth, else nil.
    static func dimensions<Numbers: Collection<Double>>(numbers: Numbers) -> (Double, Double, Double)? {
        var finite = numbers.lazy.filter(\.isFinite).makeIterator()
        guard let width = finite.next(), let height = finite.next(), let depth = finite.next(), finite.next() == nil else {
            return nil
        }
        return (width, height, depth)
    }

    /// Dimensions as three numbers (width, height, depth), or an object with width,
    /// height and thickness, depth or length.
    static func dimensions(_ v: JSONValue?) -> (Double, Double, Double)? {
        switch v {
        case .array(let items)?:
            return dimensions(numbers: items.compactMap(number))
        case .object?:
            guard let w = number(v?["width"]), let h = number(v?["height"]) else { return nil }
            return (w, h, number(v?["depth"]) ?? number(v?["thickness"]) ?? number(v?["length"]) ?? 0)
        default: return nil
        }
    }

    /// A point given as [x, y, z] or {x, y, z}.
    static func vector(_ v: JSONValue?) -> (Double, Double, Double)? {
        switch v {
        case .array(let items)?:
            let values = items.compactMap(number)
            return values.count >= 3 ? (values[0], values[1], values[2]) : nil
        case .object?:
            guard let x = number(v?["x"]), let z = number(v?["z"]) else { return nil }
            return (x, number(v?["y"]) ?? 0, z)
        default: return nil
        }
    }
}
