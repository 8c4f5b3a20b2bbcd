import GRPCCore
import GRPCNIOTransportHTTP2Posix
import TemporalAPI

/// The worker's gRPC connections to Temporal's frontend, each used for a bounded number of
/// calls and then replaced.
///
/// Why: Temporal's frontend (grpc-go) sends a BDP-estimation PING for nearly every burst of
/// request data, and swift-nio-http2 lets a peer send at most 200 control frames per
/// 30 seconds on one connection before the *client* closes it with GOAWAY
/// (ENHANCE_YOUR_CALM), failing every call in flight on it. grpc-swift-nio-transport has no
/// setting for that limit. So a connection takes at most ``callsPerConnection`` calls (each
/// brings at most a ping or two); later calls go to a fresh connection, and the old one is
/// closed gracefully once its last call (a long poll, say) has finished.
actor TemporalConnections {
    typealias Service = Temporal_Api_Workflowservice_V1_WorkflowService.Client<HTTP2ClientTransport.Posix>

    /// Calls per connection: well under the 200 pings a connection may receive.
    static let callsPerConnection = 50

    private struct Connection {
        var client: GRPCClient<HTTP2ClientTransport.Posix>
        var service: Service
        var callsStarted = 0
        var callsInFlight = 0
        var retired = false
    }

    let host: String
    let port: Int
    private var connections: [Int: Connection] = [:]
    private var current: Int?
    /// How many connections were opened (for the worker's closing line).
    private(set) var opened = 0

    init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Makes one call on a connection that stays open until the call is done.
    nonisolated func call<T: Sendable>(_ body: @Sendable (Service) async throws -> T) async throws -> T {
        let (id, service) = try await lease()
        do {
            let result = try await body(service)
            await release(id)
            return result
        } catch {
            await release(id)
            throw error
        }
    }

    /// Retires the current connection (after a call failed on it): the next call opens
    /// another.
    func discardCurrent() {
        if let current { retire(current) }
        current = nil
    }

    private func lease() throws -> (Int, Service) {
        if let id = current, connections[id]!.callsStarted >= Self.callsPerConnection {
            retire(id)
            current = nil
        }
        if current == nil {
            let transport = try HTTP2ClientTransport.Posix(target: .dns(host: host, port: port), transportSecurity: .plaintext)
            let client = GRPCClient(transport: transport)
            Task { try? await client.runConnections() }
            opened += 1
            connections[opened] = Connection(client: client, service: Service(wrapping: client))
            current = opened
        }
        let id = current!
        connections[id]!.callsStarted += 1
        connections[id]!.callsInFlight += 1
        return (id, connections[id]!.service)
    }

    private func release(_ id: Int) {
        connections[id]!.callsInFlight -= 1
        if connections[id]!.retired && connections[id]!.callsInFlight == 0 { close(id) }
    }

    private func retire(_ id: Int) {
        connections[id]!.retired = true
        if connections[id]!.callsInFlight == 0 { close(id) }
    }

    private func close(_ id: Int) {
        connections.removeValue(forKey: id)?.client.beginGracefulShutdown()
    }
}
