import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import RemoJSON
import RemoService

/// Files by URL (docs/worker.md): an input (`image`, `before`, `after`, `scan`) may be an
/// `https://` URL, fetched whole before the job runs; an `output` may be a presigned `PUT`
/// URL, written once the whole result is ready. Presigned URLs of S3-compatible stores work
/// with no cloud SDK: they are plain GETs and PUTs.
///
/// What keeps a workflow's URL from reaching what it should not:
/// - only hosts that a `--fetch-allow` pattern matches (none by default), only `https://`
///   unless `--fetch-allow-http`;
/// - the host is resolved here, and a private, loopback or link-local address is refused
///   unless a pattern other than `*` names the host; the request then connects to the very
///   address checked (AsyncHTTPClient's DNS override), so a second lookup cannot lead
///   elsewhere;
/// - redirects are followed only on the same scheme, host and port, at most five;
/// - an object over `--fetch-max-bytes` is refused from its `Content-Length`, or as soon as
///   its body passes the limit; a fetch or upload longer than `--fetch-timeout` fails.
///
/// Errors: `url-not-allowed` (never retried), `too-large` (never retried), `fetch-failed`
/// (retried when the store was unreachable, slow, or answered 5xx, 429 or 408; not for other
/// 4xx answers, such as an expired signature's 403, nor for a TLS handshake that failed).
public struct URLFetching: Sendable {
    /// What the worker may fetch, and how much.
    public struct Settings: Sendable {
        /// The hosts allowed (`--fetch-allow`).
        public var allowed: [HostPattern] = []
        /// Whether `http://` is allowed (`--fetch-allow-http`).
        public var allowHTTP = false
        /// The largest object fetched (`--fetch-max-bytes`).
        public var maximumBytes = 268_435_456
        /// The longest a fetch or an upload may take (`--fetch-timeout`).
        public var timeout: Duration = .seconds(60)
        /// The CAs `https://` URLs are checked against (`--fetch-ca`); nil: the system's roots.
        public var trustRoots: [NIOSSLCertificate]?

        /// Nothing allowed: every URL is refused.
        public init() {}
    }

    /// A `--fetch-allow` pattern: `host`, `host:port`, `*.domain` (the domain's hosts, not
    /// the domain itself) or `*` (any host, public addresses only).
    public struct HostPattern: Sendable, Equatable {
        enum Hosts: Equatable {
            case any
            case exactly(String)
            case under(String)
        }
        let hosts: Hosts
        let port: Int?

        /// The pattern `text`, or nil when it is none of the four forms.
        public init?(_ text: String) {
            var name = text.lowercased()
            var port: Int?
            if let colon = name.lastIndex(of: ":"), !name.hasSuffix("]") {
                guard let number = Int(name[name.index(after: colon)...]), (1...65535).contains(number) else { return nil }
                port = number
                name = String(name[..<colon])
            }
            if name.hasPrefix("[") && name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
            self.port = port
            if name == "*" {
                guard port == nil else { return nil }
                hosts = .any
            } else if name.hasPrefix("*.") {
                let domain = String(name.dropFirst(2))
                guard Self.isHostName(domain) else { return nil }
                hosts = .under(domain)
            } else {
                guard Self.isHostName(name) || name.contains(":") else { return nil }
                hosts = .exactly(name)
            }
        }

        /// Whether the pattern allows `host` (lower case) on `port`.
        func matches(host: String, port: Int) -> Bool {
            if let own = self.port, own != port { return false }
            switch hosts {
            case .any: return true
            case .exactly(let name): return host == name
            case .under(let domain): return host.hasSuffix("." + domain)
            }
        }

        /// Letters, digits, dots and dashes (an IPv4 address is one).
        static func isHostName(_ text: String) -> Bool {
            !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
        }
    }

    /// The members of an activity's argument that may be URLs to fetch.
    public static let inputMembers = ["image", "before", "after", "scan"]

    /// Whether a member's text is a URL rather than a path under the files root.
    public static func isURL(_ text: String) -> Bool {
        let lower = text.prefix(8).lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://")
    }

    /// The same object, for the overwrite rule: scheme, host, port and path alike (a
    /// presigned URL's query differs from one signature to the next).
    public static func sameObject(_ a: String, _ b: String) -> Bool {
        guard let x = URLComponents(string: a), let y = URLComponents(string: b) else { return a == b }
        return x.scheme?.lowercased() == y.scheme?.lowercased() && x.host?.lowercased() == y.host?.lowercased()
            && Target.port(x) == Target.port(y) && x.percentEncodedPath == y.percentEncodedPath
    }

