import Foundation
import RemoImage
import RemoTestSupport
import Testing

/// Slow and stalled clients, `Expect: 100-continue` and the memory budget, against a real
/// `remo-geom serve` over sockets.
@Suite("remo-geom serve: slow clients and the memory budget")
struct SlowClientAndMemoryTests {
    static let valid = "SampleScans/regions/valid.json"

    /// The answer read to the service's close, as text.
    static func answer(on socket: Int32) -> String {
        String(decoding: ServiceProcess.readToClose(socket), as: UTF8.self)
    }

    @Test("a head that has not arrived within --header-timeout of its first byte gets 408 request-timeout and its connection closed")
    func headerTimeout() throws {
        let service = try ServiceProcess(["--header-timeout", "1"])
        let socket = try service.connection()
        defer { close(socket) }
        try ServiceProcess.send(Array("POST /v1/validate HTTP/1.1\r\nHost: local".utf8), on: socket)
        let text = Self.answer(on: socket)
        #expect(text.hasPrefix("HTTP/1.1 408 ") && text.contains(#""code":"request-timeout""#), "\(text)")
        // An idle connection is the idle timeout's, not the header timeout's: still open.
        let idle = try service.connection()
        defer { close(idle) }
        #expect(!ServiceProcess.isClosed(idle, within: 3), "an idle connection closed by the header timeout")
        // Logged and counted like any other answer.
        #expect(service.log.contains("error.code=request-timeout"), "\(service.log)")
        let metrics = try service.request("GET", "/metrics").text
        #expect(metrics.contains(#"remo_http_requests_total{route="connection",status="408"} 1"#), "\(metrics)")
        #expect(service.stop() == 0)
    }

    @Test(
        "two stalled uploads hold no job slot: with --concurrency 1 a validate is answered while they stall, then each gets 408 and is closed"
    )
    func stalledUploadsHoldNoSlot() throws {
        let service = try ServiceProcess(["--concurrency", "1", "--header-timeout", "3"])
        var stalled: [Int32] = []
        defer { stalled.forEach { close($0) } }
        for _ in 0..<2 {
            let socket = try service.connection()
            stalled.append(socket)
            try ServiceProcess.send(
                Array(
                    "POST /v1/validate HTTP/1.1\r\nHost: local\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"im".utf8),
                on: socket)
        }
        let answered = try service.request("POST", "/v1/validate", file: Self.valid)
        #expect(answered.status == 200)
        // Answered while the stalled requests are still waiting for their bodies, not after
        // they have timed out and left their slots.
        for socket in stalled {
            var byte: UInt8 = 0
            #expect(recv(socket, &byte, 1, Int32(MSG_DONTWAIT | MSG_PEEK)) == -1 && errno == EAGAIN, "a stalled request was answered first")
        }
        for socket in stalled {
            let text = Self.answer(on: socket)
            #expect(text.hasPrefix("HTTP/1.1 408 ") && text.contains("under the minimum of 8192"), "\(text)")
        }
        #expect(service.log.contains("error.code=request-timeout"))
        #expect(service.stop() == 0)
    }

    @Test("a body that keeps coming at the minimum rate is read whole and answered")
    func slowButSteadyBody() throws {
        let service = try ServiceProcess(["--header-timeout", "1", "--min-body-rate", "100"])
        let body = try Array(Data(contentsOf: Repository.url(Self.valid)))
        let socket = try service.connection()
        defer { close(socket) }
        try ServiceProcess.send(
            Array(
                "POST /v1/validate HTTP/1.1\r\nHost: local\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
                    .utf8),
            on: socket)
        // 400 bytes a second for about three seconds: past the grace, above the minimum.
        let pieces = stride(from: 0, to: body.count, by: max(1, body.count / 12)).map {
            Array(body[$0..<min(body.count, $0 + max(1, body.count / 12))])
        }
        for piece in pieces {
            try ServiceProcess.send(piece, on: socket)
            usleep(250_000)
        }
        let text = Self.answer(on: socket)
        #expect(text.hasPrefix("HTTP/1.1 200 ") && text.contains(#""valid":true"#), "\(text.prefix(300))")
        #expect(service.stop() == 0)
    }

    @Test(
        "Expect: 100-continue on a body over the limit gets 413 and no 100, and the connection closes unread; HTTP/1.0 never gets a 100"
    )
    func continueOnlyWhenTheBodyIsWanted() throws {
        let service = try ServiceProcess(["--max-body-bytes", "1000"])
        let refused = try service.connection()
        defer { close(refused) }
        try ServiceProcess.send(
            Array(
                "POST /v1/validate HTTP/1.1\r\nHost: local\r\nContent-Type: application/json\r\nContent-Length: 5000\r\nExpect: 100-continue\r\n\r\n"
                    .utf8),
            on: refused)
        let text = Self.answer(on: refused)
        #expect(text.hasPrefix("HTTP/1.1 413 ") && !text.contains("100 Continue") && text.contains("too-large"), "\(text)")

        let old = try service.connection()
        defer { close(old) }
        try ServiceProcess.send(
            Array("POST /v1/validate HTTP/1.0\r\nContent-Type: application/json\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n".utf8),
            on: old)
        #expect(!ServiceProcess.isClosed(old, within: 2), "the service answered an HTTP/1.0 head before its body")
        try ServiceProcess.send(Array("{}".utf8), on: old)
        let oldText = Self.answer(on: old)
        #expect(oldText.contains(" 400 ") && !oldText.contains("100 Continue"), "\(oldText)")
        #expect(service.stop() == 0)
    }

    @Test("a job declaring more memory than --memory-budget gets 422 over-memory-budget; within it, the same job is answered")
    func memoryBudget() throws {
        // A 2000 × 1500 render declares 30 MB in pixels: over an 8 MB budget, within 64 MB.
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (image, regions) = try ServiceHTTPTests.slowRender(in: folder, points: 200, width: 2000, height: 1500)
        let form = [("image", "@\(image)"), ("regions", "@\(regions)")]
        let small = try ServiceProcess(["--memory-budget", "8M"])
        let refused = try small.request("POST", "/v1/render", form: form)
        #expect(refused.status == 422 && refused.text.contains(#""code":"over-memory-budget""#), "\(refused.text)")
        let conformance = try small.checkAgainstOpenAPI()
        #expect(conformance.ok, "\(conformance.report)")
        #expect(small.stop() == 0)
        let enough = try ServiceProcess(["--memory-budget", "64M"])
        #expect(try enough.request("POST", "/v1/render", form: form).status == 200)
        #expect(enough.stop() == 0)
    }

    @Test("--memory-budget takes K, M and G and refuses what is not a size, naming the option")
    func memoryBudgetValues() throws {
        for bad in ["0", "-1M", "12X", "M", "99999999999G"] {
            let result = try CLIRunner.run(["serve", "--port", "0", "--memory-budget", bad])
            #expect(result.status == 2 && result.stderr.contains("--memory-budget"), "\(bad): \(result.stderr)")
        }
        let service = try ServiceProcess(["--memory-budget", "3G"])
        #expect(service.log.contains("memory budget \(3 << 30) bytes"), "\(service.log)")
        #expect(service.stop() == 0)
    }
}
