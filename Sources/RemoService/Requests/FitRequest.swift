import RemoJSON
import RemoRoom

/// The body of the fit and plan jobs, `{"scan", "items", "remove", "roomNumber"}`: what
/// `POST /v1/fit` and `/v1/plan` take and the worker's `FitBadges` and `DrawPlan` receive.
public struct FitRequest: Sendable {
    /// The scan object's JSON bytes, if the body has one.
    public var scan: [UInt8]?
    /// The shopping list object's JSON bytes, if the body has one.
    public var items: [UInt8]?
    /// Names of items to leave out of the room's furniture.
    public var remove: [String] = []
    /// Which room of a CapturedStructure (from 1).
    public var roomNumber: Int?

    /// Reads a body whose members have been found.
    ///
    /// - Parameters:
    ///   - body: The body's members (the scan and the list go on as the bytes they were
    ///     written with).
    ///   - itemsRequired: Whether `items` must be there (the fit job) or not (the plan job).
    /// - Throws: ``JobError`` `invalid-request`, naming the member (`$.items: ...`).
    public init(_ body: JSONObjectMembers, itemsRequired: Bool) throws(JobError) {
        switch body.kind(of: "scan") {
        case nil, .null?: scan = nil
        case .object?: scan = Array(body.bytes(of: "scan")!)
        default: throw Self.invalid("$.scan: expected a room scan object")
        }
        switch body.kind(of: "items") {
        case nil, .null?: if itemsRequired { throw Self.invalid("$.items: missing (a shopping list object)") }
        case .object?: items = Array(body.bytes(of: "items")!)
        default: throw Self.invalid("$.items: expected a shopping list object")
        }
        if let list = body.value(of: "remove") {
            guard case .array(let names) = list else { throw Self.invalid("$.remove: expected an array of names") }
            for (k, name) in names.enumerated() {
                guard case .string(let s) = name else { throw Self.invalid("$.remove[\(k)]: expected a string") }
                remove.append(s)
            }
        }
        switch body.value(of: "roomNumber") {
        case nil, .null?: roomNumber = nil
        case .number(let n)? where n >= 1 && n == n.rounded() && n < 1e9: roomNumber = Int(n)
        default: throw Self.invalid("$.roomNumber: expected a whole number from 1")
        }
    }

    /// Reads a body from its JSON bytes.
    ///
    /// - Throws: ``JobError`` `invalid-json` when the bytes are not JSON, `invalid-request`
    ///   when they are not an object or a member is of the wrong kind.
    public init(_ body: [UInt8], itemsRequired: Bool) throws(JobError) {
        let members: JSONObjectMembers
        do { members = try JSONObjectMembers(body) } catch {
            switch error {
            case .notAnObject: throw Self.invalid("$: expected an object {\"scan\", \"items\", ...}")
            case .notJSON(let syntax): throw JobError(.invalidJSON, message: "the body is not valid JSON: \(syntax)")
            }
        }
        try self.init(members, itemsRequired: itemsRequired)
    }

    /// The room the body names: the scan's only room or its `roomNumber`; nil without a scan.
    public func room() throws(JobError) -> Room? {
        guard let scan else { return nil }
        return try Jobs.chooseRoom(try Jobs.room(scan, name: "$.scan"), number: roomNumber, name: "$.scan")
    }

    /// The fit job over the body's room and items.
    public func fit() throws(JobError) -> FitJobResult {
        try Jobs.fit(room: try room(), items: items ?? [], remove: remove, itemsName: "$.items")
    }

    /// The plan job: the body's room drawn, with the fitting items when `items` is given.
    public func plan() throws(JobError) -> [UInt8] {
        guard let room = try room() else {
            throw JobError(.invalidRequest, message: "the body needs a scan")
        }
        return try Jobs.plan(room, fit: items == nil ? nil : try fit())
    }

    static func invalid(_ message: String) -> JobError {
        JobError(.invalidRequest, message: message)
    }
}
