import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the built `remo-geom` executable, as a user would.
public struct CLIRunner {
    /// What a run printed and how it ended.
    public struct Result {
        public var status: Int32
        public var stdout: String
        public var stderr: String

        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// The executable beside the test bundle (the same build), else in .build/debug.
    public static let executable: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("remo-geom")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        let bundle = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("remo-geom")
        if FileManager.default.isExecutableFile(atPath: bundle.path) { return bundle }
        return Repository.url(".build/debug/remo-geom")
    }()

    /// Runs `remo-geom` with `arguments` (and `stdin`), as text.
    public static func run(_ arguments: [String], stdin: Data? = nil, in directory: URL = Repository.root) throws -> Result {
        let (status, out, err) = try runRaw(executable, arguments, stdin: stdin, in: directory)
        return Result(status: status, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// The bytes `remo-geom` writes to standard output (a PNG with `--output -`).
    public static func runBytes(_ arguments: [String]) throws -> [UInt8] {
        Array(try runRaw(executable, arguments, stdin: nil, in: Repository.root).1)
    }

    /// Runs another program from the package root.
    public static func runProgram(_ path: String, _ arguments: [String]) throws -> Result {
        let (status, out, err) = try runRaw(URL(fileURLWithPath: path), arguments, stdin: nil, in: Repository.root)
        return Result(status: status, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    static func runRaw(_ program: URL, _ arguments: [String], stdin: Data?, in directory: URL) throws -> (Int32, Data, Data) {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = directory
        // Output goes to temporary files: nothing to drain while the process runs.
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outURL = folder.appendingPathComponent("stdout")
        let errURL = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }
        process.standardOutput = out
        process.standardError = err
        if let stdin {
            let inURL = folder.appendingPathComponent("stdin")
            try stdin.write(to: inURL)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try Data(contentsOf: outURL), try Data(contentsOf: errURL))
    }

    /// Runs `remo-geom` with `arguments` as a process of its own and returns how it ended
    /// with its peak resident memory (the kernel's `ru_maxrss` for that one process), so
    /// that a memory bound holds whatever other tests run at the same time.
    public static func runMeasuringMemory(_ arguments: [String]) throws -> (result: Result, peakBytes: Int) {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (outPath, errPath) = (folder.appendingPathComponent("stdout").path, folder.appendingPathComponent("stderr").path)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "posix_spawn: \(String(cString: strerror(spawned)))"])
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        let exited = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let result = Result(
            status: exited, stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
        return (result, Int(usage.ru_maxrss) * 1024)
    }

    /// A fresh temporary folder.
    public static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("remo-geom-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
