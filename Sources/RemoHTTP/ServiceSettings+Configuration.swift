import Configuration
import Foundation
import Logging
import RemoService

extension ServiceSettings {
    /// One setting of `remo-geom serve`, by its three names: its key in a configuration file
    /// (`maxBodyBytes`), its command-line option (`--max-body-bytes`) and its environment
    /// variable (`REMO_MAX_BODY_BYTES`, which swift-configuration makes from the key).
    public struct Key: Sendable, Hashable {
        /// The key in a configuration file.
        public let name: String

        /// The command-line option: the key in kebab case.
        public var option: String {
            "--" + name.map { $0.isUppercase ? "-\($0.lowercased())" : String($0) }.joined()
        }

        /// The environment variable: `REMO_` and the key in capitals with underscores.
        public var variable: String {
            "REMO_" + name.map { $0.isUppercase ? "_\($0)" : $0.uppercased() }.joined()
        }

        /// All three names, for messages.
        var spelled: String { "\(option) (\(variable), or \(name) in the configuration file)" }

        /// `host`.
        public static let host = Key(name: "host")
        /// `port`.
        public static let port = Key(name: "port")
        /// `maxBodyBytes`.
        public static let maxBodyBytes = Key(name: "maxBodyBytes")
        /// `maxPixels`.
        public static let maxPixels = Key(name: "maxPixels")
        /// `concurrency`.
        public static let concurrency = Key(name: "concurrency")
        /// `queueLength`.
        public static let queueLength = Key(name: "queueLength")
        /// `memoryBudget`.
        public static let memoryBudget = Key(name: "memoryBudget")
        /// `drainDelay`.
        public static let drainDelay = Key(name: "drainDelay")
        /// `shutdownGrace`.
        public static let shutdownGrace = Key(name: "shutdownGrace")
        /// `headerTimeout`.
        public static let headerTimeout = Key(name: "headerTimeout")
        /// `minBodyRate`.
        public static let minBodyRate = Key(name: "minBodyRate")
        /// `idleTimeout`.
        public static let idleTimeout = Key(name: "idleTimeout")
        /// `maxConnections`.
        public static let maxConnections = Key(name: "maxConnections")
        /// `logFormat`.
        public static let logFormat = Key(name: "logFormat")
        /// `logLevel`.
        public static let logLevel = Key(name: "logLevel")

        /// Every setting, in the order the docs list them.
        public static let all: [Key] = [
            host, port, maxBodyBytes, maxPixels, concurrency, queueLength, memoryBudget, drainDelay, shutdownGrace, headerTimeout,
            minBodyRate, idleTimeout, maxConnections, logFormat, logLevel,
        ]
    }

    /// A setting that is malformed or out of range, named as all three of its spellings.
    public struct SettingError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The settings from `reader` (its providers in the order they win: the command line,
    /// then `REMO_` variables, then a configuration file), each checked, and the defaults
    /// for those it does not give.
    ///
    /// - Parameters:
    ///   - reader: The configuration, keyed by ``Key/name``.
    ///   - cores: The default concurrency.
    /// - Throws: ``SettingError`` naming the setting, what it must be and what it was.
    public init(reader: ConfigReader, cores: Int) throws(SettingError) {
        let read = SettingsReader(reader: reader)
        self.init(concurrency: try read.int(.concurrency, 1...4096, "at least 1 and at most 4096") ?? cores)
        if let v = try read.string(.host) { host = v }
        if let v = try read.int(.port, 0...65535, "from 0 to 65535") { port = v }
        if let v = try read.int(.maxBodyBytes, 1...Int.max, "positive") { maximumBodyBytes = v }
        if let v = try read.int(.maxPixels, 1...Int.max, "positive") { maximumPixels = v }
        if let v = try read.int(.queueLength, 0...Int.max, "0 or more") { queueLength = v }
        if let v = try read.byteCount(.memoryBudget) { memoryBudget = v }
        if let v = try read.double(.drainDelay, 0...3600, "from 0 to 3600 seconds") { drainDelay = v }
        if let v = try read.double(.shutdownGrace, 0...3600, "from 0 to 3600 seconds") { shutdownGrace = v }
        if let v = try read.double(.headerTimeout, 0.1...3600, "from 0.1 to 3600 seconds") { headerTimeout = v }
        if let v = try read.int(.minBodyRate, 0...Int.max, "0 or more bytes a second") { minimumBodyRate = v }
        if let v = try read.double(.idleTimeout, 0.1...3600, "from 0.1 to 3600 seconds") { idleTimeout = v }
        if let v = try read.int(.maxConnections, 1...Int.max, "at least 1") { maximumConnections = v }
        if let v = try read.string(.logFormat) {
            guard let format = LogFormat(rawValue: v) else {
                throw SettingError(description: "\(Key.logFormat.spelled) must be text or json, not \(v).")
            }
            logFormat = format
        }
        if let v = try read.string(.logLevel), !setLogLevel(named: v) {
            throw SettingError(
                description: "\(Key.logLevel.spelled) must be trace, debug, info, notice, warning, error or critical, not \(v).")
        }
    }

    /// A byte count with an optional K, M or G (powers of 1,024): `512M`, `2G`, `1048576`.
    public static func byteCount(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        let shift = ["K": 10, "M": 20, "G": 30][trimmed.last.map(String.init) ?? ""]
        guard let number = Int(shift == nil ? trimmed : String(trimmed.dropLast())), number >= 0 else { return nil }
        let (scaled, overflow) = number.multipliedReportingOverflow(by: 1 << (shift ?? 0))
        return overflow ? nil : scaled
    }
}

/// Reads the settings through swift-configuration, telling a setting not given from one
/// given but malformed: the library answers nil for both, so a value it cannot convert is
/// looked for again as text.
private struct SettingsReader {
    let reader: ConfigReader

    typealias Key = ServiceSettings.Key
    typealias SettingError = ServiceSettings.SettingError

    /// The value as text, whatever its kind in the provider that has it.
    func text(_ key: Key) -> String? {
        reader.string(forKey: ConfigKey(key.name)) ?? reader.int(forKey: ConfigKey(key.name)).map(String.init)
            ?? reader.double(forKey: ConfigKey(key.name)).map { String($0) }
    }

    func string(_ key: Key) throws(SettingError) -> String? {
        text(key)
    }

    func int(_ key: Key, _ range: ClosedRange<Int>, _ what: String) throws(SettingError) -> Int? {
        guard let text = text(key) else { return nil }
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)), range.contains(value) else {
            throw SettingError(description: "\(key.spelled) must be a whole number, \(what), not \(text).")
        }
        return value
    }

    func double(_ key: Key, _ range: ClosedRange<Double>, _ what: String) throws(SettingError) -> Double? {
        guard let text = text(key) else { return nil }
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), range.contains(value) else {
            throw SettingError(description: "\(key.spelled) must be a number, \(what), not \(text).")
        }
        return value
    }

    func byteCount(_ key: Key) throws(SettingError) -> Int? {
        guard let text = text(key) else { return nil }
        guard let bytes = ServiceSettings.byteCount(text), bytes > 0 else {
            throw SettingError(description: "\(key.spelled) must be a positive number of bytes, with K, M or G allowed, not \(text).")
        }
        return bytes
    }
}
