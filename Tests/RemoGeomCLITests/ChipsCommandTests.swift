import Foundation
import RemoJSON
import RemoTestSupport
import Testing

@Suite("remo-geom chips, end to end")
struct ChipsCommandTests {
    @Test("prints one chip per region as JSON, clear of the canvas edge")
    func json() throws {
        let result = try CLIRunner.run(["chips", "SampleScans/regions/valid.json", "--format", "json"])
        #expect(result.status == 0)
        let value = try JSONParser.parse(result.stdout)
        guard case .array(let chips)? = value["chips"] else {
            Issue.record("no chips in \(result.stdout.prefix(200))")
            return
        }
        #expect(chips.count == 3)
        for chip in chips {
            guard case .array(let c)? = chip["center"], case .number(let x) = c[0], case .number(let y) = c[1],
                case .number(let r)? = chip["radius"]
            else {
                Issue.record("malformed chip")
                continue
            }
            #expect(x - r >= 0 && x + r <= 1024 && y - r >= 0 && y + r <= 768)
        }
        #expect(value["findings"] == .array([]))
    }

    @Test("an unreadable document exits 2 with a message naming it")
    func unreadable() throws {
        let result = try CLIRunner.run(["chips", "/nonexistent/doc.json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent/doc.json: no such file"))
    }

    @Test("text output names each chip")
    func text() throws {
        let result = try CLIRunner.run(["chips", "SampleScans/regions/valid.json", "--format", "text"])
        #expect(result.stdout.contains("chip 1 for region sofa: centre ("))
    }
}
