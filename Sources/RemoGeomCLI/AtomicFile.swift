import ArgumentParser
import Foundation

/// Writes files so that no reader ever sees half of one: the bytes go to a temporary
/// file beside the target, which is then renamed over it. When the process is
/// interrupted (SIGINT, SIGTERM, SIGHUP) while a temporary file exists, a signal handler
/// removes it before the process ends with that signal: no partial output, no litter.
enum AtomicFile {
    struct WriteError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw WriteError(message: "\(path): the folder \(folder.path) does not exist")
        }
        // A short name of its own (mkstemp), so that a target name of up to 255 bytes
        // still leaves room, and two writers never share a temporary file.
        var template = Array((folder.path == "/" ? "/" : folder.path + "/").utf8CString.dropLast()) + Array(".remo-geom-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else {
            throw WriteError(message: "\(path): cannot write: \(String(cString: strerror(errno)))")
        }
        let temporary = URL(fileURLWithPath: String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
        PendingTemporary.set(temporary.path)
        defer { PendingTemporary.clear() }
        fchmod(descriptor, 0o644)
        let failure: String? = bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += written
            }
            return nil
        }
        if failure != nil || close(descriptor) != 0 {
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(message: "\(path): cannot write: \(failure ?? String(cString: strerror(errno)))")
        }
        if rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(message: "\(path): cannot write: \(reason)")
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

/// Which file a path names, by device and inode (links followed), so that an output is
/// never written over an input that reaches it by another name: a link, a hard link,
/// `./a` for `a`.
enum FileIdentity {
    /// Whether `a` and `b` name one existing file.
    static func same(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// A usage error when `output` names the same file as one of `inputs` (option name,
    /// path), unless `overwrite`; standard input and output (`-`) are never files here.
    static func refuseOverwriting(_ output: String?, option: String, inputs: [(String, String?)], overwrite: Bool) throws {
        guard !overwrite, let output, output != "-" else { return }
        for (name, path) in inputs {
            guard let path, path != "-", same(output, path) else { continue }
            throw ValidationError("\(option) \(output) is the file given as \(name); pass --overwrite to replace it.")
        }
    }
}
