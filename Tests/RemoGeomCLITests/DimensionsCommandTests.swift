import Foundation
import RemoJSON
import RemoTestSupport
import Testing

@Suite("remo-geom dimensions, end to end")
struct DimensionsCommandTests {
    @Test("texts from the arguments and then the file's lines, blank lines skipped; json is an array, jsonl a line each; exit 0")
    func readsArgumentsAndFile() throws {
        let folder = try CLIRunner.temporaryFolder()
        let list = folder.appendingPathComponent("list.txt").path
        try Data("213 × 96 × 86 cm\n\n   \nBox: 40 x 20 x 10 in\r\nØ 45 cm, H 60 cm\n".utf8).write(to: URL(fileURLWithPath: list))
        let json = try CLIRunner.run(["dimensions", "W 88 x D 38 x H 33 in", "--file", list, "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        guard case .array(let readings) = try JSONParser.parse(json.stdout) else {
            Issue.record("not an array: \(json.stdout)")
            return
        }
        #expect(
            readings.map { $0["text"] }
                == ["W 88 x D 38 x H 33 in", "213 × 96 × 86 cm", "Box: 40 x 20 x 10 in", "Ø 45 cm, H 60 cm"].map { .string($0) })
        #expect(readings.map { $0["confidence"] } == ["exact", "inferred", "none", "exact"].map { .string($0) })
        #expect(readings[3]["width"] == .number(0.45) && readings[3]["diameter"] == .number(0.45) && readings[3]["unit"] == .string("m"))
        #expect(readings[2]["ignored"] == .array([.string("Box: 40 x 20 x 10 in")]))
        let jsonl = try CLIRunner.run(["dimensions", "W 88 x D 38 x H 33 in", "--file", list, "--format", "jsonl"])
        let lines = jsonl.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(try lines.map { try JSONParser.parse(String($0)) } == readings)
    }

    @Test("a file that cannot be read, a text over the limit and no texts at all exit 2 with a message naming the input")
    func badInput() throws {
        let missing = try CLIRunner.run(["dimensions", "--file", "/nonexistent/list.txt"])
        #expect(missing.status == 2 && missing.stderr.contains("/nonexistent/list.txt: no such file"), "\(missing.stderr)")
        let long = try CLIRunner.run(["dimensions", String(repeating: "x", count: 20_000)])
        #expect(long.status == 2 && long.stderr.contains("the texts[0]: 20000 bytes; a text may have at most 16384"), "\(long.stderr)")
        let none = try CLIRunner.run(["dimensions"])
        #expect(none.status == 2 && none.stderr.contains("Give texts to read"), "\(none.stderr)")
        let folder = try CLIRunner.run(["dimensions", "--file", "/tmp"])
        #expect(folder.status == 2 && folder.stderr.contains("is a folder"), "\(folder.stderr)")
    }
}
