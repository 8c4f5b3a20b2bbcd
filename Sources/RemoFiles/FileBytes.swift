#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's bytes, read with one `open`, one `fstat` and `read` straight into the array
/// (for a 20 KB room scan about 8 µs, where Foundation's file handle and the copy out of
/// its `Data` took 15–40 µs, a third to most of the parse). Pipes, and files that do not
/// tell their size, are read to their end.
public enum FileBytes {
    /// Why a file could not be read.
    public enum Problem: Error, Hashable, Sendable {
        /// No file at that path (or a part of the path is not a folder).
        case notFound
        /// The path names a folder.
        case isFolder
        /// The file holds more bytes than the limit; it was not read past it.
        case tooLarge
        /// The descriptor is not open (a closed standard input).
        case closed
        /// The system refused; its description.
        case unreadable(String)
    }

    /// The bytes of the file at `path`, at most `limit` of them. A pipe or a FIFO is read
    /// to its end (a command line's `<(…)`), so its open waits for a writer.
    public static func read(_ path: String, limit: Int) -> Result<[UInt8], Problem> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(openProblem(errno)) }
        defer { close(descriptor) }
        return read(descriptor: descriptor, limit: limit)
    }

    /// The bytes of the regular file at `path`, at most `limit` of them, never waiting on
    /// what is not one: a FIFO (whose open would wait for a writer for ever), a socket or a
    /// device is refused as unreadable. For paths that others name, such as the worker's.
    public static func readRegularFile(_ path: String, limit: Int) -> Result<[UInt8], Problem> {
        openRegularFile(path, limit: limit).flatMap { file in
            defer { close(file.descriptor) }
            return read(descriptor: file.descriptor, limit: limit)
        }
    }

    /// The regular file at `path` opened for reading, and its size, for a reader that reads
    /// it as it goes (an image decoded from its file); the caller closes the descriptor.
    /// Refused as ``readRegularFile(_:limit:)`` refuses: what is not a regular file, and a
    /// file over `limit` bytes.
    public static func openRegularFile(_ path: String, limit: Int) -> Result<(descriptor: Int32, size: Int), Problem> {
        // O_NONBLOCK opens a FIFO at once; it changes nothing for a regular file.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(openProblem(errno)) }
        var info = stat()
        let problem: Problem
        if fstat(descriptor, &info) != 0 {
            problem = .unreadable(describe(errno))
        } else {
            switch info.st_mode & S_IFMT {
            case S_IFREG where Int(info.st_size) > limit: problem = .tooLarge
            case S_IFREG: return .success((descriptor, Int(info.st_size)))
            case S_IFDIR: problem = .isFolder
            default: problem = .unreadable("not a regular file (a FIFO, socket or device)")
            }
        }
        close(descriptor)
        return .failure(problem)
    }

    /// Why `open` failed.
    private static func openProblem(_ code: Int32) -> Problem {
        if code == ENOENT || code == ENOTDIR { return .notFound }
        if code == EISDIR { return .isFolder }
        return .unreadable(describe(code))
    }

    /// The bytes of an open file (standard input, say) from where it stands to its end,
    /// at most `limit` of them. The descriptor stays open.
    public static func read(descriptor: Int32, limit: Int) -> Result<[UInt8], Problem> {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(errno == EBADF ? .closed : .unreadable(describe(errno))) }
        if info.st_mode & S_IFMT == S_IFDIR { return .failure(.isFolder) }
        let isRegular = info.st_mode & S_IFMT == S_IFREG
        if isRegular && Int(info.st_size) > limit { return .failure(.tooLarge) }
        // A regular file in one read of the size fstat gives (a file that changes while
        // it is read is read as far as that); anything else, and files that claim no
        // bytes (such as those under /proc), in chunks that double.
        let knownSize = isRegular && info.st_size > 0
        var bytes: [UInt8] = []
        var capacity = min(knownSize ? Int(info.st_size) : 1 << 16, limit + 1)
        var failure: Int32 = 0
        while failure == 0 && bytes.count <= limit {
            let before = bytes.count
            let chunk = [UInt8](unsafeUninitializedCapacity: capacity - before) { buffer, count in
                count = 0
                while count < buffer.count {
                    let n = readSome(descriptor, buffer.baseAddress! + count, buffer.count - count)
                    if n > 0 {
                        count += n
                    } else if n == 0 {
                        break
                    } else if errno == EISDIR {
                        failure = EISDIR
                        break
                    } else if errno != EINTR {
                        failure = errno
                        break
                    }
                }
            }
            if before == 0 { bytes = chunk } else { bytes += chunk }
            // The size fstat gave, or a short chunk: the end of the file.
            if knownSize || bytes.count < capacity { break }
            capacity = min(2 * capacity, limit + 1)
        }
        if failure == EISDIR { return .failure(.isFolder) }
        if failure == EBADF { return .failure(.closed) }
        if failure != 0 { return .failure(.unreadable(describe(failure))) }
        if bytes.count > limit { return .failure(.tooLarge) }
        return .success(bytes)
    }

    /// The system's `read`.
    private static func readSome(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #else
            Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// The system's description of an `errno` value.
    private static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}
