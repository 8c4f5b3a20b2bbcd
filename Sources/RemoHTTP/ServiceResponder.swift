import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOPosix
import RemoJSON
import RemoService
import Synchronization

/// Answers every request of `remo-geom serve`: finds the route (404, 405), checks the
/// media type (415) and the body's size (413) from the head, then reads the body (sending
/// `100 Continue` if asked), counting it against the memory budget; prepares the job, which
/// declares its memory, and runs it in a slot once the budget has room (503 with
/// `Retry-After` when the queue is full, 422 when it could never fit); maps refusals to
/// error objects, and logs and counts each request with its id.
///
/// The log line and the metrics are made here rather than by Hummingbird's
/// `LogRequestsMiddleware` and `MetricsMiddleware`: the first logs neither the bytes out nor
/// the error code, and the second reports through swift-metrics, which would need a bridge to
/// the Prometheus registry `/metrics` is read from (``ServiceMetrics``); a responder without a
/// router also keeps 404 and 405 in the same line and count as every other answer.
struct ServiceResponder: HTTPResponder {
    typealias Context = ServiceContext

    /// What a route takes and which job answers it.
    struct Route: Sendable {
        enum Body: Sendable { case none, json, multipart, image }
        var method: HTTPRequest.Method
        var path: String
        var body: Body
        var handler: @Sendable (JobRoutes.Input) throws(ServiceError) -> JobRoutes.Prepared
    }

    let settings: ServiceSettings
    let slots: JobSlots
    /// The threads the larger jobs compute on, one per slot: their seconds of CPU stay off
    /// Swift's cooperative pool (a thread per core), which reads bodies, admits jobs and
    /// answers health checks, so those go on while every slot computes. With renders run
    /// in the pool, 64 connections of renders answered with a p99 of 0.9 s instead of 1.8 s.
    let workers: NIOThreadPool
    /// Jobs declaring less memory than this run where they are, without the hop to a
    /// worker thread: they take milliseconds (a validation of three 500-point lassos, a
    /// quarter of one), and the two thread hops cost validations 40 % of their rate at 64
    /// connections (`Benchmarks/service_load.py`).
    static let inlineMemory = 1 << 20
    let draining: Draining
    let metrics: ServiceMetrics
    let routes: [Route]

