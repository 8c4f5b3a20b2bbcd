import Foundation

/// The real RoomPlan exports (the `roomplan` corpus of `Tests/test-data.json`), found as the
/// tests find them: in `REMO_TEST_DATA`, by default `../shared/data` beside the checkout.
public enum RealExports {
    /// The corpus's folder.
    public static let folder: URL = {
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..")
        let data =
            ProcessInfo.processInfo.environment["REMO_TEST_DATA"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? checkout.appendingPathComponent("../shared/data")  // REMO_TEST_DATA's default
        return data.appendingPathComponent("roomplan").standardizedFileURL
    }()

    /// The bytes of one export, or nil after saying on standard error that the corpus is missing.
    public static func bytes(_ file: String) -> [UInt8]? {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(file)) else {
            FileHandle.standardError.write(
                Data("skipped: \(file) is not in \(folder.path): set REMO_TEST_DATA to the test data (docs/testing.md)\n".utf8))
            return nil
        }
        return [UInt8](data)
    }
}
