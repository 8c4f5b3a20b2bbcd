import Foundation
import RemoTestSupport
import Testing

/// The console examples of README.md and docs/: each `$ remo-geom …` line is run, and the
/// lines after it must be what it prints (standard output, then standard error). A line
/// `…` stands for any number of lines not shown. So the docs cannot drift from the program.
@Suite("Console examples in the docs")
struct DocExampleTests {
    struct Example: Sendable, CustomStringConvertible {
        var place: String
        var arguments: [String]
        var expected: [String]
        var description: String { place }
    }

    static let documents =
        ["README.md"]
        + ((try? FileManager.default.contentsOfDirectory(atPath: Repository.url("docs").path)) ?? [])
        .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }

    /// Every command of every ```console block, with the lines it is shown to print.
    static func examples() -> [Example] {
        var examples: [Example] = []
        for document in documents {
            guard let text = try? Repository.text(document) else { continue }
            var inConsole = false
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.hasPrefix("```") {
                    inConsole = line == "```console"
                } else if inConsole, line.hasPrefix("$ ") {
                    let words = line.dropFirst(2).split(separator: " ").map(String.init)
                    examples.append(Example(place: "\(document):\(index + 1)", arguments: words, expected: []))
                } else if inConsole, !examples.isEmpty {
                    examples[examples.count - 1].expected.append(String(line))
                }
            }
        }
        return examples
    }

    /// Whether `printed` shows as `expected`, where a `…` line stands for any lines.
    static func matches(_ expected: ArraySlice<String>, _ printed: ArraySlice<String>) -> Bool {
        guard let first = expected.first else { return printed.isEmpty }
        if first == "…" {
            return (printed.startIndex...printed.endIndex).contains { matches(expected.dropFirst(), printed[$0...]) }
        }
        return printed.first == first && matches(expected.dropFirst(), printed.dropFirst())
    }

    @Test("the docs show examples of most commands")
    func found() {
        let commands = Set(Self.examples().compactMap { $0.arguments.dropFirst().first })
        #expect(commands.isSuperset(of: ["validate", "chips", "repair", "simplify", "room", "fit", "photo"]), "\(commands.sorted())")
    }

    @Test("each example prints what the docs show", arguments: examples())
    func example(_ example: Example) throws {
        try #require(example.arguments.first == "remo-geom", "an example runs remo-geom alone, without pipes")
        // In a folder of its own that sees the samples, so that outputs land there.
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("SampleScans"), withDestinationURL: Repository.url("SampleScans"))
        let result = try CLIRunner.run(Array(example.arguments.dropFirst()), in: folder)
        let printed = (result.stdout + result.stderr).split(separator: "\n").map(String.init)
        let expected = example.expected.filter { !$0.isEmpty }
        #expect(
            Self.matches(expected[...], printed[...]),
            "\(example.place): the docs show\n\(expected.joined(separator: "\n"))\nbut it prints\n\(printed.joined(separator: "\n"))")
    }
}
