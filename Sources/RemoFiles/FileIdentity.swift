#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which file a path names, by device and inode (links followed), so that an output is
/// never written over an input that reaches it by another name: a link, a hard link,
/// `./a` for `a`, `in//a`.
public enum FileIdentity {
    /// Whether `a` and `b` name one existing file.
    public static func same(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}
