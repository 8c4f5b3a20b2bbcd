#if Server
    import Configuration
    import Dispatch
    import Synchronization

    /// One setting, by its three names: its key in a configuration file (`maxBodyBytes`), its
    /// command-line option (`--max-body-bytes`) and its environment variable
    /// (`REMO_MAX_BODY_BYTES`, which swift-configuration makes from the key).
    public struct SettingKey: Sendable, Hashable {
        /// The key in a configuration file, in camel case.
        public let name: String

        /// A setting called `name` in configuration files.
        public init(_ name: String) {
            self.name = name
        }

        /// The command-line option: the key in kebab case.
        public var option: String {
            "--" + name.map { $0.isUppercase ? "-\($0.lowercased())" : String($0) }.joined()
        }

        /// The environment variable: `REMO_` and the key in capitals with underscores.
        public var variable: String {
            "REMO_" + name.map { $0.isUppercase ? "_\($0)" : $0.uppercased() }.joined()
        }

        /// All three names, for messages.
        public var spelled: String { "\(option) (\(variable), or \(name) in the configuration file)" }
    }

    /// A setting that is malformed or out of range, or a configuration file that cannot be
    /// read: a sentence naming it.
    public struct SettingError: Error, CustomStringConvertible {
        /// The sentence.
        public let description: String

        /// An error saying `description`.
        public init(_ description: String) {
            self.description = description
        }
    }

    /// The settings a program was given, read through swift-configuration from, in the order
    /// they win: the command line, the `REMO_` variables, and a JSON configuration file keyed
    /// by the settings' names. Each read checks its value and names all three spellings when
    /// it is refused.
    public struct Settings: Sendable {
        private let reader: ConfigReader

        /// The settings from these sources.
        ///
        /// - Parameters:
        ///   - commandLine: The options given, as text, by setting.
        ///   - environment: The process's environment; only `REMO_` variables are read.
        ///   - file: A JSON configuration file, if any.
        /// - Throws: ``SettingError`` when the file cannot be read or is not JSON.
        public init(commandLine: [SettingKey: String], environment: [String: String], file: String?) throws(SettingError) {
            self.init(
                commandLine: commandLine, environment: environment,
                file: try file.map { path throws(SettingError) in try Self.jsonFile(path) })
        }

        /// The settings from these sources, for a caller already in an asynchronous context.
        ///
        /// - Throws: ``SettingError`` when the file cannot be read or is not JSON.
        public static func read(commandLine: [SettingKey: String], environment: [String: String], file: String?) async throws(SettingError)
            -> Settings
        {
            var provider: (any ConfigProvider)? = nil
            if let file {
                do { provider = try await FileProvider<JSONSnapshot>(filePath: .init(file)) } catch {
                    throw SettingError("the configuration file \(file) cannot be read: \(error)")
                }
            }
            return Settings(commandLine: commandLine, environment: environment, file: provider)
        }

        private init(commandLine: [SettingKey: String], environment: [String: String], file: (any ConfigProvider)?) {
            var values: [AbsoluteConfigKey: ConfigValue] = [:]
            for (key, value) in commandLine {
                values[AbsoluteConfigKey([key.name])] = ConfigValue(ConfigContent.string(value), isSecret: false)
            }
            var providers: [any ConfigProvider] = [
                InMemoryProvider(name: "command line", values: values),
                EnvironmentVariablesProvider(environmentVariables: environment).prefixKeys(with: "remo"),
            ]
            if let file { providers.append(file) }
            reader = ConfigReader(providers: providers)
        }

        /// The value as text, whatever its kind in the source that has it. swift-configuration
        /// answers nil both for a setting not given and for one it cannot convert, so a
        /// value is asked for as each kind in turn.
        public func text(_ key: SettingKey) -> String? {
            let config = ConfigKey(key.name)
            return reader.string(forKey: config) ?? reader.int(forKey: config).map(String.init)
                ?? reader.double(forKey: config).map { String($0) }
        }

        /// A whole number in `range` (`what` says it in words), or nil when not given.
        public func int(_ key: SettingKey, _ range: ClosedRange<Int>, _ what: String) throws(SettingError) -> Int? {
            guard let text = text(key) else { return nil }
            guard let value = Int(text.trimmed), range.contains(value) else {
                throw SettingError("\(key.spelled) must be a whole number, \(what), not \(text).")
            }
            return value
        }

        /// A number in `range` (`what` says it in words), or nil when not given.
        public func double(_ key: SettingKey, _ range: ClosedRange<Double>, _ what: String) throws(SettingError) -> Double? {
            guard let text = text(key) else { return nil }
            guard let value = Double(text.trimmed), range.contains(value) else {
                throw SettingError("\(key.spelled) must be a number, \(what), not \(text).")
            }
            return value
        }

        /// A switch: `true` or `1`, `false` or `0`, or nil when not given.
        public func bool(_ key: SettingKey) throws(SettingError) -> Bool? {
            if let value = reader.bool(forKey: ConfigKey(key.name)) { return value }
            guard let text = text(key) else { return nil }
            switch text.trimmed.lowercased() {
            case "true", "1": return true
            case "false", "0": return false
            default: throw SettingError("\(key.spelled) must be true, 1, false or 0, not \(text).")
            }
        }

        /// A list: several values given on the command line, separated by commas in a
        /// variable, or an array in the file; nil when not given.
        public func list(_ key: SettingKey) -> [String]? {
            if let values = reader.stringArray(forKey: ConfigKey(key.name)) { return values }
            return text(key).map { $0.split(separator: ",").map { String($0).trimmed }.filter { !$0.isEmpty } }
        }

        /// One of the cases of `type`, by its raw value, or nil when not given.
        public func choice<Choice: RawRepresentable & CaseIterable>(_ key: SettingKey, _ type: Choice.Type) throws(SettingError) -> Choice?
        where Choice.RawValue == String {
            guard let text = text(key) else { return nil }
            guard let value = Choice(rawValue: text.trimmed) else {
                let names = Choice.allCases.map(\.rawValue)
                throw SettingError(
                    "\(key.spelled) must be \(names.dropLast().joined(separator: ", ")) or \(names.last ?? ""), not \(text).")
            }
            return value
        }

        /// A positive byte count with an optional K, M or G, or nil when not given.
        public func byteCount(_ key: SettingKey) throws(SettingError) -> Int? {
            guard let text = text(key) else { return nil }
            guard let bytes = Self.byteCount(text), bytes > 0 else {
                throw SettingError("\(key.spelled) must be a positive number of bytes, with K, M or G allowed, not \(text).")
            }
            return bytes
        }

        /// A byte count with an optional K, M or G (powers of 1,024): `512M`, `2G`, `1048576`.
        public static func byteCount(_ text: String) -> Int? {
            let trimmed = text.trimmed.uppercased()
            let shift = ["K": 10, "M": 20, "G": 30][trimmed.last.map(String.init) ?? ""]
            guard let number = Int(shift == nil ? trimmed : String(trimmed.dropLast())), number >= 0 else { return nil }
            let (scaled, overflow) = number.multipliedReportingOverflow(by: 1 << (shift ?? 0))
            return overflow ? nil : scaled
        }

        /// The JSON configuration file, read at once: the provider reads asynchronously, and a
        /// synchronous caller (a command's `validate()`) waits for it on a task of its own.
        static func jsonFile(_ path: String) throws(SettingError) -> any ConfigProvider {
            let result = Mutex<Result<FileProvider<JSONSnapshot>, any Error>?>(nil)
            let finished = DispatchSemaphore(value: 0)
            Task {
                do {
                    let provider = try await FileProvider<JSONSnapshot>(filePath: .init(path))
                    result.withLock { $0 = .success(provider) }
                } catch {
                    result.withLock { $0 = .failure(error) }
                }
                finished.signal()
            }
            finished.wait()
            switch result.withLock({ $0 }) {
            case .success(let provider)?: return provider
            case .failure(let error)?: throw SettingError("the configuration file \(path) cannot be read: \(error)")
            case nil: throw SettingError("the configuration file \(path) cannot be read")
            }
        }
    }

    extension String {
        /// Without leading and trailing spaces.
        fileprivate var trimmed: String {
            String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        }
    }
#endif
