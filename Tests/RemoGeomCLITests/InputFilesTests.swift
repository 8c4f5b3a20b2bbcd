import Foundation
import RemoShapes
import Testing

@testable import RemoGeomCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("reading input files")
struct InputFilesTests {
    /// A fresh folder for one test's files.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("remo-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Seeded bytes of every value.
    static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
    }

    @Test("files of many sizes read back byte for byte; the limit is exact")
    func regularFiles() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (k, size) in [0, 1, 4095, 4096, 65_537, 300_001].enumerated() {
            let bytes = Self.bytes(size, seed: UInt64(k))
            let path = folder.appendingPathComponent("f\(k).json").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            guard case .success(let read) = InputFiles.read(.file(path)) else {
                Issue.record("\(size) bytes not read")
                continue
            }
            #expect(read == bytes, "\(size) bytes")
            guard size > 0 else { continue }
            guard case .success = InputFiles.read(.file(path), limit: size) else {
                Issue.record("\(size) bytes refused at a limit of \(size)")
                continue
            }
            guard case .failure(let error) = InputFiles.read(.file(path), limit: size - 1) else {
                Issue.record("\(size) bytes accepted at a limit of \(size - 1)")
                continue
            }
            #expect(error.code == .tooLarge && error.message.hasPrefix(path))
        }
    }

    @Test("a pipe, whose size is not known, is read to its end in growing chunks")
    func pipe() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("pipe.json").path
        #expect(mkfifo(path, 0o600) == 0)
        let bytes = Self.bytes(200_003, seed: 9)
        // The writer blocks in its open until the reader opens the pipe.
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: path) else { return }
            try? handle.write(contentsOf: Data(bytes))
            try? handle.close()
        }
        writer.start()
        let result = InputFiles.read(.file(path))
        guard case .success(let read) = result else {
            Issue.record("the pipe was not read: \(result)")
            return
        }
        #expect(read == bytes)
        while !writer.isFinished { usleep(1000) }
    }

    #if os(Linux)
        @Test("a file that claims no bytes (under /proc) is read to its end")
        func procFile() throws {
            guard case .success(let bytes) = InputFiles.read(.file("/proc/self/status")) else {
                Issue.record("/proc/self/status not read")
                return
            }
            #expect(String(decoding: bytes, as: UTF8.self).contains("Name:"))
        }
    #endif

    @Test("a folder, a missing file and a path through a file are named with their problem")
    func problems() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.json").path
        try Data("{}".utf8).write(to: URL(fileURLWithPath: file))
        let cases: [(String, String)] = [
            (folder.path, "not-a-file"), (folder.appendingPathComponent("none.json").path, "not-found"), (file + "/b.json", "not-found"),
        ]
        for (path, code) in cases {
            guard case .failure(let error) = InputFiles.read(.file(path)) else {
                Issue.record("\(path) was read")
                continue
            }
            #expect(error.code.rawValue == code, "\(path): \(error)")
            #expect(error.message.hasPrefix(path + ": "))
        }
    }
}
