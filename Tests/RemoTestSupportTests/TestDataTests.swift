import Foundation
import RemoJSON
import RemoTestSupport
import Testing

/// The data made elsewhere is the data `Tests/test-data.json` lists: every corpus known to
/// the tests is listed, each file used has its SHA-256 there, and with `CI=true` none is missing.
@Suite("Test data made elsewhere")
struct TestDataTests {
    /// The manifest's corpora, by folder name.
    static func manifest() throws -> [(key: String, value: JSONValue)] {
        guard case .object(let corpora)? = try JSONParser.parse(Repository.bytes("Tests/test-data.json"))["corpora"] else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "Tests/test-data.json has no corpora"])
        }
        return corpora
    }

    @Test("every corpus the tests know is listed with its upstream, version, licence and file hashes")
    func listed() throws {
        let corpora = try Self.manifest()
        #expect(corpora.map(\.key).sorted() == TestData.Corpus.allCases.map(\.rawValue).sorted())
        for (name, corpus) in corpora {
            for field in ["upstream", "version", "licence", "usedBy"] {
                guard case .string(let text)? = corpus[field] else {
                    Issue.record("\(name): no \(field)")
                    continue
                }
                #expect(!text.isEmpty, "\(name): empty \(field)")
            }
            guard case .object(let hashes)? = corpus["sha256"] else {
                Issue.record("\(name): no sha256")
                continue
            }
            #expect(!hashes.isEmpty, "\(name): no file listed")
        }
    }

    @Test(
        "each corpus present holds the files listed, each with the SHA-256 listed; with CI=true every corpus is present",
        arguments: TestData.Corpus.allCases)
    func hashes(of corpus: TestData.Corpus) throws {
        try #require(
            TestData.isPresent(corpus) || !TestData.isCI,
            "the test data \(corpus) is missing from \(TestData.folder(corpus).path): with CI=true every corpus must be there")
        // Absent outside CI: the tests that read it are skipped and say so.
        guard TestData.isPresent(corpus) else { return }
        guard case .object(let listed)? = try Self.manifest().first(where: { $0.key == corpus.rawValue })?.value["sha256"] else {
            Issue.record("\(corpus) is not in Tests/test-data.json")
            return
        }
        let names = listed.map(\.key)
        let result = try CLIRunner.runProgram("/usr/bin/sha256sum", names.map { TestData.url(corpus, $0).path })
        #expect(result.status == 0, "sha256sum: \(result.stderr)")
        let computed = Dictionary(
            uniqueKeysWithValues: result.stdout.split(separator: "\n").map { line -> (String, String) in
                let parts = line.split(separator: " ", maxSplits: 1)
                return (URL(fileURLWithPath: String(parts[1]).trimmingCharacters(in: .whitespaces)).lastPathComponent, String(parts[0]))
            })
        for (name, value) in listed {
            #expect(computed[name].map(JSONValue.string) == value, "\(corpus)/\(name): not the file listed (its SHA-256 differs)")
        }
    }
}

/// The repository stands alone: no tracked file names the design brief it was written
/// from or a path outside the repository, but for the test data's default folder, named
/// only beside `REMO_TEST_DATA`.
@Suite("The repository stands alone")
struct StandsAloneTests {
    @Test("no tracked file refers outside the repository")
    func noOutsideReferences() throws {
        // Written in pieces, so that this file does not name them itself.
        let outside = ["DESIGN" + ".md", "../" + "shared", "shared" + "/data"]
        let found = try CLIRunner.runProgram(
            "/usr/bin/git", ["-C", Repository.root.path, "grep", "-n", "-I", "-F"] + outside.flatMap { ["-e", $0] })
        // Status 1: nothing found; 0: lines found; anything else: git could not look.
        try #require(found.status <= 1, "git grep: \(found.stderr)")
        let lines = found.stdout.split(separator: "\n").filter { !$0.contains("REMO_TEST_DATA") }
        #expect(lines.isEmpty, "\(lines.count) lines refer outside the repository:\n\(lines.prefix(20).joined(separator: "\n"))")
        // The search sees the tracked files: the manifest names its corpora.
        let control = try CLIRunner.runProgram("/usr/bin/git", ["-C", Repository.root.path, "grep", "-l", "-F", "-e", "pngsuite-rgba"])
        #expect(control.stdout.contains("Tests/test-data.json"))
    }
}
