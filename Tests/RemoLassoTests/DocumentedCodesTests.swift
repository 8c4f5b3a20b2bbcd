import RemoLasso
import RemoTestSupport
import Testing

/// docs/formats.md is the one list of codes other programs read: every code the program
/// answers with (errors, findings, warnings, checks) is in it.
@Suite("Codes in the docs")
struct DocumentedCodesTests {
    @Test("every code written in the sources, and every finding code, is in docs/formats.md")
    func everyCodeDocumented() throws {
        let found = try CLIRunner.runProgram(
            "/usr/bin/git",
            ["-C", Repository.root.path, "grep", "-h", "-o", "-E", #"code: "[a-z]+(-[a-z]+)*""#, "--", "Sources", "Worker/Sources"])
        try #require(found.status == 0, "git grep: \(found.stderr)")
        let written = found.stdout.split(separator: "\n").compactMap { $0.split(separator: "\"").dropFirst().first.map(String.init) }
        let codes = Set(written + FindingCode.allCases.map(\.rawValue))
        #expect(codes.count > 40 && codes.contains("invalid-json") && codes.contains("write-failed"), "\(codes.sorted())")
        let docs = try Repository.text("docs/formats.md")
        let missing = codes.filter { !docs.contains("`\($0)`") && !docs.contains("\"\($0)\"") }.sorted()
        #expect(missing.isEmpty, "not in docs/formats.md: \(missing)")
    }
}
