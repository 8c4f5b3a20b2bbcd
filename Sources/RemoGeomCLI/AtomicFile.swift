import Foundation

/// Writes files so that no reader ever sees half of one: the bytes go to a temporary
/// file beside the target, which is then renamed over it. An interrupted write leaves
/// at most a hidden temporary file, never a partial output.
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
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try Data(bytes).write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(message: "\(path): cannot write: \(error.localizedDescription)")
        }
        if rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(message: "\(path): cannot write: \(reason)")
        }
    }
}
