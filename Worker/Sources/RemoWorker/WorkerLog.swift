import RemoJSON

#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#endif

/// The worker's log on standard error, one line per event: as text
/// (`remo-geom-worker: activity type=RenderAnnotation outcome=completed …`) or, with
/// `--log-format json`, one JSON object per line (`time`, `level`, `message` and the
/// event's fields, each a string), as log collectors take it.
public struct WorkerLog: Sendable {
    /// How lines are written.
    public enum Format: String, Sendable, CaseIterable {
        case text, json
    }

    /// How lines are written.
    public let format: Format
    private let write: @Sendable (String) -> Void

    /// A log in `format`, writing each line to `write` (standard error by default).
    public init(format: Format, write: @escaping @Sendable (String) -> Void = WorkerLog.standardError) {
        self.format = format
        self.write = write
    }

    /// Writes a line to standard error, whole (one `write`, so lines of threads never mix).
    public static func standardError(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { systemWrite(2, $0.baseAddress, $0.count) }
    }

    /// Logs `message` with `fields`, at `level` (info, warning, error).
    public func callAsFunction(_ message: String, _ fields: [(String, String)] = [], level: String = "info") {
        switch format {
        case .text:
            let pairs = fields.map { " \($0.0)=\($0.1)" }.joined()
            write("remo-geom-worker: \(message)\(pairs)")
        case .json:
            var members: [(key: String, value: JSONValue)] = [
                ("time", .string(Self.timestamp())), ("level", .string(level)), ("message", .string(message)),
            ]
            members += fields.map { ($0.0, .string($0.1)) }
            write(JSONWriter.string(.object(members)))
        }
    }

    /// Now in UTC, ISO 8601 to the millisecond.
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &parts)
        let pad = { (value: Int32, width: Int) in String(repeating: "0", count: max(0, width - String(value).count)) + String(value) }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T\(pad(parts.tm_hour, 2)):"
            + "\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(Int32(now.tv_nsec / 1_000_000), 3))Z"
    }
}