    init(settings: ServiceSettings, draining: Draining, metrics: ServiceMetrics, workers: NIOThreadPool) {
        self.settings = settings
        self.workers = workers
        self.slots = JobSlots(concurrency: settings.concurrency, queueLimit: settings.queueLength, memoryBudget: settings.memoryBudget)
        self.draining = draining
        self.metrics = metrics
        let status: @Sendable (String, HTTPResponse.Status) -> JobRoutes.Prepared = { text, code in
            .answer(JobRoutes.json(.object([("status", .string(text))])).with(status: code))
        }
        routes = [
            Route(method: .post, path: "/v1/validate", body: .json, handler: JobRoutes.validate),
            Route(method: .post, path: "/v1/chips", body: .json, handler: JobRoutes.chips),
            Route(method: .post, path: "/v1/render", body: .multipart, handler: JobRoutes.render),
            Route(method: .post, path: "/v1/room", body: .json, handler: JobRoutes.room),
            Route(method: .post, path: "/v1/fit", body: .json, handler: JobRoutes.fit),
            Route(method: .post, path: "/v1/plan", body: .json, handler: JobRoutes.plan),
            Route(method: .post, path: "/v1/photo", body: .image, handler: JobRoutes.photo),
            Route(method: .post, path: "/v1/prepare", body: .image, handler: JobRoutes.prepare),
            Route(method: .post, path: "/v1/composite", body: .multipart, handler: JobRoutes.composite),
            Route(method: .post, path: "/v1/drift", body: .multipart, handler: JobRoutes.drift),
            Route(method: .post, path: "/v1/bundle", body: .multipart, handler: JobRoutes.bundle),
            Route(method: .post, path: "/v1/repair", body: .json, handler: JobRoutes.repair),
            Route(method: .post, path: "/v1/simplify", body: .json, handler: JobRoutes.simplify),
            Route(method: .post, path: "/v1/mask", body: .json, handler: JobRoutes.mask),
            Route(method: .post, path: "/v1/dimensions", body: .json, handler: JobRoutes.dimensions),
            Route(method: .get, path: "/healthz", body: .none) { _ in status("ok", .ok) },
            Route(method: .get, path: "/readyz", body: .none) { [draining] _ in
                draining.isDraining ? status("draining", .serviceUnavailable) : status("ok", .ok)
            },
            Route(method: .get, path: "/metrics", body: .none) { [metrics, slots] _ in
                var headers = HTTPFields()
                headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
                return .answer(
                    Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: metrics.text(slots: slots)))))
            },
            Route(method: .get, path: "/openapi.json", body: .none) { _ in
                var headers = HTTPFields()
                headers[.contentType] = "application/json"
                return .answer(Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: OpenAPIDocument.json))))
            },
        ]
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        let started = ContinuousClock.now
        let id = request.headers[HTTPField.Name("X-Request-Id")!].flatMap(Self.safeRequestID) ?? context.id
        let path = String(request.uri.path)
        let route = routes.first { $0.path == path && $0.method == request.method }
        let label = route?.path ?? (routes.contains { $0.path == path } ? path : "unknown")
        metrics.started()
        var bodyBytes = 0
        var response: Response
        var errorCode: ErrorCode? = nil
        do {
            guard let route else {
                let allowed = routes.filter { $0.path == path }.map(\.method.rawValue)
                if allowed.isEmpty { throw ServiceError(.notFound, message: "no route \(path)") }
                var error = Self.errorResponse(
                    ServiceError(.methodNotAllowed, message: "\(path) takes \(allowed.joined(separator: ", "))")
                )
                error.headers[.allow] = allowed.joined(separator: ", ")
                throw Refusal(response: error, code: .methodNotAllowed)
            }
            let query = Self.query(request)
            let contentType = request.headers[.contentType] ?? ""
            let maximumPixels = settings.maximumPixels
            if route.body == .none {
                response = try route.handler(
                    JobRoutes.Input(body: [], contentType: contentType, query: query, maximumPixels: maximumPixels)
                ).run()
            } else {
                // Refused from the head: the client may still be sending the body, which is
                // not read; the connection closes after the answer.
                do {
                    try Self.checkMediaType(request, route: route)
                    try Self.checkLength(request, limit: settings.maximumBodyBytes)
                } catch {
                    var refusal = Self.errorResponse(error)
                    refusal.headers[.connection] = "close"
                    throw Refusal(response: refusal, code: error.code)
                }
                ExpectContinueHandler.sendContinue(on: context.channel)
                // The body is read with no slot held: a slow upload stops no job. Its bytes
                // count against the memory budget until the answer is made.
                defer { slots.release(bodyBytes: bodyBytes) }
                let body = try await Self.collect(request, limit: settings.maximumBodyBytes, slots: slots, counted: &bodyBytes)
                let job = try route.handler(
                    JobRoutes.Input(body: body, contentType: contentType, query: query, maximumPixels: maximumPixels))
                switch await slots.enter(memory: job.memory) {
                case .admitted: break
                case .queueFull:
                    throw Self.busy("every job slot is taken and the queue is full; retry shortly")
                case .neverFits:
                    throw ServiceError(
                        .overMemoryBudget,
                        message:
                            "the job declares \(job.memory) bytes of memory, more than the service's whole budget of \(settings.memoryBudget) bytes"
                    )
                }
                defer { slots.leave(memory: job.memory) }
                response = job.memory < Self.inlineMemory ? try job.run() : try await workers.runIfActive { try job.run() }
            }
        } catch let error as ServiceError {
            response = Self.errorResponse(error)
            errorCode = error.code
        } catch let refusal as Refusal {
            response = refusal.response
            errorCode = refusal.code
        } catch {
            context.logger.error("internal error", metadata: ["request.id": "\(id)", "error": "\(error)"])
            response = Self.errorResponse(ServiceError(.internal, message: "internal error"))
            errorCode = .internal
        }
        response.headers[HTTPField.Name("X-Request-Id")!] = id
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let status = String(response.status.code)
        metrics.finished(
            route: label, status: Int(response.status.code), seconds: seconds, bytesIn: bodyBytes, bytesOut: response.body.contentLength)
        var metadata: Logger.Metadata = [
            "request.id": "\(id)", "method": "\(request.method.rawValue)", "path": "\(path)", "status": "\(status)",
            "bytes.in": "\(bodyBytes)", "bytes.out": "\(response.body.contentLength ?? 0)", "seconds": "\(String(format: "%.4f", seconds))",
        ]
        if let errorCode { metadata["error.code"] = "\(errorCode.rawValue)" }
        context.logger.info("request", metadata: metadata)
        return response
    }

    /// A response already made (405 with `Allow`, 503 with `Retry-After`).
    struct Refusal: Error {
        var response: Response
        var code: ErrorCode
    }

    /// Refuses a body of a media type or a content coding the route does not take (415).
    static func checkMediaType(_ request: Request, route: Route) throws(ServiceError) {
        // A compressed body would otherwise be read as it stands and refused as bad JSON.
        if let coding = request.headers[.contentEncoding], coding.trimmingCharacters(in: .whitespaces).lowercased() != "identity",
            route.body != .none
        {
            throw ServiceError(.unsupportedMediaType, message: "\(route.path) takes bodies without Content-Encoding, not \(coding)")
        }
        let type = (request.headers[.contentType] ?? "").split(separator: ";").first.map { $0.trimmingWhitespace().lowercased() } ?? ""
        switch route.body {
        case .json where !(type.isEmpty || type == "application/json"):
            throw ServiceError(.unsupportedMediaType, message: "\(route.path) takes application/json, not \(type)")
        case .image where !Self.imageTypes.contains(type):
            throw ServiceError(
                .unsupportedMediaType,
                message:
                    "\(route.path) takes \(Self.imageTypes.sorted().joined(separator: ", ")), not \(type.isEmpty ? "no media type" : type)")
        case .multipart where type != "multipart/form-data":
            throw ServiceError(
                .unsupportedMediaType,
                message: "\(route.path) takes multipart/form-data, not \(type.isEmpty ? "no media type" : type)")
        default: break
        }
    }

    /// A client's `X-Request-Id` when it is a short token of safe characters (letters,
    /// digits, `-`, `_`, `.`, at most 128), else nil and the service makes its own: an id is
    /// written into log lines and echoed back, never raw.
    static func safeRequestID(_ given: String) -> String? {
        let safe =
            !given.isEmpty && given.utf8.count <= 128
            && given.utf8.allSatisfy { c in
                (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2D || c == 0x5F || c == 0x2E
            }
        return safe ? given : nil
    }

    /// The media types of the routes that take an image as their body (photo, prepare).
    static let imageTypes: Set<String> = ["image/jpeg", "image/png", "image/heic", "image/heif"]

    /// A 503 `busy` with `Retry-After`.
    static func busy(_ message: String) -> Refusal {
        var busy = Self.errorResponse(ServiceError(.busy, message: message))
        busy.headers[.retryAfter] = "1"
        return Refusal(response: busy, code: .busy)
    }

    /// Refuses a body whose `Content-Length` is over the limit, before reading it.
    static func checkLength(_ request: Request, limit: Int) throws(ServiceError) {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            throw ServiceError(.tooLarge, message: "the body is larger than the limit of \(limit) bytes")
        }
    }

    /// The body, within the size limit (refused as soon as the streamed bytes pass it),
    /// each part counted against the memory budget as it comes (`counted`: the bytes
    /// counted so far, to give back once answered).
    static func collect(_ request: Request, limit: Int, slots: JobSlots, counted: inout Int) async throws -> [UInt8] {
        var body: [UInt8] = []
        if let length = request.headers[.contentLength].flatMap({ Int($0) }) { body.reserveCapacity(min(length, limit)) }
        do {
            for try await part in request.body {
                guard body.count + part.readableBytes <= limit else {
                    throw ServiceError(.tooLarge, message: "the body is larger than the limit of \(limit) bytes")
                }
                guard body.count + part.readableBytes <= slots.memoryBudget else {
                    throw ServiceError(
                        .overMemoryBudget,
                        message: "the body is larger than the service's whole memory budget of \(slots.memoryBudget) bytes")
                }
                guard slots.receive(part.readableBytes) else {
                    throw Self.busy("the bodies being received fill the memory budget; retry shortly")
                }
                counted += part.readableBytes
                body.append(contentsOf: part.readableBytesView)
            }
        } catch let error as ServiceError {
            throw error
        } catch let refusal as Refusal {
            throw refusal
        } catch let slow as RequestTimeoutHandler.BodyTooSlow {
            var timeout = Self.errorResponse(ServiceError(.requestTimeout, message: slow.message))
            timeout.headers[.connection] = "close"
            throw Refusal(response: timeout, code: .requestTimeout)
        } catch {
            // Whatever else stops the body is its framing: a body shorter than its
            // Content-Length, a bad chunk size, a chunk without its CRLF, an unknown
            // Transfer-Encoding. The client's fault, never a 5xx.
            throw ServiceError(.badFraming, message: "the request body could not be read: \(error)")
        }
        return body
    }

    static func query(_ request: Request) -> [String: String] {
        var query: [String: String] = [:]
        for (key, value) in request.uri.queryParameters { query[String(key)] = String(value) }
        return query
    }

    static func errorResponse(_ error: ServiceError) -> Response {
        let body = ResultJSON.error(JobError(error.code, message: error.message))
        return JobRoutes.json(body).with(status: error.status)
    }
}

extension Response {
    /// The response with another status.
    func with(status: HTTPResponse.Status) -> Response {
        var response = self
        response.status = status
        return response
    }
}

/// The request context of the service: Hummingbird's, and the connection's channel (to
/// send `100 Continue` once the body is wanted).
struct ServiceContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}

/// Whether the service is shutting down: `readyz` answers 503 from then on.
final class Draining: Sendable {
    private let flag = Atomic<Bool>(false)
    var isDraining: Bool { flag.load(ordering: .relaxed) }
    func start() { flag.store(true, ordering: .relaxed) }
}