    /// The settings.
    public let settings: Settings

    /// Fetching and putting by `settings`.
    public init(settings: Settings) {
        self.settings = settings
    }

    /// Fetches the argument's inputs given by URL, and checks its output URL before any
    /// work is done: an image's bytes go in `fetched` by URL; a scan's JSON takes the place
    /// of its URL in the argument.
    ///
    /// - Throws: ``RemoService/JobError``: `url-not-allowed`, `too-large`, `fetch-failed`,
    ///   `invalid-json` for a scan that is not JSON, `cancelled`.
    public func fetchInputs(_ argument: [UInt8]) async throws(JobError) -> (argument: [UInt8], fetched: FetchedInputs) {
        guard Self.mayNameURL(argument), case .object(var members)? = try? JSONParser.parse(argument)
        else { return (argument, [:]) }
        if case .string(let output)? = members.first(where: { $0.key == "output" })?.value, Self.isURL(output) {
            _ = try check(output, member: "$.output")
        }
        var fetched: FetchedInputs = [:]
        var changed = false
        for index in members.indices where Self.inputMembers.contains(members[index].key) {
            guard case .string(let url) = members[index].value, Self.isURL(url) else { continue }
            let member = "$.\(members[index].key)"
            let bytes = try await fetch(url, member: member)
            guard members[index].key == "scan" else {
                fetched[url] = bytes
                continue
            }
            do { members[index].value = try JSONParser.parse(bytes) } catch {
                throw JobError(.invalidJSON, message: "\(member): \(Self.redacted(url)): not JSON (\(error))")
            }
            changed = true
        }
        return (changed ? Array(JSONWriter.string(.object(members)).utf8) : argument, fetched)
    }

    /// Whether an argument may name a URL (it has `://` somewhere): most do not, and are
    /// not parsed twice.
    public static func mayNameURL(_ argument: [UInt8]) -> Bool {
        argument.firstRange(of: Array("://".utf8)) != nil
    }

    /// The object at `url`, whole.
    ///
    /// - Parameter member: Where the URL came from, for messages (`$.image`).
    public func fetch(_ url: String, member: String) async throws(JobError) -> [UInt8] {
        var target = try check(url, member: member)
        for _ in 0...5 {
            let response = try await exchange(target, method: .GET, body: nil, member: member)
            switch response.status {
            case 200:
                return response.body
            case 301, 302, 303, 307, 308:
                guard let location = response.location, let next = URL(string: location, relativeTo: target.url)?.absoluteURL,
                    let components = URLComponents(url: next, resolvingAgainstBaseURL: true),
                    components.scheme?.lowercased() == target.scheme, components.host?.lowercased() == target.host,
                    Target.port(components) == target.port
                else {
                    throw JobError(
                        .urlNotAllowed,
                        message: "\(member): \(Self.redacted(url)) redirects to \(response.location.map(Self.redacted) ?? "nowhere"); "
                            + "redirects are followed only on the same host")
                }
                target = try check(next.absoluteString, member: member)
            default:
                throw Self.failed(status: response.status, member: member, url: url, doing: "fetching")
            }
        }
        throw JobError(.fetchFailed, message: "\(member): \(Self.redacted(url)): more than five redirects", kind: .persistentFailure)
    }

    /// Puts `bytes` to the presigned `url` (with `contentType`).
    public func put(_ bytes: [UInt8], to url: String, contentType: String, member: String) async throws(JobError) {
        let target = try check(url, member: member)
        let response = try await exchange(target, method: .PUT, body: (bytes, contentType), member: member)
        guard (200..<300).contains(response.status) else {
            throw Self.failed(status: response.status, member: member, url: url, doing: "putting the output to")
        }
    }

