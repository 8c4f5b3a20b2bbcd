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
    ///
    /// The process is started by a small Python parent that forks it: Linux keeps the
    /// largest resident set a process has had across `exec`, so a process spawned straight
    /// from this test runner (hundreds of megabytes while suites run in parallel) would report
    /// the runner's peak, not its own.
    public static func runMeasuringMemory(_ arguments: [String]) throws -> (result: Result, peakBytes: Int) {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let peakPath = folder.appendingPathComponent("peak").path
        let parent = """
            import os, sys
            pid = os.fork()
            if pid == 0:
                os.execv(sys.argv[2], sys.argv[2:])
            _, status, usage = os.wait4(pid, 0)
            open(sys.argv[1], "w").write(str(usage.ru_maxrss))
            sys.exit(os.waitstatus_to_exitcode(status) % 256)
            """
        let result = try runProgram("/usr/bin/env", ["python3", "-c", parent, peakPath, executable.path] + arguments)
        let peak = try String(contentsOfFile: peakPath, encoding: .utf8)
        return (result, (Int(peak) ?? 0) * 1024)
    }

    /// A fresh temporary folder.
    public static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("remo-geom-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
