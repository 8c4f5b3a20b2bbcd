import RemoFiles
import RemoImage
import RemoJSON
import RemoService

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder that image jobs read from and write to (`--files-root`): activities pass files
/// by reference, as paths relative to it, and a path that would leave it is refused
/// (docs/worker.md): an absolute path, a `..` component, or a symbolic link out.
public struct FilesRoot: Sendable {
    /// The folder, as the system resolves it (links followed).
    public let path: String

    /// The largest input file read, in bytes.
    public static let maximumFileBytes = 1 << 30

    /// A root at `path`, which must be a folder.
    public init(_ path: String) throws(JobError) {
        guard let resolved = Self.realPath(path) else {
            throw JobError(.notFound, message: "\(path): no such folder")
        }
        var info = stat()
        guard stat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw JobError(.notAFolder, message: "\(path): not a folder")
        }
        self.path = resolved
    }

    /// The bytes of the file at `relative`.
    ///
    /// - Parameter member: Where the path came from, for messages (`$.image`).
    /// - Throws: ``JobError`` `path-outside-root`, `not-found`, `not-a-file`, `too-large` or
    ///   `unreadable` (also for a FIFO, a socket or a device); all bad input.
    public func read(_ relative: String, member: String) throws(JobError) -> [UInt8] {
        try FileBytes.readRegularFile(try resolved(relative, member: member), limit: Self.maximumFileBytes).mapError { problem in
            self.error(problem, relative, member: member)
        }.get()
    }

    /// The image at `relative`, left open to be read as it is decoded; refused as
    /// ``read(_:member:)`` refuses.
    public func image(_ relative: String, member: String) throws(JobError) -> ImageInput {
        try FileBytes.openRegularFile(try resolved(relative, member: member), limit: Self.maximumFileBytes).map { file in
            ImageInput.file(ImageFile(descriptor: file.descriptor, size: file.size))
        }.mapError { problem in self.error(problem, relative, member: member) }.get()
    }

    /// The file `relative` names, as the system resolves it, inside the root.
    private func resolved(_ relative: String, member: String) throws(JobError) -> String {
        let full = try checked(relative, member: member)
        guard let resolved = Self.realPath(full) else {
            throw JobError(.notFound, message: "\(member): \(relative): no such file under the files root")
        }
        guard inside(resolved) else { throw outside(relative, member: member, "a link leads out of the files root") }
        return resolved
    }

    /// Why the file at `relative` cannot be read. Regular files only: a FIFO under the root
    /// would hold the activity's slot for ever.
    private func error(_ problem: FileBytes.Problem, _ relative: String, member: String) -> JobError {
        switch problem {
        case .notFound, .closed: JobError(.notFound, message: "\(member): \(relative): no such file under the files root")
        case .isFolder: JobError(.notAFile, message: "\(member): \(relative): is a folder, not a file")
        case .tooLarge: JobError(.tooLarge, message: "\(member): \(relative): over \(Self.maximumFileBytes) bytes")
        case .unreadable(let reason): JobError(.unreadable, message: "\(member): \(relative): cannot be read (\(reason))")
        }
    }

    /// Writes `bytes` to `relative` atomically, making the folders it names as needed.
    ///
    /// - Throws: ``JobError`` `path-outside-root` (bad input), or `write-failed`: worth
    ///   retrying only when a retry may pass (a full disk, say), not for a folder that is a
    ///   file or a name too long.
    public func write(_ bytes: [UInt8], to relative: String, member: String) throws(JobError) {
        let full = try checked(relative, member: member)
        guard !relative.hasSuffix("/") else {
            throw JobError(.notAFile, message: "\(member): \(relative): names a folder (it ends in /), not a file")
        }
        try makeFolders(of: relative, member: member)
        var info = stat()
        if lstat(full, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR {
            throw JobError(.notAFile, message: "\(member): \(relative): is a folder, not a file")
        }
        do { try AtomicFile.write(bytes, to: full) } catch {
            throw JobError(
                .writeFailed, message: "\(member): \(error.message)", kind: error.isPersistent ? .persistentFailure : .internalFailure)
        }
    }

    /// Writes a folder of files under the root, whole (``RemoFiles/AtomicFolder``): the
    /// folder may not exist or be empty; one that holds files is refused unless `overwrite`.
    ///
    /// - Throws: ``RemoService/JobError``: `path-outside-root`, `write-failed` (not worth
    ///   retrying for a folder that holds files or a path that is a file).
    public func writeFolder(_ files: [(name: String, bytes: [UInt8])], to relative: String, member: String, overwrite: Bool)
        throws(JobError)
    {
        let full = try checked(relative, member: member)
        try makeFolders(of: relative.hasSuffix("/") ? String(relative.dropLast()) : relative, member: member)
        do {
            try AtomicFolder.write(files, to: full, overwrite: overwrite, overwriteHint: "the argument may say \"overwrite\": true")
        } catch {
            throw JobError(
                .writeFailed, message: "\(member): \(error.message)", kind: error.isPersistent ? .persistentFailure : .internalFailure)
        }
    }

    /// Makes the folders that hold `relative`, as far as they are missing; the deepest that
    /// exists must resolve inside the root.
    func makeFolders(of relative: String, member: String) throws(JobError) {
        var components = relative.split(separator: "/").dropLast().map(String.init)
        var missing: [String] = []
        var folder = Self.join(path, components)
        while Self.realPath(folder) == nil {
            missing.insert(components.removeLast(), at: 0)
            folder = Self.join(path, components)
        }
        guard let resolvedFolder = Self.realPath(folder), inside(resolvedFolder) || resolvedFolder == path else {
            throw outside(relative, member: member, "a link leads out of the files root")
        }
        for name in missing {
            folder += "/" + name
            if mkdir(folder, 0o755) != 0 && errno != EEXIST {
                let failure = errno
                throw JobError(
                    .writeFailed, message: "\(member): \(relative): cannot make the folder (\(String(cString: strerror(failure))))",
                    kind: AtomicFile.isPersistent(errno: failure) ? .persistentFailure : .internalFailure)
            }
        }
    }

    /// Refuses an output that names the same file as one of the inputs (by device and
    /// inode: `in//design.png` and `./in/design.png` are `in/design.png`): an activity never
    /// writes over its input.
    ///
    /// - Parameters:
    ///   - output: The output's path and where it came from (`$.output`).
    ///   - inputs: Each input's path and where it came from.
    /// - Throws: ``JobError`` `invalid-request`, bad input.
    public func refuseOverwriting(_ output: (path: String, member: String), inputs: [(path: String, member: String)]) throws(JobError) {
        let target = try checked(output.path, member: output.member)
        for input in inputs where FileIdentity.same(target, try checked(input.path, member: input.member)) {
            throw JobError(
                .invalidRequest,
                message: "\(output.member): \(output.path) is the file given as \(input.member); an activity never writes over its input")
        }
    }

    /// `relative` joined to the root, after the checks that need no file system.
    func checked(_ relative: String, member: String) throws(JobError) -> String {
        guard !relative.isEmpty else { throw JobError(.invalidRequest, message: "\(member): an empty path") }
        guard !relative.hasPrefix("/") else { throw outside(relative, member: member, "an absolute path") }
        let components = relative.split(separator: "/", omittingEmptySubsequences: true)
        guard !components.contains("..") else { throw outside(relative, member: member, "a path with ..") }
        guard !relative.utf8.contains(0) else {
            throw JobError(.invalidRequest, message: "\(member): a path with a NUL byte")
        }
        return Self.join(path, components.map(String.init))
    }

    func inside(_ resolved: String) -> Bool { resolved.hasPrefix(path == "/" ? "/" : path + "/") }

    func outside(_ relative: String, member: String, _ why: String) -> JobError {
        JobError(
            .pathOutsideRoot,
            message: "\(member): \(relative): \(why); paths are relative to the files root and stay in it")
    }

    static func join(_ root: String, _ components: [String]) -> String {
        components.isEmpty ? root : (root == "/" ? "" : root) + "/" + components.joined(separator: "/")
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
