import Foundation
import Logging
import Prometheus
import RemoService

/// The service's Prometheus metrics, each with its `# HELP` line: requests by route and
/// status, their durations in buckets from 100 µs (a validation takes a quarter of a
/// millisecond) to 60 s (a 100-megapixel render), bytes in and out, requests in flight, the
/// build, and the process's CPU, memory and open files, read at each scrape.
final class ServiceMetrics: Sendable {
    /// The version `remo_build_info` reports.
    static let version = "0.1.0"
    /// The duration buckets, in seconds.
    static let buckets: [Double] = [
        0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60,
    ]

    private let registry = PrometheusCollectorRegistry()
    private let inFlight: Gauge
    private let cpu: Gauge
    private let memory: Gauge
    private let openFiles: Gauge
    private let jobsRunning: Gauge
    private let jobsWaiting: Gauge
    private let jobMemory: Gauge
    private let bodyMemory: Gauge
    private let memoryBudget: Gauge

    init() {
        inFlight = registry.makeGauge(
            descriptor: Self.name("remo_http_requests", "in_flight", "Requests being answered now."), labels: [])
        cpu = registry.makeGauge(
            descriptor: Self.name("process_cpu", "seconds_total", "CPU time the process has used, user and system."), labels: [])
        memory = registry.makeGauge(
            descriptor: Self.name("process_resident_memory", "bytes", "The process's resident memory."), labels: [])
        openFiles = registry.makeGauge(descriptor: Self.name("process_open", "fds", "File descriptors the process has open."), labels: [])
        jobsRunning = registry.makeGauge(descriptor: Self.name("remo_jobs", "running", "Jobs computing now."), labels: [])
        jobsWaiting = registry.makeGauge(
            descriptor: Self.name("remo_jobs", "waiting", "Jobs whose bodies are in, waiting for a slot or for memory."), labels: [])
        jobMemory = registry.makeGauge(
            descriptor: Self.name("remo_jobs_declared_memory", "bytes", "The memory the jobs computing now declared."), labels: [])
        bodyMemory = registry.makeGauge(
            descriptor: Self.name("remo_request_bodies_memory", "bytes", "Bytes of request bodies held now."), labels: [])
        memoryBudget = registry.makeGauge(
            descriptor: Self.name("remo_memory_budget", "bytes", "The memory budget (--memory-budget)."), labels: [])
        registry.makeGauge(
            descriptor: Self.name("remo_build", "info", "The build: its version as a label, the value always 1."),
            labels: [("version", Self.version)]
        ).set(to: 1.0)
    }

    static func name(_ metric: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(metricName: metric, unitName: unit, helpText: help)
    }

    /// Counts a request in flight until `finished` is called.
    func started() { inFlight.increment() }

    /// Records an answered request.
    func finished(route: String, status: Int, seconds: Double, bytesIn: Int, bytesOut: Int?) {
        inFlight.decrement()
        registry.makeCounter(
            descriptor: Self.name("remo_http_requests", "total", "Requests answered, by route and status."),
            labels: [("route", route), ("status", String(status))]
        ).increment()
        registry.makeValueHistogram(
            descriptor: Self.name("remo_http_request_duration", "seconds", "Time from the request's head to its answer, by route."),
            labels: [("route", route)], buckets: Self.buckets
        ).record(seconds)
        registry.makeCounter(
            descriptor: Self.name("remo_http_request_bytes", "total", "Request body bytes read, by route."), labels: [("route", route)]
        ).increment(by: Int64(bytesIn))
        if let bytesOut {
            registry.makeCounter(
                descriptor: Self.name("remo_http_response_bytes", "total", "Response body bytes written, by route."),
                labels: [("route", route)]
            ).increment(by: Int64(bytesOut))
        }
    }

    /// Records a request answered by a connection's handler before any route saw it: 503
    /// past `--max-connections`, 408 past `--header-timeout`. Its route is `connection`.
    func answeredByConnection(status: Int) {
        registry.makeCounter(
            descriptor: Self.name("remo_http_requests", "total", "Requests answered, by route and status."),
            labels: [("route", "connection"), ("status", String(status))]
        ).increment()
    }

    /// The exposition text, with the process's and the job slots' figures read now.
    func text(slots: JobSlots) -> [UInt8] {
        let load = slots.load
        jobsRunning.set(to: Double(load.running))
        jobsWaiting.set(to: Double(load.waiting))
        jobMemory.set(to: Double(load.jobMemory))
        bodyMemory.set(to: Double(load.bodyMemory))
        memoryBudget.set(to: Double(slots.memoryBudget))
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let seconds = { (t: timeval) in Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        cpu.set(to: seconds(usage.ru_utime) + seconds(usage.ru_stime))
        // /proc/self/statm: the second field is the resident pages.
        if let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        {
            memory.set(to: pages * Double(sysconf(Int32(_SC_PAGESIZE))))
        }
        if let files = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") { openFiles.set(to: Double(files.count)) }
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }
}

/// Logs and counts a request that a connection's handler answered before any route saw it
/// (503 past `--max-connections`, 408 past `--header-timeout`), as the responder does the
/// others: one log line with the status and the error code, and the route `connection` in
/// `remo_http_requests_total`.
struct ConnectionAnswers: Sendable {
    let metrics: ServiceMetrics
    let logger: Logger

    func record(status: Int, code: ErrorCode, path: String?) {
        metrics.answeredByConnection(status: status)
        var metadata: Logger.Metadata = ["status": "\(status)", "error.code": "\(code.rawValue)", "route": "connection"]
        if let path { metadata["path"] = "\(path)" }
        logger.info("request", metadata: metadata)
    }
}
