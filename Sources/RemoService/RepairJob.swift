import RemoGeometry
import RemoJSON
import RemoLasso

/// What the repair job did to one region that crossed or touched itself.
public struct RegionRepair: Hashable, Sendable {
    /// The region's id.
    public var region: String
    /// The share of the area the drawing enclosed that the repair left out.
    public var droppedAreaFraction: Double
    /// More than ``Jobs/ambiguousFraction`` dropped (two lobes of similar size, say): ask the
    /// person to redraw rather than trust the repair. Also set when no repair was possible.
    public var ambiguous: Bool
    /// Why the region could not be repaired (it was left as it was), or nil.
    public var failure: String?

    /// The `repairs` entry: `{"region", "droppedAreaFraction", "ambiguous"}`, plus
    /// `"failure"` when there is one.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("region", .string(region)), ("droppedAreaFraction", .number(droppedAreaFraction)), ("ambiguous", .bool(ambiguous)),
        ]
        if let failure { members.append(("failure", .string(failure))) }
        return .object(members)
    }
}

/// The result of the repair job.
public struct RepairResult: Sendable {
    /// The region document as given, with each repaired region's points replaced and a
    /// `repairs` list added.
    public var document: JSONValue
    /// One entry per region that was not simple.
    public var repairs: [RegionRepair]
}

extension Jobs {
    /// A repair that leaves out more than this share of what the drawing enclosed is
    /// ambiguous (docs/commands.md).
    public static let ambiguousFraction = 0.10

    /// Replaces each region that crosses or touches itself by the exterior ring of the
    /// largest polygon GEOS `MakeValid` would make of it, holes filled
    /// (docs/commands.md). Simple regions are left exactly as they were.
    ///
    /// - Parameters:
    ///   - document: The region document's JSON bytes.
    ///   - name: How messages name the document.
    /// - Throws: ``JobError`` `invalid-json` or `invalid-document` when it cannot be read.
    public static func repair(_ document: [UInt8], name: String = "the document") throws(JobError) -> RepairResult {
        let decoded = try regionDocument(document, name: name)
        let (repairs, repaired) = repairs(of: decoded)
        let tree = try rewrite(
            document, regionCount: decoded.regions.count, name: name, points: repaired, report: "repairs", entries: repairs.map(\.json))
        return RepairResult(document: tree, repairs: repairs)
    }

    /// The repair of each region of `document` that crosses or touches itself, and the
    /// repaired points by the region's index (ambiguous repairs included; a repair that
    /// failed has none).
    static func repairs(of document: RegionDocument) -> (repairs: [RegionRepair], points: [Int: [Point]]) {
        var repairs: [RegionRepair] = []
        var repaired: [Int: [Point]] = [:]
        for (k, region) in document.regions.enumerated() {
            guard let ring = try? Ring(region.points), !ring.isSimple else { continue }
            do {
                let repair = try RingRepair(region.points)
                let dropped = repair.droppedAreaFraction
                repairs.append(RegionRepair(region: region.id, droppedAreaFraction: dropped, ambiguous: dropped > ambiguousFraction))
                repaired[k] = repair.points
            } catch {
                repairs.append(RegionRepair(region: region.id, droppedAreaFraction: 1, ambiguous: true, failure: "\(error)"))
            }
        }
        return (repairs, repaired)
    }
}
