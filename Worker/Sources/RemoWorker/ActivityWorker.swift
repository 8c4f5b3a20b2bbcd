import Dispatch
import Foundation
import NIOConcurrencyHelpers
import RemoJSON
import RemoService
import SwiftProtobuf
import TemporalAPI

/// An activity-only Temporal worker (docs/worker.md): `concurrency` slots, each of
/// which long-polls the task queue, runs the activity it gets, heartbeats while the job
/// runs, and answers completed, failed or cancelled. It registers no workflows.
public final class ActivityWorker: Sendable {
    /// Where and as whom the worker polls.
    public struct Settings: Sendable {
        /// Temporal's frontend: address, TLS, API key.
        public var connection: TemporalConnection
        /// The namespace polled.
        public var namespace = "default"
        /// The task queue polled.
        public var taskQueue = "remo-geom"
        /// Activities run at once.
        public var concurrency: Int
        /// How the worker names itself to Temporal (shown in the workflow's history).
        public var identity: String

        /// Settings with the defaults of the command line.
        public init(connection: TemporalConnection, concurrency: Int, identity: String) {
            self.connection = connection
            self.concurrency = concurrency
            self.identity = identity
        }
    }

    /// What the worker did, printed when it stops.
    public struct Counts: Sendable {
        public var completed = 0
        public var failed = 0
        public var cancelled = 0
        /// Calls (respond, heartbeat) that needed a second attempt: zero when nothing failed.
        public var retriedCalls = 0
        public var connections = 0
    }

    let settings: Settings
    let runner: ActivityRunner
    /// Inputs and outputs by URL.
    let fetching: URLFetching
    let client: UnaryGRPCClient
    /// Where the worker reports: its start and stop, the server lost and found, and one
    /// line per activity answered.
    public let log: WorkerLog
    /// What `--metrics-port` serves.
    public let metrics: WorkerMetrics
    private let state = NIOLockedValueBox(State())

    private struct State {
        var stopping = false
        var polls: [Int: Task<Temporal_Api_Workflowservice_V1_PollActivityTaskQueueResponse, any Error>] = [:]
        var counts = Counts()
        var unreachableSince: ContinuousClock.Instant?
        var busy = 0
    }

    /// A worker; nothing happens until ``run()``.
    ///
    /// - Throws: ``TemporalConnectionError`` when a TLS file cannot be used.
    public init(
        settings: Settings, runner: ActivityRunner, fetching: URLFetching.Settings = .init(), log: WorkerLog
    ) throws(TemporalConnectionError) {
        self.settings = settings
        self.runner = runner
        self.fetching = URLFetching(settings: fetching)
        self.client = try UnaryGRPCClient(settings.connection, namespace: settings.namespace)
        self.log = log
        self.metrics = WorkerMetrics(slots: settings.concurrency)
    }

    /// `/metrics`: the exposition text.
    public func metricsText() -> [UInt8] { metrics.text(connected: client.isConnected, connectionsOpened: client.connectionsOpened) }

    /// `/healthz`: healthy until the worker is stopping (a worker that cannot reach
    /// Temporal keeps trying, and a restart would not help it); the body says so, whether
    /// it has a connection to Temporal, and how many slots are busy.
    public func health() -> (healthy: Bool, body: String) {
        let (stopping, busy) = state.withLockedValue { ($0.stopping, $0.busy) }
        let reachable = client.isConnected
        let body =
            "{\"status\":\"\(stopping ? "stopping" : "ok")\",\"temporal\":\"\(reachable ? "connected" : "not connected")\","
            + "\"slotsBusy\":\(busy),\"slots\":\(settings.concurrency)}"
        return (!stopping, body)
    }

    /// Polls and runs activities until ``stop()``, then returns once the activities in
    /// flight are answered.
    public func run() async -> Counts {
        await withDiscardingTaskGroup { group in
            for slot in 0..<settings.concurrency {
                group.addTask { await self.slotLoop(slot) }
            }
        }
        client.close()
        var counts = state.withLockedValue { $0.counts }
        counts.connections = client.connectionsOpened
        return counts
    }

    /// Stops polling (the polls in flight are cancelled); activities in flight finish and
    /// are answered, then ``run()`` returns.
    public func stop() {
        let polls = state.withLockedValue { state in
            state.stopping = true
            return Array(state.polls.values)
        }
        for poll in polls { poll.cancel() }
    }

    // MARK: Polling

