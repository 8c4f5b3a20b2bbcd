import RemoGeometry
import RemoJSON
import RemoLasso

/// What the simplify job did to one region.
public struct RegionSimplification: Hashable, Sendable {
    /// The region's id.
    public var region: String
    /// What the simplification made of the region's ring.
    public var outcome: RingSimplification.Outcome

    /// The report entry: `{"region", "pointsBefore", "pointsAfter", "hausdorff",
    /// "areaChange"}`, plus `"skipped"` with the reason when the region was left as it was.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("region", .string(region)), ("pointsBefore", .number(Double(outcome.pointsBefore))),
            ("pointsAfter", .number(Double(outcome.pointsAfter))), ("hausdorff", .number(outcome.hausdorff)),
            ("areaChange", .number(outcome.areaChange)),
        ]
        if let skipped = outcome.skipped { members.append(("skipped", .string(skipped.rawValue))) }
        return .object(members)
    }
}

/// The result of the simplify job.
public struct SimplifyResult: Sendable {
    /// The region document as given, with each simplified region's points replaced and a
    /// `simplifications` list added.
    public var document: JSONValue
    /// One entry per region, in order.
    public var simplifications: [RegionSimplification]
}

extension Jobs {
    /// Gives each region of the document fewer points, keeping simple regions simple and
    /// regions that did not overlap apart, with the area changed by at most 1 % (docs/commands.md;
    /// `RingSimplification` of RemoGeometry). A region that crosses itself is left as it was.
    ///
    /// - Parameters:
    ///   - document: The region document's JSON bytes.
    ///   - request: The point count and tolerance.
    ///   - name: How messages name the document.
    /// - Throws: ``JobError`` `invalid-parameter` for a point count under 3 or a tolerance that
    ///   is negative or not finite; `invalid-json` or `invalid-document` when the document
    ///   cannot be read.
    public static func simplify(_ document: [UInt8], request: SimplifyRequest = SimplifyRequest(), name: String = "the document")
        throws(JobError) -> SimplifyResult
    {
        try request.check()
        let decoded = try regionDocument(document, name: name)
        let outcomes = RingSimplification.simplify(
            decoded.regions.map(\.points), maxPoints: request.maximumPoints, tolerance: request.tolerance)
        let simplifications = zip(decoded.regions, outcomes).map { RegionSimplification(region: $0.id, outcome: $1) }
        var simplified: [Int: [Point]] = [:]
        for (k, outcome) in outcomes.enumerated() where outcome.changed { simplified[k] = outcome.points }
        let tree = try rewrite(
            document, regionCount: decoded.regions.count, name: name, points: simplified, report: "simplifications",
            entries: simplifications.map(\.json))
        return SimplifyResult(document: tree, simplifications: simplifications)
    }
}
