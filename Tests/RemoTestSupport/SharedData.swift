import Foundation

/// Files of `../shared/data/` beside the checkout (data made elsewhere; never copied in).
public enum SharedData {
    /// The package's root folder.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/data/<relative>` from the package root.
    public static func url(_ relative: String) -> URL {
        packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data").appendingPathComponent(relative)
    }

    /// The text of a shared data file.
    public static func text(_ relative: String) throws -> String {
        try String(contentsOf: url(relative), encoding: .utf8)
    }
}
