import ArgumentParser
import Foundation

/// How a command prints its results.
public enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Lines for people.
    case text
    /// One JSON document.
    case json
    /// One JSON object per line.
    case jsonl

    /// Text on a terminal, JSON otherwise.
    package static var automatic: OutputFormat { isatty(STDOUT_FILENO) != 0 ? .text : .json }
}
