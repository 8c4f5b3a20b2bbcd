import Prometheus

/// The worker's Prometheus metrics (`--metrics-port`, docs/worker.md), each with its
/// `# HELP` line: activities answered by type and outcome, their durations by type, the
/// slots busy, the long polls by how they ended, and the connection to Temporal.
public final class WorkerMetrics: Sendable {
    /// The duration buckets, in seconds: from a validation's fraction of a millisecond to a
    /// 100-megapixel render's minute.
    static let buckets: [Double] = [
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120,
    ]

    private let registry: PrometheusCollectorRegistry
    /// The series of every activity type, made once: the registry checks a metric's name,
    /// labels and help each time one is asked for, work a validation need not carry. Made at
    /// the start, they are also at 0 before the first activity, as Prometheus prefers.
    private let activities: [String: Counter]
    private let durations: [String: ValueHistogram]
    private let polls: [String: Counter]
    private let slotsBusy: Gauge
    private let connected: Gauge
    private let connections: Gauge
    private let retriedCalls: Counter

    /// The outcomes an activity's line and counter give.
    static let outcomes = ["completed", "failed", "cancelled", "abandoned"]

    /// Metrics for a worker of `slots` slots.
    public init(slots: Int) {
        let registry = PrometheusCollectorRegistry()
        self.registry = registry
        var activities: [String: Counter] = [:]
        var durations: [String: ValueHistogram] = [:]
        for type in Activity.allCases.map(\.rawValue) {
            for outcome in Self.outcomes {
                activities[type + " " + outcome] = Self.activitiesCounter(registry, type: type, outcome: outcome)
            }
            durations[type] = Self.durationHistogram(registry, type: type)
        }
        self.activities = activities
        self.durations = durations
        polls = Dictionary(uniqueKeysWithValues: ["task", "empty", "error"].map { ($0, Self.pollsCounter(registry, result: $0)) })
        slotsBusy = registry.makeGauge(descriptor: Self.name("remo_worker_slots", "busy", "Slots running an activity now."), labels: [])
        registry.makeGauge(
            descriptor: Self.name("remo_worker_slots", "", "Activities the worker runs at once (--concurrency)."), labels: []
        )
        .set(to: Double(slots))
        connected = registry.makeGauge(
            descriptor: Self.name("remo_worker_temporal", "connected", "1 while the worker has a connection to Temporal open, else 0."),
            labels: [])
        connections = registry.makeGauge(
            descriptor: Self.name("remo_worker_temporal_connections", "opened", "Connections to Temporal opened since the start."),
            labels: [])
        retriedCalls = registry.makeCounter(
            descriptor: Self.name("remo_worker_calls_retried", "total", "Answers and heartbeats that needed another attempt."), labels: [])
        registry.makeGauge(
            descriptor: Self.name("remo_build", "info", "The build: its version as a label, the value always 1."),
            labels: [("version", WorkerMetrics.version)]
        ).set(to: 1.0)
    }

    /// The version `remo_build_info` reports.
    static let version = "0.1.0"

    static func name(_ metric: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(metricName: metric, unitName: unit, helpText: help)
    }

    /// An activity started on a slot.
    func activityStarted() { slotsBusy.increment() }

    /// An activity answered (or abandoned): `outcome` is completed, failed, cancelled or abandoned.
    func activityFinished(type: String, outcome: String, seconds: Double) {
        slotsBusy.decrement()
        // A type this worker does not serve (failed `unknown-activity`) is made when first seen.
        (activities[type + " " + outcome] ?? Self.activitiesCounter(registry, type: type, outcome: outcome)).increment()
        (durations[type] ?? Self.durationHistogram(registry, type: type)).record(seconds)
    }

    /// A long poll ended: with a `task`, `empty` (none before the server's deadline) or `error`.
    func polled(_ result: String) {
        (polls[result] ?? Self.pollsCounter(registry, result: result)).increment()
    }

    static func activitiesCounter(_ registry: PrometheusCollectorRegistry, type: String, outcome: String) -> Counter {
        registry.makeCounter(
            descriptor: name("remo_worker_activities", "total", "Activities answered, by type and outcome."),
            labels: [("type", type), ("outcome", outcome)])
    }

    static func durationHistogram(_ registry: PrometheusCollectorRegistry, type: String) -> ValueHistogram {
        registry.makeValueHistogram(
            descriptor: name("remo_worker_activity", "seconds", "Time from an activity's task to its answer, by type."),
            labels: [("type", type)], buckets: buckets)
    }

    static func pollsCounter(_ registry: PrometheusCollectorRegistry, result: String) -> Counter {
        registry.makeCounter(
            descriptor: name("remo_worker_polls", "total", "Long polls of the task queue, by how they ended."), labels: [("result", result)]
        )
    }

    /// A call needed another attempt.
    func callRetried() { retriedCalls.increment() }

    /// The exposition text, with the connection's state now.
    func text(connected isConnected: Bool, connectionsOpened: Int) -> [UInt8] {
        connected.set(to: isConnected ? 1 : 0)
        connections.set(to: Double(connectionsOpened))
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }
}
