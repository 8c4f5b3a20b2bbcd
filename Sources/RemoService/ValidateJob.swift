import RemoJSON
import RemoLasso

/// The result of the validate job: the report and its JSON object.
public struct ValidateResult: Sendable {
    /// What the validator found.
    public var report: ValidationReport
    /// The `validate` result object of docs/formats.md, without `file`.
    public var json: JSONValue { ResultJSON.validation(report) }
}

/// The result of the chips job.
public struct ChipsResult: Sendable {
    /// One chip per region.
    public var chips: [Chip]
    /// The `chip-unplaceable` warnings.
    public var warnings: [Finding]
    /// `{"chips": […], "findings": […]}`, as `remo-geom chips` prints it.
    public var json: JSONValue {
        .object([("chips", ResultJSON.chips(chips)), ("findings", .array(warnings.map(ResultJSON.finding)))])
    }
}

extension Jobs {
    /// Checks a region document against the lasso rules and places its chips.
    ///
    /// - Parameters:
    ///   - document: The region document's JSON bytes.
    ///   - request: The rules (the contract's defaults unless given).
    ///   - name: How messages name the document.
    /// - Throws: ``JobError`` `invalid-json` or `invalid-document` when it cannot be read.
    public static func validate(_ document: [UInt8], request: ValidateRequest = ValidateRequest(), name: String = "the document")
        throws(JobError)
        -> ValidateResult
    {
        try request.check()
        let rules = request.rules
        // Keep one point more than allowed: enough to know the limit is passed.
        let decoded = try regionDocument(document, keepingAtMost: rules.maximumPoints + 1, name: name)
        return ValidateResult(report: LassoValidator(rules: rules).validate(decoded))
    }

    /// Places the numbered chips of a region document (under the contract's rules).
    public static func chips(_ document: [UInt8], name: String = "the document") throws(JobError) -> ChipsResult {
        let report = LassoValidator().validate(try regionDocument(document, name: name))
        return ChipsResult(chips: report.chips, warnings: report.findings.filter { $0.code == .chipUnplaceable })
    }

    /// A region document from JSON bytes, or the job error that says why not.
    static func regionDocument(_ bytes: [UInt8], keepingAtMost maximum: Int = 1_000_000, name: String) throws(JobError)
        -> RegionDocument
    {
        do {
            return try RegionDocument.decode(bytes, keepingAtMost: maximum)
        } catch {
            throw JobError(ErrorCode(naming: error.code, otherwise: .invalidDocument), message: "\(name): \(error)")
        }
    }
}
