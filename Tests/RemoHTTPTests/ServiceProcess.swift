import Foundation
import RemoTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A real `remo-geom serve` on a free loopback port, and requests to it through curl.
/// Every response is recorded, for the check against openapi.json.
final class ServiceProcess: @unchecked Sendable {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    let process = Process()
    let folder: URL
    let port: Int
    private(set) var records: [String] = []
    private let lock = NSLock()

    /// Starts the service with `arguments` (no drain delay unless they give one) and
    /// `environment` added to this process's, and waits until it listens; through `launcher`
    /// (a program that then runs it, such as `prlimit`) when one is given.
    init(_ arguments: [String] = [], launcher: [String] = [], environment: [String: String] = [:]) throws {
        folder = try CLIRunner.temporaryFolder()
        let log = folder.appendingPathComponent("serve.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)  // opening it for writing fails next if not
        process.executableURL = launcher.first.map { URL(fileURLWithPath: $0) } ?? CLIRunner.executable
        process.arguments =
            launcher.dropFirst() + (launcher.isEmpty ? [] : [CLIRunner.executable.path]) + ["serve", "--port", "0", "--drain-delay", "0"]
            + arguments
        process.currentDirectoryURL = Repository.root
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var found: Int? = nil
        for _ in 0..<600 where found == nil {
            usleep(50_000)
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: #"listening on http://127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
                found = Int(text[range].split(separator: ":").last ?? "")
            }
        }
        guard let found else {
            process.terminate()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the service did not start"])
        }
        port = found
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: folder)
    }

    /// The service's log so far.
    var log: String { (try? String(contentsOf: folder.appendingPathComponent("serve.log"), encoding: .utf8)) ?? "" }

    /// Sends a request with curl: a body from a file or bytes, or a multipart form.
    func request(
        _ method: String, _ path: String, body: [UInt8]? = nil, file: String? = nil, contentType: String? = "application/json",
        form: [(String, String)] = [], headers: [String] = []
    ) throws -> Response {
        let id = UUID().uuidString
        let bodyURL = folder.appendingPathComponent("\(id).body")
        let headersURL = folder.appendingPathComponent("\(id).headers")
        var arguments = ["-s", "-o", bodyURL.path, "-D", headersURL.path, "-w", "%{http_code}", "-X", method]
        if let body {
            let requestURL = folder.appendingPathComponent("\(id).request")
            try Data(body).write(to: requestURL)
            arguments += ["--data-binary", "@" + requestURL.path]
        }
        if let file { arguments += ["--data-binary", "@" + file] }
        if let contentType, form.isEmpty, body != nil || file != nil { arguments += ["-H", "Content-Type: \(contentType)"] }
        for (name, value) in form { arguments += ["-F", "\(name)=\(value)"] }
        for header in headers { arguments += ["-H", header] }
        arguments.append("http://127.0.0.1:\(port)\(path)")
        let result = try CLIRunner.runProgram("/usr/bin/curl", ["--max-time", "120"] + arguments)
        defer {
            try? FileManager.default.removeItem(at: bodyURL)
            try? FileManager.default.removeItem(at: headersURL)
        }
        var fields: [String: String] = [:]
        let headerText = (try? String(contentsOf: headersURL, encoding: .utf8)) ?? ""
        for line in headerText.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let response = Response(
            status: Int(result.stdout) ?? 0, headers: fields, body: Array((try? Data(contentsOf: bodyURL)) ?? Data()))
        let json = (fields["content-type"] ?? "").hasPrefix("application/json")
        let record: [String: Any] = [
            "method": method, "path": path.split(separator: "?").first.map(String.init) ?? path, "status": response.status,
            "contentType": fields["content-type"] ?? "", "body": json ? response.text : "",
        ]
        if response.status != 0, let line = try? JSONSerialization.data(withJSONObject: record) {
            lock.lock()
            records.append(String(decoding: line, as: UTF8.self))
            lock.unlock()
        }
        return response
    }

    /// Writes `bytes` (one or more requests, pipelined) on one new connection and reads
    /// until the service closes it: the raw responses, in order. With `closingWrites`, the
    /// connection's writing side is shut once the bytes are sent, as a client that stops
    /// short does.
    func exchange(_ bytes: [UInt8], closingWrites: Bool = false) throws -> [UInt8] {
        let socket = try connection()
        defer { close(socket) }
        try Self.send(bytes, on: socket)
        if closingWrites { shutdown(socket, Int32(SHUT_WR)) }
        return Self.readToClose(socket)
    }

    /// Everything that arrives on `socket` until the service closes it (or says nothing for
    /// 30 s).
    static func readToClose(_ socket: Int32) -> [UInt8] {
        var received: [UInt8] = []
        while let chunk = receive(on: socket) { received += chunk }
        return received
    }

    /// A new connection to the service, whose reads give up after 30 s (so that a test
    /// waiting for an answer that never comes fails instead of hanging).
    func connection() throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw POSIXError(.ECONNREFUSED)
        }
        var patience = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &patience, socklen_t(MemoryLayout<timeval>.size))
        return socket
    }

    static func send(_ bytes: [UInt8], on socket: Int32) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw POSIXError(.EPIPE) }
            sent += n
        }
    }

    /// What arrives next, or nil once the service has closed the connection (or said
    /// nothing for 30 s).
    static func receive(on socket: Int32) -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let n = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        return n > 0 ? Array(chunk[..<n]) : nil
    }

    /// Whether the service closes the connection, read to its end, before it has said
    /// anything for `seconds` (recv gives 0 at the close and fails at the timeout).
    static func isClosed(_ socket: Int32, within seconds: Int) -> Bool {
        var patience = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &patience, socklen_t(MemoryLayout<timeval>.size))
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if n == 0 { return true }
            if n < 0 { return false }
        }
    }

    /// Sends SIGTERM and waits for the exit status.
    func stop() -> Int32 {
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The process's resident memory, in bytes.
    var residentBytes: Int {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 1024
    }

    /// Checks every recorded response against openapi.json; the checker's report.
    func checkAgainstOpenAPI() throws -> (ok: Bool, report: String) {
        let url = folder.appendingPathComponent("records.jsonl")
        lock.lock()
        let lines = records
        lock.unlock()
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        let result = try CLIRunner.runProgram("/usr/bin/env", ["python3", "scripts/check-openapi-response.py", url.path])
        return (result.status == 0, result.stdout + result.stderr)
    }
}