    /// Checks that `url` may be fetched by its form alone: its scheme and a pattern matching
    /// its host.
    func check(_ url: String, member: String) throws(JobError) -> Target {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            let host = components.host?.lowercased(), !host.isEmpty, let parsed = components.url
        else {
            throw JobError(.invalidRequest, message: "\(member): \(Self.redacted(url)) is not a URL")
        }
        guard scheme == "https" || (scheme == "http" && settings.allowHTTP) else {
            throw JobError(
                .urlNotAllowed,
                message: "\(member): \(Self.redacted(url)): only https:// URLs are fetched"
                    + (scheme == "http" ? " (http:// with --fetch-allow-http)" : ""))
        }
        guard components.user == nil, components.password == nil else {
            throw JobError(.urlNotAllowed, message: "\(member): \(Self.redacted(url)): a URL with a user name or password")
        }
        let port = Target.port(components)
        let matching = settings.allowed.filter { $0.matches(host: host, port: port) }
        guard !matching.isEmpty else {
            throw JobError(
                .urlNotAllowed, message: "\(member): \(host):\(port) is not allowed; the worker fetches only from --fetch-allow hosts")
        }
        return Target(
            url: parsed, scheme: scheme, host: host, port: port, privateAllowed: matching.contains { $0.hosts != .any })
    }

    /// A URL checked by its form.
    struct Target {
        var url: URL
        var scheme: String
        var host: String
        var port: Int
        /// Whether a pattern other than `*` names the host, so that a private address is allowed.
        var privateAllowed: Bool

        static func port(_ components: URLComponents) -> Int {
            components.port ?? (components.scheme?.lowercased() == "http" ? 80 : 443)
        }
    }

    private struct Response: Sendable {
        var status: Int
        var location: String?
        var body: [UInt8]
    }

