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

    private let registry = PrometheusCollectorRegistry()
    private let slotsBusy: Gauge
    private let connected: Gauge
    private let connections: Gauge
    private let retriedCalls: Counter

    /// Metrics for a worker of `slots` slots.
    public init(slots: Int) {
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
        registry.makeCounter(
            descriptor: Self.name("remo_worker_activities", "total", "Activities answered, by type and outcome."),
            labels: [("type", type), ("outcome", outcome)]
        ).increment()
        registry.makeValueHistogram(
            descriptor: Self.name("remo_worker_activity", "seconds", "Time from an activity's task to its answer, by type."),
            labels: [("type", type)], buckets: Self.buckets
        ).record(seconds)
    }

    /// A long poll ended: with a `task`, `empty` (none before the server's deadline) or `error`.
    func polled(_ result: String) {
        registry.makeCounter(
            descriptor: Self.name("remo_worker_polls", "total", "Long polls of the task queue, by how they ended."),
            labels: [("result", result)]
        ).increment()
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
