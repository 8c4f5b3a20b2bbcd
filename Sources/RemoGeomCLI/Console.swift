import Foundation

/// Standard output and standard error, written with the system's `write` so that a
/// failure is an error the command reports, never a crash (Foundation's `FileHandle`
/// traps on a full disk or a closed pipe) and never silent (`print` drops write errors).
///
/// Lines of text go out with their control characters escaped (``TerminalText``): an id
/// or a file name must not drive the terminal. JSON never holds them raw.
///
/// The first failed write to standard output is remembered; ``RemoGeomCommand`` turns it
/// into a message on standard error and exit status 2 when the command ends. Later writes
/// to standard output are skipped: the results are lost either way.
package enum Console {
    /// Why standard output could not be written, once it could not.
    nonisolated(unsafe) package private(set) static var outputFailure: String?

    /// Writes one line, every control character in it escaped (newlines too).
    package static func line(_ text: String) { out(TerminalText.escaped(text)) }

    /// Writes `text` and a newline to standard output.
    package static func out(_ text: String) {
        var line = TerminalText.escapingLines(text)
        line.append("\n")
        outBytes(Array(line.utf8))
    }

    /// Writes bytes to standard output.
    package static func outBytes(_ bytes: [UInt8]) {
        guard outputFailure == nil else { return }
        if let failure = writeAll(STDOUT_FILENO, bytes) { outputFailure = failure }
    }

    /// Writes `text` and a newline to standard error. A failure there has nowhere to be
    /// reported and is ignored.
    package static func error(_ text: String) {
        var line = TerminalText.escapingLines(text)
        line.append("\n")
        _ = writeAll(STDERR_FILENO, Array(line.utf8))
    }

    /// Writes text that ends a line of progress (no newline) to standard error.
    package static func progress(_ text: String) {
        _ = writeAll(STDERR_FILENO, Array(text.utf8))
    }

    /// Writes every byte to `descriptor`; the system's reason when it cannot.
    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { raw -> String? in
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += written
            }
            return nil
        }
    }

    /// Forgets an earlier failure (for tests that run several commands in one process).
    package static func reset() { outputFailure = nil }
}

/// Text for a terminal: control characters (which could move the cursor, clear the
/// screen or retitle the window when an id or a file name carries them) written as
/// visible escapes, `\n`, `\t`, `\u{1B}` and so on.
package enum TerminalText {
    /// `text` with every control character escaped.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// C0 and C1 controls and DEL.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Lines joined by newlines, each with every control character escaped (a newline
    /// in an id must not start a line of its own).
    package static func lines(_ lines: [String]) -> String { lines.map(escaped).joined(separator: "\n") }

    /// Lines separated by newlines, each with its other control characters escaped.
    package static func escapingLines(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" }) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }.joined(separator: "\n")
    }
}
