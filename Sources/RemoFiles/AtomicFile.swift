#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files so that no reader ever sees half of one: the bytes go to a temporary file
/// beside the target (a name of its own, created only if no other file has it, so two
/// writers never share one), which is then renamed over it. Every front end writes its outputs this way: a retried
/// worker activity or an interrupted command never leaves a half-written file.
public enum AtomicFile {
    /// Why a file could not be written: a sentence naming the path.
    public struct WriteError: Error, CustomStringConvertible, Sendable {
        /// The sentence.
        public var message: String
        /// Whether writing again would fail the same way: a folder that is a file or does
        /// not exist, a name too long, no permission, a read-only file system. Only a full
        /// disk, an I/O error, a lack of memory or of descriptors may pass.
        public var isPersistent: Bool
        /// The sentence.
        public var description: String { message }

        init(message: String, errno code: Int32?) {
            self.message = message
            isPersistent = code.map(AtomicFile.isPersistent(errno:)) ?? true
        }
    }

    /// Whether an `errno` of a file operation would come back on a second try: all but a
    /// full disk, an I/O error, a lack of memory or of descriptors, an interruption or a
    /// timeout.
    public static func isPersistent(errno code: Int32) -> Bool {
        ![ENOSPC, EDQUOT, EIO, EINTR, ENOMEM, EAGAIN, EMFILE, ENFILE, ETIMEDOUT].contains(code)
    }

    /// Writes `bytes` to `path`, whose folder must exist.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - path: Where the file goes; whatever was there is replaced at once, whole.
    ///   - onTemporary: Told the temporary file's path just before it is created and nil
    ///     once it is gone (renamed or removed): the command line removes it from a signal
    ///     handler.
    public static func write(_ bytes: [UInt8], to path: String, onTemporary: (String?) -> Void = { _ in }) throws(WriteError) {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        var info = stat()
        guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw WriteError(message: "\(path): the folder \(folder) does not exist", errno: nil)
        }
        let (temporary, descriptor) = try createTemporary(in: folder, for: path, onTemporary: onTemporary)
        defer { onTemporary(nil) }
        fchmod(descriptor, 0o644)
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == 0 && close(descriptor) != 0 { failure = errno }
        if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw WriteError(message: "\(path): cannot write: \(describe(failure))", errno: failure)
        }
    }

    /// Creates an empty temporary file in `folder`, `.remo-geom-` and a random name, and
    /// opens it for writing. `onTemporary` is told each name *before* the file is
    /// created (and nil if creating it failed), so that a signal handler that removes the
    /// file it was told of can never miss one (with `mkstemp` a signal arriving between
    /// the file's creation and the handler learning its name left the file behind).
    private static func createTemporary(in folder: String, for path: String, onTemporary: (String?) -> Void) throws(WriteError)
        -> (String, Int32)
    {
        let prefix = (folder == "/" ? "/" : folder + "/") + ".remo-geom-"
        while true {
            let temporary = prefix + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            onTemporary(temporary)
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 { return (temporary, descriptor) }
            let failure = errno
            onTemporary(nil)
            // Taken by another writer: another name.
            guard failure == EEXIST else { throw WriteError(message: "\(path): cannot write: \(describe(failure))", errno: failure) }
        }
    }

    private static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

    private static func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, buffer, count)
        #else
            Darwin.write(descriptor, buffer, count)
        #endif
    }
}
