#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a folder of files so that no reader sees half of it: the files go to a temporary
/// folder beside the target, which is then renamed into place (over an empty folder of
/// that name, which `rename` allows). A folder that already holds files is refused, or, when
/// asked, has each file replaced in it one by one, each whole (``AtomicFile``).
public enum AtomicFolder {
    /// Writes `files` (name, bytes) into the folder `path`.
    ///
    /// - Parameters:
    ///   - files: Plain file names (no `/`) and their contents.
    ///   - path: The folder: absent, or empty, or (with `overwrite`) holding files.
    ///   - overwrite: Whether a folder that holds files may have these replaced in it.
    ///   - overwriteHint: How the refusal of a folder that holds files says to allow it, as
    ///     the front end spells it.
    /// - Throws: ``AtomicFile/WriteError``: a folder that holds files (without `overwrite`),
    ///   a path that is a file, or what writing met.
    public static func write(
        _ files: [(name: String, bytes: [UInt8])], to path: String, overwrite: Bool,
        overwriteHint: String = "pass --overwrite to replace them"
    ) throws(AtomicFile.WriteError) {
        var info = stat()
        let exists = stat(path, &info) == 0
        if exists && info.st_mode & S_IFMT != S_IFDIR {
            throw AtomicFile.WriteError(message: "\(path) is a file, not a folder", errno: ENOTDIR)
        }
        if exists && !isEmpty(path) {
            guard overwrite else {
                throw AtomicFile.WriteError(message: "\(path) already holds files; \(overwriteHint)", errno: ENOTEMPTY)
            }
            for file in files { try AtomicFile.write(file.bytes, to: path + "/" + file.name) }
            return
        }
        let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        let parent = trimmed.lastIndex(of: "/").map { String(trimmed[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        var template = Array(((parent == "/" ? "/" : parent + "/") + ".remo-geom-folder-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            let failure = errno
            throw AtomicFile.WriteError(
                message: "\(path): cannot make a folder in \(parent): \(String(cString: strerror(failure)))", errno: failure)
        }
        let temporary = String(cString: made)
        do throws(AtomicFile.WriteError) {
            chmod(temporary, 0o755)
            for file in files { try AtomicFile.write(file.bytes, to: temporary + "/" + file.name) }
            if rename(temporary, trimmed) != 0 {
                let failure = errno
                throw AtomicFile.WriteError(message: "\(path): cannot write: \(String(cString: strerror(failure)))", errno: failure)
            }
        } catch {
            for file in files { unlink(temporary + "/" + file.name) }
            rmdir(temporary)
            throw error
        }
    }

    /// Whether the folder has no entries but `.` and `..`.
    static func isEmpty(_ path: String) -> Bool {
        guard let folder = opendir(path) else { return false }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { return false }
        }
        return true
    }
}
