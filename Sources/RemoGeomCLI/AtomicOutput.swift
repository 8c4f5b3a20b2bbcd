import ArgumentParser
import Foundation
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
