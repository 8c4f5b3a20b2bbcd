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
        // Straight from the array to the file: no second copy of a large image.
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw WriteError(message: "\(path): cannot write: \(String(cString: strerror(errno)))")
        }
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
        if close(descriptor) != 0 || failure != nil {
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
