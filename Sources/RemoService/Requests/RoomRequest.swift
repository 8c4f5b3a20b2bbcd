import RemoRoom

/// The room job's options: what `remo-geom room` takes as `--scan-format`, `POST /v1/room`
/// as the query parameter `format` and `SummarizeRoom` as `format`.
public struct RoomRequest: Hashable, Sendable {
    /// The scan's format, or nil to tell it from the scan.
    public var format: RoomScanFormat?

    /// `format`.
    public static let formatParameter = Parameter(
        "format", option: "--scan-format",
        help: "Force the scan format: captured-room, captured-structure or room-dimensions (default: told from the scan).")
    /// Every parameter.
    public static let parameters = [formatParameter]

    /// A request for `format` (nil: told from the scan).
    public init(format: RoomScanFormat? = nil) {
        self.format = format
    }

    /// The format a front end was given.
    ///
    /// - Throws: ``JobError`` `invalid-parameter`, naming the option as the front end spells it.
    public init(_ source: some ParameterSource) throws(JobError) {
        self.init(format: try ParameterReader(source).choice(Self.formatParameter, RoomScanFormat.self))
    }
}