    /// One request to the checked address of `target`, within the timeout.
    private func exchange(
        _ target: Target, method: HTTPMethod, body: (bytes: [UInt8], type: String)?, member: String
    ) async throws(JobError) -> Response {
        let address = try await resolve(target, member: member)
        var tls = TLSConfiguration.makeClientConfiguration()
        if let roots = settings.trustRoots { tls.trustRoots = .certificates(roots) }
        var configuration = HTTPClient.Configuration(
            tlsConfiguration: tls, redirectConfiguration: .disallow, timeout: .init(connect: .seconds(10), read: .seconds(30)),
            decompression: .disabled)
        // Connect to the address checked, not to whatever a second lookup gives.
        configuration.dnsOverride = [target.host: address]
        // One connection attempt: a refused certificate or connection is answered at once and
        // the activity's retry policy decides what is tried again. (The client's own retries
        // would repeat a refused handshake until the connect timeout, 10 s later.)
        configuration.connectionPool.retryConnectionEstablishment = false
        let client = HTTPClient(eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup.singleton), configuration: configuration)
        let maximumBytes = settings.maximumBytes
        let result: Result<Response, any Error>
        do {
            result = .success(
                try await Self.within(settings.timeout) {
                    var request = HTTPClientRequest(url: target.url.absoluteString)
                    request.method = method
                    if let body {
                        request.headers.add(name: "Content-Type", value: body.type)
                        request.body = .bytes(ByteBuffer(bytes: body.bytes))
                    }
                    let response = try await client.execute(request, timeout: .seconds(Int64(settings.timeout.components.seconds) + 1))
                    let status = Int(response.status.code)
                    guard status == 200 && method == .GET else {
                        _ = try? await response.body.collect(upTo: 64 << 10)
                        return Response(status: status, location: response.headers.first(name: "Location"), body: [])
                    }
                    if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > maximumBytes {
                        throw TooLarge()
                    }
                    var bytes: [UInt8] = []
                    for try await chunk in response.body {
                        guard bytes.count + chunk.readableBytes <= maximumBytes else { throw TooLarge() }
                        bytes += chunk.readableBytesView
                    }
                    return Response(status: status, location: nil, body: bytes)
                })
        } catch {
            result = .failure(error)
        }
        try? await client.shutdown()
        switch result {
        case .success(let response): return response
        case .failure(is TooLarge):
            throw JobError(.tooLarge, message: "\(member): \(Self.redacted(target.url.absoluteString)): over \(maximumBytes) bytes")
        case .failure(let error) where error is TimedOut || [.deadlineExceeded, .readTimeout].contains(error as? HTTPClientError):
            throw JobError(
                .fetchFailed, message: "\(member): \(Self.redacted(target.url.absoluteString)): no whole answer within \(settings.timeout)")
        case .failure(is CancellationError):
            throw JobError(.cancelled, message: "the activity was cancelled")
        case .failure(let error):
            // A certificate the CAs do not vouch for, or for another name, would be refused the
            // same way next time; a lost connection may not be.
            let refusedCertificate: Bool
            if case .handshakeFailed? = error as? NIOSSLError {
                refusedCertificate = true
            } else {
                refusedCertificate = error is NIOSSLExtraError
            }
            throw JobError(
                .fetchFailed, message: "\(member): \(Self.redacted(target.url.absoluteString)): \(error)",
                kind: refusedCertificate ? .persistentFailure : .internalFailure)
        }
    }

    private struct TooLarge: Error {}
    private struct TimedOut: Error {}

    /// Runs `work`, failing with `TimedOut` after `limit` (and cancelling it).
    private static func within<T: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask(operation: work)
            group.addTask {
                try await Task.sleep(for: limit)
                throw TimedOut()
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw TimedOut() }
            return first
        }
    }

    /// The address to connect to: the host's first IPv4 address (or its first, when it has
    /// none), once every address it has is allowed.
    private func resolve(_ target: Target, member: String) async throws(JobError) -> String {
        let host = target.host.hasPrefix("[") ? String(target.host.dropFirst().dropLast()) : target.host
        let addresses: [String]
        do {
            addresses = try await NIOThreadPool.singleton.runIfActive { Self.addresses(of: host) }
        } catch {
            throw JobError(.fetchFailed, message: "\(member): \(host): the lookup could not run (\(error))")
        }
        guard let first = addresses.first(where: { !$0.contains(":") }) ?? addresses.first else {
            throw JobError(.fetchFailed, message: "\(member): \(host): no such host", kind: .internalFailure)
        }
        if !target.privateAllowed, let inside = addresses.first(where: Self.isPrivate) {
            throw JobError(
                .urlNotAllowed,
                message: "\(member): \(host) is at \(inside), a private, loopback or link-local address; "
                    + "only a --fetch-allow pattern naming the host (not *) allows it")
        }
        return first
    }

    /// The host's addresses, as text (getaddrinfo; an address is its own).
    static func addresses(of host: String) -> [String] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0 else { return [] }
        defer { freeaddrinfo(list) }
        var addresses: [String] = []
        var entry = list
        while let info = entry?.pointee {
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(info.ai_addr, info.ai_addrlen, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 {
                let address = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !addresses.contains(address) { addresses.append(address) }
            }
            entry = info.ai_next
        }
        return addresses
    }

    /// Whether an address is private, loopback, link-local, shared (CGNAT), unspecified or
    /// multicast: nothing a public store is at.
    static func isPrivate(_ address: String) -> Bool {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 { return isPrivate(v4: UInt32(bigEndian: v4.s_addr)) }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, address, &v6) == 1 else { return true }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff {
            // An IPv4 address mapped into IPv6.
            return isPrivate(v4: bytes[12...].reduce(0) { $0 << 8 | UInt32($1) })
        }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) { return true }  // :: and ::1
        if bytes[0] & 0xfe == 0xfc { return true }  // fc00::/7, unique local
        if bytes[0] == 0xfe && bytes[1] & 0xc0 == 0x80 { return true }  // fe80::/10, link-local
        return bytes[0] == 0xff  // multicast
    }

    static func isPrivate(v4 address: UInt32) -> Bool {
        let ranges: [(UInt32, Int)] = [
            (0x0000_0000, 8), (0x0A00_0000, 8), (0x6440_0000, 10), (0x7F00_0000, 8), (0xA9FE_0000, 16), (0xAC10_0000, 12),
            (0xC0A8_0000, 16), (0xE000_0000, 3),
        ]
        return ranges.contains { base, bits in address >> (32 - UInt32(bits)) == base >> (32 - UInt32(bits)) }
    }

    /// A URL for messages and logs: without its query, which carries a presigned URL's
    /// signature.
    static func redacted(_ url: String) -> String {
        guard let question = url.firstIndex(of: "?") else { return url }
        return String(url[..<question]) + "?…"
    }

    static func failed(status: Int, member: String, url: String, doing: String) -> JobError {
        // A store that is down or busy may answer next time; a refusal (an expired
        // signature's 403, a 404) would be the same.
        let transient = status >= 500 || status == 429 || status == 408
        return JobError(
            .fetchFailed, message: "\(member): \(doing) \(redacted(url)) was answered HTTP \(status)",
            kind: transient ? .internalFailure : .persistentFailure)
    }
}
