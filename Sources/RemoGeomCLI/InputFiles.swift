import Foundation
import RemoFiles
import RemoImage
import RemoService
import RemoJSON

/// One input named on the command line, after folders are expanded.
enum Input: Hashable {
    case standardInput
    case file(String)
    /// A folder named on the command line that holds no file of the wanted kind.
    case emptyFolder(String, kinds: String)
    /// An entry of a folder that cannot be read (a name that is not UTF-8, a folder that
    /// refuses to be listed): reported as unreadable, which makes the run exit 2.
    case unreadable(String, JobError)
    /// A wanted entry that is not a regular file (a FIFO, a socket, a device): skipped
    /// with a message, since reading it could block forever.
    case skipped(String, reason: String)

    /// The name used in output: the path, or `-`.
    var name: String {
        switch self {
        case .standardInput: return "-"
        case .file(let path), .emptyFolder(let path, _), .unreadable(let path, _), .skipped(let path, _): return path
        }
    }

    /// The input named by a command-line argument that takes one file.
    init(argument: String) {
        self = argument == "-" ? .standardInput : .file(argument)
    }
}

/// Why an input could not be read: a stable code and a message naming the file.
enum InputFiles {
    /// The most bytes read from one input (64 MiB): larger files are refused unread.
    static let defaultSizeLimit = 64 << 20

    /// Expands arguments: files as given, folders into every file inside whose name ends
    /// in one of `extensions` (recursively, sorted by path), `-` as standard input. A
    /// path that does not exist stays in the list, to be reported when read. Links to
    /// files are followed; links to folders are not (a link may lead back up the tree).
    static func expand(_ arguments: [String], extensions: Set<String> = ["json"]) -> [Input] {
        let wanted = { (name: String) in extensions.contains { name.lowercased().hasSuffix("." + $0) } }
        var inputs: [Input] = []
        for argument in arguments {
            if argument == "-" {
                inputs.append(.standardInput)
                continue
            }
            guard isFolder(argument), !wanted(argument) else {
                inputs.append(.file(argument))
                continue
            }
            var found: [Input] = []
            walk(argument, wanted: wanted, into: &found)
            if found.isEmpty {
                inputs.append(.emptyFolder(argument, kinds: extensions.sorted().map { "*." + $0 }.joined(separator: ", ")))
            } else {
                inputs += found.sorted { $0.name < $1.name }
            }
        }
        return inputs
    }

    /// Whether `path` is a folder (following links).
    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Adds the `wanted` entries below `folder`, and every entry that cannot be read.
    private static func walk(_ folder: String, wanted: (String) -> Bool, into found: inout [Input]) {
        guard let directory = opendir(folder) else {
            let reason = String(cString: strerror(errno))
            found.append(.unreadable(folder, JobError(.unreadable, message: "\(folder): the folder cannot be read (\(reason))")))
            return
        }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if bytes == Array(".".utf8) || bytes == Array("..".utf8) { continue }
            guard let name = String(validating: bytes, as: UTF8.self) else {
                // Such a name cannot be reported faithfully (JSON and terminals carry
                // UTF-8), so what it holds is never checked: the run must not pass.
                let shown = bytes.map { $0 < 0x80 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }.joined()
                let path = folder + "/" + shown
                found.append(
                    .unreadable(
                        path,
                        JobError(.badFileName, message: "\(path): the name is not UTF-8, so the entry is not checked; rename it")
                    ))
                continue
            }
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }  // gone since it was listed
            var kind = info.st_mode & S_IFMT
            if kind == S_IFLNK {
                var target = stat()
                guard stat(path, &target) == 0 else {
                    if wanted(name) { found.append(.file(path)) }  // reported as not found when read
                    continue
                }
                kind = target.st_mode & S_IFMT
                if kind == S_IFDIR { continue }  // not followed
            }
            if kind == S_IFDIR {
                walk(path, wanted: wanted, into: &found)
            } else if wanted(name) {
                found.append(kind == S_IFREG ? .file(path) : .skipped(path, reason: "not a regular file (a FIFO, socket or device)"))
            }
        }
    }

    /// The bytes of an input, at most `limit` of them.
    static func read(_ input: Input, limit: Int = defaultSizeLimit) -> Result<[UInt8], JobError> {
        switch input {
        case .standardInput:
            return FileBytes.read(descriptor: STDIN_FILENO, limit: limit).mapError { problem in
                switch problem {
                case .notFound, .closed: JobError(.unreadable, message: "standard input is closed")
                case .isFolder: JobError(.notAFile, message: "standard input is a folder, not a file")
                case .tooLarge: JobError(.tooLarge, message: "standard input is larger than \(limit >> 20) MiB")
                case .unreadable(let reason): JobError(.unreadable, message: "standard input cannot be read (\(reason))")
                }
            }
        case .unreadable(_, let error):
            return .failure(error)
        case .skipped(let path, let reason):
            return .failure(JobError(.skipped, message: "\(path): skipped: \(reason)"))
        case .emptyFolder(let path, let kinds):
            return .failure(JobError(.noDocuments, message: "\(path): the folder holds no \(kinds) file"))
        case .file(let path):
            return FileBytes.read(path, limit: limit).mapError { problem in
                switch problem {
                case .notFound, .closed: JobError(.notFound, message: "\(path): no such file")
                case .isFolder: JobError(.notAFile, message: "\(path): is a folder, not a file")
                case .tooLarge: JobError(.tooLarge, message: "\(path): larger than the \(limit >> 20) MiB limit")
                case .unreadable(let reason): JobError(.unreadable, message: "\(path): cannot be read (\(reason))")
                }
            }
        }
    }

    /// An image input: a regular file is opened and left to be read as it is decoded
    /// (``RemoImage/ImageInput/file(_:)``); anything else (standard input, a pipe, a file
    /// over `limit`, a missing one) is read, or refused, as ``read(_:limit:)`` says.
    static func image(_ input: Input, limit: Int) -> Result<ImageInput, JobError> {
        // Looked at before it is opened: opening a FIFO, even to close it again, would let its
        // writer start and then fail.
        var info = stat()
        if case .file(let path) = input, stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            case .success(let file) = FileBytes.openRegularFile(path, limit: limit)
        {
            return .success(.file(ImageFile(descriptor: file.descriptor, size: file.size)))
        }
        return read(input, limit: limit).map { .bytes($0) }
    }
}
