import Foundation
import Testing

/// Files of this repository, wherever the tests run from.
public enum Repository {
    /// The package's root folder.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file or folder of the repository, by its path from the root (an absolute path is
    /// taken as it is).
    public static func url(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
    }

    /// The bytes of a file of the repository.
    public static func bytes(_ relative: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: url(relative))) }

    /// The text of a file of the repository.
    public static func text(_ relative: String) throws -> String { try String(contentsOf: url(relative), encoding: .utf8) }
}

/// Data made elsewhere (PngSuite, GEOS's XML tests, orient2d vectors, real RoomPlan exports),
/// never copied into the repository: each corpus is a folder of `REMO_TEST_DATA`
/// (REMO_TEST_DATA's default: `../shared/data` beside the checkout). `Tests/test-data.json`
/// lists each corpus with its upstream, version, licence and the SHA-256 of every file used.
///
/// A test that needs a corpus carries `TestData.needs(...)`: without the corpus it is skipped,
/// and the skip says which corpus and where it was looked for. With `CI=true` a missing
/// corpus fails the run instead (`TestDataTests`).
public enum TestData {
    /// One corpus: its folder's name under `REMO_TEST_DATA`.
    public enum Corpus: String, CaseIterable, Sendable, CustomStringConvertible {
        case pngsuite
        case pngsuiteRGBA = "pngsuite-rgba"
        case geosXML = "geos-xml"
        case orient2d
        case roomplan

        /// The folder's name.
        public var description: String { rawValue }
    }

    /// The folder that holds the corpora.
    public static let folder: URL = {
        if let given = ProcessInfo.processInfo.environment["REMO_TEST_DATA"], !given.isEmpty {
            return URL(fileURLWithPath: given, relativeTo: Repository.root).standardizedFileURL
        }
        return Repository.url("../shared/data").standardizedFileURL  // REMO_TEST_DATA's default
    }()

    /// Whether the run is CI's (`CI=true`), where every corpus must be present.
    public static let isCI = ["true", "1"].contains(ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? "")

    /// The corpus's folder.
    public static func folder(_ corpus: Corpus) -> URL { folder.appendingPathComponent(corpus.rawValue) }

    /// Whether the corpus's folder is there.
    public static func isPresent(_ corpus: Corpus) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder(corpus).path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// Skips the test, saying why, unless every corpus named is present.
    public static func needs(_ corpora: Corpus...) -> ConditionTrait {
        let missing = corpora.filter { !isPresent($0) }
        let names = missing.map(\.rawValue).joined(separator: ", ")
        return .enabled(
            if: missing.isEmpty,
            Comment(rawValue: "needs the test data \(names), not found in \(folder.path) (set REMO_TEST_DATA; docs/testing.md)"))
    }

    /// A file of a corpus.
    public static func url(_ corpus: Corpus, _ file: String) -> URL { folder(corpus).appendingPathComponent(file) }

    /// The bytes of a file of a corpus.
    public static func bytes(_ corpus: Corpus, _ file: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(corpus, file)))
    }

    /// The text of a file of a corpus.
    public static func text(_ corpus: Corpus, _ file: String) throws -> String {
        try String(contentsOf: url(corpus, file), encoding: .utf8)
    }

    /// The names of a corpus's files that end with `suffix`, sorted; none when the corpus is
    /// absent (the tests that read them carry ``needs(_:)``).
    public static func files(_ corpus: Corpus, endingWith suffix: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder(corpus).path)) ?? []).filter { $0.hasSuffix(suffix) }.sorted()
    }

    /// The paths of a corpus's files that end with `suffix`, sorted; none when it is absent.
    public static func paths(_ corpus: Corpus, endingWith suffix: String) -> [String] {
        files(corpus, endingWith: suffix).map { url(corpus, $0).path }
    }
}