    private func slotLoop(_ slot: Int) async {
        var backoff = Backoff()
        while !state.withLockedValue({ $0.stopping }) {
            let task: Temporal_Api_Workflowservice_V1_PollActivityTaskQueueResponse
            do {
                task = try await poll(slot)
            } catch {
                if state.withLockedValue({ $0.stopping }) { break }
                metrics.polled("error")
                noteUnreachable(error)
                // No answer to a long poll by its deadline: the connection is dead without
                // having closed.
                if (error as? GRPCStatusError)?.code == .deadlineExceeded { client.close() }
                try? await Task.sleep(for: backoff.next())
                continue
            }
            backoff.reset()
            noteReachable()
            // An empty answer (no task before the long poll's end) is not an error.
            guard !task.taskToken.isEmpty else {
                metrics.polled("empty")
                continue
            }
            metrics.polled("task")
            await execute(task)
        }
    }

    private func poll(_ slot: Int) async throws -> Temporal_Api_Workflowservice_V1_PollActivityTaskQueueResponse {
        let request = Temporal_Api_Workflowservice_V1_PollActivityTaskQueueRequest.with {
            $0.namespace = settings.namespace
            $0.taskQueue.name = settings.taskQueue
            $0.taskQueue.kind = .normal
            $0.identity = settings.identity
        }
        // The server answers a long poll by about 60 s (empty when no task came). An argument
        // may be large: Temporal's own limit is a few MB.
        let poll = Task { [client] in
            try await client.call(WorkflowService.pollActivityTaskQueue, request, timeout: .seconds(90), maximumResponseBytes: 64 << 20)
        }
        let stopping = state.withLockedValue { state in
            if !state.stopping { state.polls[slot] = poll }
            return state.stopping
        }
        if stopping { poll.cancel() }
        defer { _ = state.withLockedValue { $0.polls.removeValue(forKey: slot) } }
        return try await poll.value
    }

    private func noteUnreachable(_ error: any Error) {
        let first = state.withLockedValue { state in
            defer { if state.unreachableSince == nil { state.unreachableSince = .now } }
            return state.unreachableSince == nil
        }
        guard first else { return }
        let server = "Temporal at \(client.host):\(client.port)"
        if let status = error as? GRPCStatusError, status.code != .unavailable {
            // Reached, but refused: a namespace it does not have, say.
            log("\(server) refused to hand out activities (\(status)); retrying with backoff")
        } else {
            log("cannot reach \(server) (\(error)); retrying with backoff")
        }
    }

    private func noteReachable() {
        let since = state.withLockedValue { state in
            defer { state.unreachableSince = nil }
            return state.unreachableSince
        }
        if let since { log("reconnected to Temporal at \(client.host):\(client.port) after \(since.duration(to: .now))") }
    }

    // MARK: Running an activity

    private enum Outcome {
        case completed(JSONValue)
        case failed(JobError)
        case cancelled
        /// The server no longer knows the activity (its timeout passed, or it was answered
        /// elsewhere): nothing is answered, and its slot is free again.
        case abandoned
    }

    /// Runs one activity and answers it.
    ///
    /// A JSON job (validation, chips, room, fit, repair) whose argument names no URL takes a
    /// millisecond or so: it runs in place. Otherwise, while this task heartbeats, its inputs
    /// given by URL are fetched, an image job (render, plan, mask, photo) runs in a process
    /// of its own (``JobProcess``), waited for on a thread off Swift's cooperative pool so
    /// that it never holds up heartbeats and polls, and its output is written or put. When
    /// the server asks for cancellation, or no longer knows the activity, the process is
    /// killed (its CPU and memory are free at once), fetches and uploads are cancelled, the
    /// activity is answered and nothing is written.
    private func execute(_ task: Temporal_Api_Workflowservice_V1_PollActivityTaskQueueResponse) async {
        let token = task.taskToken
        let started = ContinuousClock.now
        state.withLockedValue { $0.busy += 1 }
        metrics.activityStarted()
        defer { state.withLockedValue { $0.busy -= 1 } }
        let activity = Activity(rawValue: task.activityType.name)
        let argument: [UInt8]
        do throws(JobError) {
            guard let activity else {
                // Another worker on the queue may serve it: retryable, as the SDKs do.
                throw JobError(.unknownActivity, message: "remo-geom-worker has no activity \(task.activityType.name)")
            }
            argument = try JSONPayload.argument(task.input)
            if !activity.isImageJob && !URLFetching.mayNameURL(argument) {
                let outcome = Outcome.completed(try runner.run(activity, argument: argument))
                await respond(token, outcome)
                report(task, outcome, since: started)
                return
            }
        } catch {
            await respond(token, .failed(error))
            report(task, .failed(error), since: started)
            return
        }
        guard let activity else { return }

        let cancelled = NIOLockedValueBox(false)
        // The job's process, once it runs; killed when the activity is no longer wanted.
        let child = NIOLockedValueBox<pid_t?>(nil)
        let work = Task { () -> Outcome in
            do {
                return .completed(try await self.work(activity, argument, cancelled: cancelled, child: child))
            } catch let error as JobError {
                return .failed(error)
            } catch {
                return .failed(JobError(.internal, message: "\(error)"))
            }
        }
        let heartbeats = Task { () -> HeartbeatEnd in
            let end = await self.heartbeat(token, every: Self.heartbeatInterval(task))
            guard end != .jobFinished else { return end }
            let pid = child.withLockedValue { pid in
                cancelled.withLockedValue { $0 = true }
                return pid
            }
            if let pid { JobProcess.stop(pid) }
            work.cancel()
            return end
        }
        var outcome = await work.value
        heartbeats.cancel()
        switch await heartbeats.value {
        case .jobFinished: break
        case .cancelRequested: outcome = .cancelled
        case .unknownToServer: outcome = .abandoned
        }
        await respond(token, outcome)
        report(task, outcome, since: started)
    }

