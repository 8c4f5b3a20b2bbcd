import Foundation
import Logging
import RemoJSON

/// `--log-format json`: one JSON object per line on standard error, `{"time", "level",
/// "label", "message", ...metadata}`, every value a string written by RemoJSON's writer, so
/// a request id or a path can never break the line. Kept here because swift-log ships only
/// its text handler.
struct JSONLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider? = nil

    init(label: String, level: Logger.Level) {
        self.label = label
        self.logLevel = level
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var members: [(key: String, value: JSONValue)] = [
            ("time", .string(Date().formatted(.iso8601))), ("level", .string(event.level.rawValue)), ("label", .string(label)),
            ("message", .string(event.message.description)),
        ]
        let merged = metadata.merging(metadataProvider?.get() ?? [:]) { $1 }.merging(event.metadata ?? [:]) { $1 }
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) { members.append((key, .string("\(value)"))) }
        FileHandle.standardError.write(Data((JSONWriter.string(.object(members)) + "\n").utf8))
    }
}

/// How `remo-geom serve` logs: text (swift-log's own lines) or JSON lines.
public enum LogFormat: String, CaseIterable, Sendable {
    /// `2026-11-27T22:27:48+0000 info remo-geom.serve: key=value ... request`.
    case text
    /// One JSON object per line.
    case json
}
