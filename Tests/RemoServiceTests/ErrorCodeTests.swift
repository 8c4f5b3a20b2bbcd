import RemoJSON
import RemoLasso
import RemoService
import RemoTestSupport
import Testing

/// docs/formats.md is the one list of codes other programs read: its error table is
/// ``ErrorCode``'s, and every other code the program answers with (findings, warnings,
/// reasons, checks) is in it.
@Suite("Codes in the docs")
struct ErrorCodeTests {
    @Test("the error table of docs/formats.md is ErrorCode's, row for row")
    func errorTable() throws {
        let docs = try Repository.text("docs/formats.md")
        let lines = docs.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix("| code | what |") }, "no error table in docs/formats.md")
        let table = lines[start...].prefix { $0.hasPrefix("|") }.joined(separator: "\n")
        #expect(table == ErrorCode.table, "docs/formats.md's error table should read:\n\(ErrorCode.table)")
    }

    @Test("the error object's schema (and so openapi.json) lists ErrorCode's codes, in its order")
    func schemaEnum() throws {
        let schema = try JSONParser.parse(try Repository.bytes("schemas/error.schema.json"))
        let codes = schema["properties"]?["error"]?["properties"]?["code"]?["enum"]
        #expect(codes == .array(ErrorCode.allCases.map { .string($0.rawValue) }), "\(String(describing: codes))")
    }

    @Test("every code a lower layer writes as text is an ErrorCode or documented, and every finding code is documented")
    func everyCodeDocumented() throws {
        let found = try CLIRunner.runProgram(
            "/usr/bin/git",
            ["-C", Repository.root.path, "grep", "-h", "-o", "-E", #"code: "[a-z]+(-[a-z]+)*""#, "--", "Sources", "Worker/Sources"])
        try #require(found.status == 0, "git grep: \(found.stderr)")
        let written = found.stdout.split(separator: "\n").compactMap { $0.split(separator: "\"").dropFirst().first.map(String.init) }
        #expect(written.count > 10 && written.contains("invalid-image"), "\(written)")
        let docs = try Repository.text("docs/formats.md")
        let codes = Set(written + FindingCode.allCases.map(\.rawValue)).filter { ErrorCode(rawValue: $0) == nil }
        let missing = codes.filter { !docs.contains("`\($0)`") && !docs.contains("\"\($0)\"") }.sorted()
        #expect(missing.isEmpty, "not in docs/formats.md: \(missing)")
    }

    @Test("each code's statuses: bad input is 4xx and never retried; faults are 5xx and retried")
    func statuses() {
        for code in ErrorCode.allCases {
            let error = JobError(code, message: "")
            if let status = code.httpStatus {
                #expect((status >= 500) == error.isRetryable || code == .busy, "\(code)")
            }
            if code.retry == .never { #expect(!error.isRetryable && error.kind != .internalFailure, "\(code)") }
        }
        #expect(JobError(.writeFailed, message: "", kind: .persistentFailure).isRetryable == false)
        #expect(JobError(.writeFailed, message: "").isRetryable)
    }
}
