import Foundation
import RemoJSON

/// One input named on the command line, after folders are expanded.
enum Input: Hashable {
    case standardInput
    case file(String)
    /// A folder named on the command line that holds no `*.json` file.
    case emptyFolder(String)

    /// The name used in output: the path, or `-`.
    var name: String {
        switch self {
        case .standardInput: return "-"
        case .file(let path), .emptyFolder(let path): return path
        }
    }
}

/// Why an input could not be read: a stable code and a message naming the file.
struct InputError: Error, Hashable {
    var code: String
    var message: String
}

enum InputFiles {
    /// The most bytes read from one input (64 MiB): larger files are refused unread.
    static let defaultSizeLimit = 64 << 20

    /// Expands arguments: files as given, folders into every `*.json` inside
    /// (recursively, sorted by path), `-` as standard input. A path that does not
    /// exist stays in the list, to be reported when read.
    static func expand(_ arguments: [String]) -> [Input] {
        var inputs: [Input] = []
        let manager = FileManager.default
        for argument in arguments {
            if argument == "-" {
                inputs.append(.standardInput)
                continue
            }
            var isDirectory: ObjCBool = false
            if manager.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue,
                !argument.lowercased().hasSuffix(".json")
            {
                var found: [String] = []
                if let enumerator = manager.enumerator(atPath: argument) {
                    while let relative = enumerator.nextObject() as? String {
                        guard relative.lowercased().hasSuffix(".json") else { continue }
                        let path = (argument as NSString).appendingPathComponent(relative)
                        var sub: ObjCBool = false
                        if manager.fileExists(atPath: path, isDirectory: &sub), !sub.boolValue { found.append(path) }
                    }
                }
                if found.isEmpty {
                    inputs.append(.emptyFolder(argument))
                } else {
                    inputs += found.sorted().map(Input.file)
                }
            } else {
                inputs.append(.file(argument))
            }
        }
        return inputs
    }

    /// The bytes of an input, at most `limit` of them.
    static func read(_ input: Input, limit: Int = defaultSizeLimit) -> Result<[UInt8], InputError> {
        switch input {
        case .standardInput:
            let data = FileHandle.standardInput.readData(ofLength: limit + 1)
            if data.count > limit {
                return .failure(InputError(code: "too-large", message: "standard input is larger than \(limit >> 20) MiB"))
            }
            return .success([UInt8](data))
        case .emptyFolder(let path):
            return .failure(InputError(code: "no-documents", message: "\(path): the folder holds no *.json file"))
        case .file(let path):
            return FileBytes.read(path, limit: limit).mapError { problem in
                switch problem {
                case .notFound: InputError(code: "not-found", message: "\(path): no such file")
                case .isFolder: InputError(code: "not-a-file", message: "\(path): is a folder, not a file")
                case .tooLarge: InputError(code: "too-large", message: "\(path): larger than the \(limit >> 20) MiB limit")
                case .unreadable(let reason): InputError(code: "unreadable", message: "\(path): cannot be read (\(reason))")
                }
            }
        }
    }
}
