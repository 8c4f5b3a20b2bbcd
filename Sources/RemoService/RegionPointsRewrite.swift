import RemoGeometry
import RemoJSON

extension Jobs {
    /// The region document as given, with the points of some regions replaced and a report
    /// list appended under `key` (replacing one of that name): what `repair` and `simplify`
    /// print. Members the contract does not name pass through untouched.
    ///
    /// - Parameters:
    ///   - document: The region document's JSON bytes, already decoded once as `regionCount`
    ///     regions.
    ///   - points: The new points by region index.
    static func rewrite(
        _ document: [UInt8], regionCount: Int, name: String, points: [Int: [Point]], report key: String, entries: [JSONValue]
    ) throws(JobError) -> JSONValue {
        let tree: JSONValue
        do { tree = try JSONParser.parse(document) } catch {
            throw JobError(.invalidJSON, message: "\(name): \(error)")
        }
        guard case .object(var members) = tree, let at = members.firstIndex(where: { $0.key == "regions" }),
            case .array(var regions) = members[at].value, regions.count == regionCount
        else { throw JobError(.invalidDocument, message: "\(name): expected an object with regions") }
        for (k, replacement) in points {
            guard case .object(var fields) = regions[k], let p = fields.firstIndex(where: { $0.key == "points" }) else { continue }
            fields[p].value = .array(replacement.map { .array([.number($0.x), .number($0.y)]) })
            regions[k] = .object(fields)
        }
        members[at].value = .array(regions)
        members.removeAll { $0.key == key }
        members.append((key, .array(entries)))
        return .object(members)
    }
}
