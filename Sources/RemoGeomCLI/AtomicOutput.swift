import ArgumentParser
import Foundation
import RemoFiles
import RemoJSON
import RemoService

/// The command line's atomic writes: ``RemoService/AtomicFile`` with a signal handler.
/// When the process is interrupted (SIGINT, SIGTERM, SIGHUP) while a temporary file
/// exists, the handler removes it before the process ends with that signal: no partial
/// output, no litter.
enum AtomicOutput {
    static func write(_ bytes: [UInt8], to path: String) throws(AtomicFile.WriteError) {
        try AtomicFile.write(bytes, to: path) { temporary in
            if let temporary { PendingTemporary.set(temporary) } else { PendingTemporary.clear() }
        }
    }

    /// Writes a JSON document (and a line end) to `path`, atomically, or prints it when
    /// `path` is nil; a failed write is said on standard error as `command`'s, exit 2.
    static func writeDocument(_ document: JSONValue, to path: String?, command: String) throws {
        let text = JSONWriter.string(document)
        guard let path else { return Console.out(text) }
        do { try write(Array((text + "\n").utf8), to: path) } catch {
            Console.error("remo-geom \(command): \(error.message)")
            throw ExitCode(2)
        }
    }
}

/// The temporary file being written, kept where a signal handler can reach it: a C
/// string in memory that is never freed while set, and only `unlink`, `signal` and
/// `raise` (all async-signal-safe) in the handler. The commands write one file at a time.
private enum PendingTemporary {
    nonisolated(unsafe) static var path: UnsafeMutablePointer<CChar>? = nil
    nonisolated(unsafe) static var installed = false

    static func set(_ value: String) {
        if !installed {
            installed = true
            for s in [SIGINT, SIGTERM, SIGHUP] { signal(s, handle) }
        }
        path = strdup(value)
    }

    static func clear() {
        let old = path
        path = nil
        free(old)
    }

    static let handle: @convention(c) (Int32) -> Void = { signalNumber in
        if let path = PendingTemporary.path { unlink(path) }
        // End the way the signal would have: default action, then the signal again.
        signal(signalNumber, SIG_DFL)
        raise(signalNumber)
    }
}
