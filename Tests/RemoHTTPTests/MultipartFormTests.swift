import Foundation
import RemoShapes
import RemoTestSupport
import Testing

@testable import RemoHTTP

/// The multipart reader: its search agrees with a brute force, and a hostile form (a long
/// boundary, too many parts, a body of dashes) is refused with invalid-multipart by a real
/// `serve` process, which goes on answering.
@Suite("Multipart forms")
struct MultipartFormTests {
    @Test("the boundary search finds what a brute force finds, from every start, on bodies of few letters")
    func searchAgainstBruteForce() {
        var rng = SplitMix64(seed: 11)
        let alphabet: [UInt8] = Array("-a\r\n".utf8)
        for _ in 0..<300 {
            let haystack = (0..<Int.random(in: 0...60, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            let needle = (0..<Int.random(in: 1...6, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            for start in 0...haystack.count {
                let expected = stride(from: start, through: haystack.count - needle.count, by: 1).first {
                    Array(haystack[$0..<($0 + needle.count)]) == needle
                }
                #expect(MultipartForm.find(needle, in: haystack, from: start) == expected, "\(haystack) \(needle) from \(start)")
            }
        }
    }

    @Test("a 60 KB boundary, 17 parts and a body of dashes are refused as invalid-multipart; the service goes on")
    func hostileForms() throws {
        let service = try ServiceProcess([])
        func post(_ body: [UInt8], boundary: String) throws -> ServiceProcess.Response {
            try service.request(
                "POST", "/v1/render", body: body, contentType: "multipart/form-data; boundary=\(boundary)")
        }
        let long = String(repeating: "-", count: 60_000)
        let refusedLong = try post(Array("--\(long)\r\n".utf8) + [UInt8](repeating: 0x2D, count: 100_000), boundary: long)
        #expect(refusedLong.status == 400 && refusedLong.text.contains("at most 70"), "\(refusedLong.text)")
        var parts = ""
        for k in 0...16 { parts += "--b\r\nContent-Disposition: form-data; name=\"p\(k)\"\r\n\r\nx\r\n" }
        let refusedParts = try post(Array((parts + "--b--\r\n").utf8), boundary: "b")
        #expect(refusedParts.status == 400 && refusedParts.text.contains("more than 16 parts"), "\(refusedParts.text)")
        let dashes = String(repeating: "-", count: 70)
        let body = Array("--\(dashes)\r\n\r\n".utf8) + [UInt8](repeating: 0x2D, count: 2_000_000)
        let refusedDashes = try post(body, boundary: dashes)
        #expect(refusedDashes.status == 400 && refusedDashes.text.contains(#""code":"invalid-multipart""#), "\(refusedDashes.text)")
        #expect(try service.request("POST", "/v1/validate", file: "SampleScans/regions/valid.json").status == 200)
        #expect(service.stop() == 0)
    }
}
