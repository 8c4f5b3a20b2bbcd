import RemoService
import RemoSettings

extension ServiceSettings {
    /// The settings of `remo-geom serve` by name (`SettingKey` (RemoSettings): a file's key, an
    /// option, a `REMO_` variable).
    public enum Keys {
        /// `host`.
        public static let host = SettingKey("host")
        /// `port`.
        public static let port = SettingKey("port")
        /// `maxBodyBytes`.
        public static let maxBodyBytes = SettingKey("maxBodyBytes")
        /// `maxPixels`.
        public static let maxPixels = SettingKey("maxPixels")
        /// `concurrency`.
        public static let concurrency = SettingKey("concurrency")
        /// `queueLength`.
        public static let queueLength = SettingKey("queueLength")
        /// `memoryBudget`.
        public static let memoryBudget = SettingKey("memoryBudget")
        /// `drainDelay`.
        public static let drainDelay = SettingKey("drainDelay")
        /// `shutdownGrace`.
        public static let shutdownGrace = SettingKey("shutdownGrace")
        /// `headerTimeout`.
        public static let headerTimeout = SettingKey("headerTimeout")
        /// `minBodyRate`.
        public static let minBodyRate = SettingKey("minBodyRate")
        /// `idleTimeout`.
        public static let idleTimeout = SettingKey("idleTimeout")
        /// `maxConnections`.
        public static let maxConnections = SettingKey("maxConnections")
        /// `logFormat`.
        public static let logFormat = SettingKey("logFormat")
        /// `logLevel`.
        public static let logLevel = SettingKey("logLevel")
    }

    /// The service's settings from `settings` (the command line, then `REMO_` variables,
    /// then a configuration file), each checked, and the defaults for those not given.
    ///
    /// - Parameters:
    ///   - settings: What the program was given.
    ///   - cores: The default concurrency.
    /// - Throws: `SettingError` (RemoSettings) naming the setting, what it must be and what it was.
    public init(_ settings: Settings, cores: Int) throws(SettingError) {
        self.init(concurrency: try settings.int(Keys.concurrency, 1...4096, "at least 1 and at most 4096") ?? cores)
        if let v = settings.text(Keys.host) { host = v }
        if let v = try settings.int(Keys.port, 0...65535, "from 0 to 65535") { port = v }
        if let v = try settings.int(Keys.maxBodyBytes, 1...Int.max, "positive") { maximumBodyBytes = v }
        if let v = try settings.int(Keys.maxPixels, 1...Int.max, "positive") { maximumPixels = v }
        if let v = try settings.int(Keys.queueLength, 0...Int.max, "0 or more") { queueLength = v }
        if let v = try settings.byteCount(Keys.memoryBudget) { memoryBudget = v }
        if let v = try settings.double(Keys.drainDelay, 0...3600, "from 0 to 3600 seconds") { drainDelay = v }
        if let v = try settings.double(Keys.shutdownGrace, 0...3600, "from 0 to 3600 seconds") { shutdownGrace = v }
        if let v = try settings.double(Keys.headerTimeout, 0.1...3600, "from 0.1 to 3600 seconds") { headerTimeout = v }
        if let v = try settings.int(Keys.minBodyRate, 0...Int.max, "0 or more bytes a second") { minimumBodyRate = v }
        if let v = try settings.double(Keys.idleTimeout, 0.1...3600, "from 0.1 to 3600 seconds") { idleTimeout = v }
        if let v = try settings.int(Keys.maxConnections, 1...Int.max, "at least 1") { maximumConnections = v }
        if let v = try settings.choice(Keys.logFormat, LogFormat.self) { logFormat = v }
        if let v = settings.text(Keys.logLevel), !setLogLevel(named: v) {
            throw SettingError("\(Keys.logLevel.spelled) must be trace, debug, info, notice, warning, error or critical, not \(v).")
        }
    }
}
