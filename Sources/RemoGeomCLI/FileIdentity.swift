import ArgumentParser
import Foundation

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