    /// An activity's work off the fast path: its inputs fetched, the job run (an image job in
    /// its own process), its output written or put, once, only if still wanted.
    private func work(
        _ activity: Activity, _ argument: [UInt8], cancelled: NIOLockedValueBox<Bool>, child: NIOLockedValueBox<pid_t?>
    ) async throws -> JSONValue {
        let stillWanted = { @Sendable in !cancelled.withLockedValue { $0 } && !Task.isCancelled }
        let (argument, fetched) = try await fetching.fetchInputs(argument)
        let product: ActivityProduct
        if activity.isImageJob {
            let runner = self.runner
            product = try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async {
                    let result = Result { () throws(JobError) in
                        try JobProcess.run(activity, argument: argument, fetched: fetched, runner: runner) { pid in
                            // Started after the cancellation: stop it at once.
                            let wanted = child.withLockedValue { slot in
                                slot = pid
                                return !cancelled.withLockedValue { $0 }
                            }
                            if !wanted { JobProcess.stop(pid) }
                        }
                    }
                    // The process has ended, and its id may soon be another's: forget it.
                    child.withLockedValue { $0 = nil }
                    continuation.resume(with: result)
                }
            }
        } else {
            product = try runner.compute(activity, argument: argument, fetched: fetched)
        }
        guard let output = product.output, URLFetching.isURL(output.path) else {
            return try runner.finish(product, stillWanted: { stillWanted() })
        }
        guard stillWanted() else { throw JobError(.cancelled, message: "the activity was cancelled") }
        // Every output is a PNG but prepare's JPEGs (JPEG's first bytes are FF D8 FF).
        let type = output.bytes.starts(with: [0xFF, 0xD8, 0xFF]) ? "image/jpeg" : "image/png"
        try await fetching.put(output.bytes, to: output.path, contentType: type, member: "$.output")
        return ActivityRunner.result(product)
    }

    /// The activity's log line: its type, id and attempt, how it ended (with the error
    /// code) and how long it took.
    private func report(
        _ task: Temporal_Api_Workflowservice_V1_PollActivityTaskQueueResponse, _ outcome: Outcome, since started: ContinuousClock.Instant
    ) {
        let elapsed = started.duration(to: .now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var fields: [(String, String)] = [
            ("type", task.activityType.name), ("activity.id", task.activityID), ("attempt", String(task.attempt)),
        ]
        switch outcome {
        case .completed: fields.append(("outcome", "completed"))
        case .failed(let error): fields += [("outcome", "failed"), ("error.code", error.code.rawValue)]
        case .cancelled: fields.append(("outcome", "cancelled"))
        case .abandoned: fields.append(("outcome", "abandoned"))
        }
        fields.append(("seconds", String((seconds * 10_000).rounded() / 10_000)))
        log("activity", fields)
        metrics.activityFinished(type: task.activityType.name, outcome: fields.first { $0.0 == "outcome" }?.1 ?? "", seconds: seconds)
    }

    /// How heartbeating ended.
    private enum HeartbeatEnd: Equatable {
        /// The job finished (the heartbeat task was cancelled).
        case jobFinished
        /// The server asked for cancellation.
        case cancelRequested
        /// The server answered NOT_FOUND: the activity timed out or was answered elsewhere.
        case unknownToServer
    }

    /// Heartbeats until the job finishes, the server asks for cancellation, or the server no
    /// longer knows the activity.
    private func heartbeat(_ token: Data, every interval: Duration) async -> HeartbeatEnd {
        while true {
            do { try await Task.sleep(for: interval) } catch { return .jobFinished }
            let request = Temporal_Api_Workflowservice_V1_RecordActivityTaskHeartbeatRequest.with {
                $0.taskToken = token
                $0.identity = settings.identity
                $0.namespace = settings.namespace
            }
            do {
                if try await call(WorkflowService.recordActivityTaskHeartbeat, request).cancelRequested { return .cancelRequested }
            } catch let error as GRPCStatusError where error.code == .notFound {
                return .unknownToServer
            } catch {
                continue
            }
        }
    }

    /// A third of the heartbeat timeout, so that a late heartbeat still arrives in time;
    /// every 10 s without one (heartbeats also carry cancellation).
    static func heartbeatInterval(_ task: Temporal_Api_Workflowservice_V1_PollActivityTaskQueueResponse) -> Duration {
        guard task.hasHeartbeatTimeout else { return .seconds(10) }
        let timeout = Double(task.heartbeatTimeout.seconds) + Double(task.heartbeatTimeout.nanos) / 1e9
        return timeout > 0 ? .milliseconds(max(50, Int(timeout * 1000 / 3))) : .seconds(10)
    }

    private func respond(_ token: Data, _ outcome: Outcome) async {
        do {
            switch outcome {
            case .completed(let value):
                let request = Temporal_Api_Workflowservice_V1_RespondActivityTaskCompletedRequest.with {
                    $0.taskToken = token
                    $0.identity = settings.identity
                    $0.namespace = settings.namespace
                    $0.result = JSONPayload.payloads(value)
                }
                _ = try await call(WorkflowService.respondActivityTaskCompleted, request)
                state.withLockedValue { $0.counts.completed += 1 }
            case .failed(let error):
                let request = Temporal_Api_Workflowservice_V1_RespondActivityTaskFailedRequest.with {
                    $0.taskToken = token
                    $0.identity = settings.identity
                    $0.namespace = settings.namespace
                    $0.failure = Self.failure(error)
                }
                _ = try await call(WorkflowService.respondActivityTaskFailed, request)
                state.withLockedValue { $0.counts.failed += 1 }
            case .cancelled:
                let request = Temporal_Api_Workflowservice_V1_RespondActivityTaskCanceledRequest.with {
                    $0.taskToken = token
                    $0.identity = settings.identity
                    $0.namespace = settings.namespace
                }
                _ = try await call(WorkflowService.respondActivityTaskCanceled, request)
                state.withLockedValue { $0.counts.cancelled += 1 }
            case .abandoned:
                state.withLockedValue { $0.counts.cancelled += 1 }
            }
        } catch {
            // Temporal times the activity out and retries it elsewhere.
            log("could not answer an activity (\(error)); Temporal will retry it after its timeout")
        }
    }

    /// A job's error as Temporal's failure: an application failure whose type is the error
    /// code, retryable only where the code says a retry can pass (``RemoService/JobError/isRetryable``).
    static func failure(_ error: JobError) -> Temporal_Api_Failure_V1_Failure {
        var failure = Temporal_Api_Failure_V1_Failure()
        failure.message = error.message
        failure.source = "remo-geom-worker"
        var info = Temporal_Api_Failure_V1_ApplicationFailureInfo()
        info.type = error.code.rawValue
        info.nonRetryable = !error.isRetryable
        failure.applicationFailureInfo = info
        return failure
    }

    /// One answer or heartbeat (30 s deadline), tried again after a pause while the server
    /// is unavailable, for up to 30 s.
    private func call<Request, Response>(_ method: UnaryMethod<Request, Response>, _ request: Request) async throws -> Response {
        var backoff = Backoff()
        let giveUp = ContinuousClock.now + .seconds(30)
        while true {
            do {
                return try await client.call(method, request, timeout: .seconds(30))
            } catch let error as GRPCStatusError where error.code == .unavailable && .now < giveUp {
                state.withLockedValue { $0.counts.retriedCalls += 1 }
                metrics.callRetried()
                try await Task.sleep(for: backoff.next())
            }
        }
    }
}

/// Exponential backoff from 0.1 s to 5 s, with jitter so that many workers do not return
/// in step.
struct Backoff {
    private var delay = 0.1

    mutating func next() -> Duration {
        defer { delay = min(delay * 2, 5) }
        return .milliseconds(Int(delay * 1000 * Double.random(in: 0.8...1.2)))
    }

    mutating func reset() { delay = 0.1 }
}
