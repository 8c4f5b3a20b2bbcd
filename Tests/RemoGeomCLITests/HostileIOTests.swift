import Foundation
import RemoTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The command line under hostile plumbing: full disks, closed and broken
/// pipes, folders as standard input, outputs that name inputs by other names, folders
/// with entries that cannot be read, ids that carry terminal controls. Nothing may crash,
/// hang or report success for lost output.
@Suite("remo-geom under hostile input and output")
struct HostileIOTests {
    static let valid = "SampleScans/regions/valid.json"
    static let scan = "SampleScans/rooms/living-room.json"
    static let list = "SampleScans/rooms/shopping-list.json"

    /// Runs `remo-geom` through the shell, so that its streams can be redirected; the
    /// exit status is the command's own (a signal shows as 128 + its number).
    static func shell(_ script: String) throws -> CLIRunner.Result {
        try CLIRunner.runProgram("/bin/sh", ["-c", "REMO='\(CLIRunner.executable.path)'; \(script)"])
    }

    @Test(
        "results that cannot be written (a full disk, a closed or broken pipe) exit 2 with a message, for every command",
        arguments: [
            "validate \(valid) --format json", "chips \(valid) --format json", "room \(scan) --format json",
            "fit --room \(scan) --items \(list) --format json",
            "render --image SampleScans/design.png --regions \(valid) --output -",
        ])
    func lostOutput(command: String) throws {
        for (plumbing, what) in [(">/dev/full", "No space left"), (">&-", "Bad file descriptor")] {
            let result = try Self.shell("\"$REMO\" \(command) \(plumbing)")
            #expect(result.status == 2, "\(command) \(plumbing): status \(result.status)")
            #expect(result.stderr.contains("could not be written to standard output") && result.stderr.contains(what), "\(result.stderr)")
        }
        // A pipe whose reader has gone: the status is the command's, not a signal's.
        let piped = try Self.shell("(\"$REMO\" \(command); echo \"status $?\" >&2) | true")
        #expect(piped.stderr.contains("status 2") || piped.stderr.contains("status 0"), "\(piped.stderr)")
        #expect(!piped.stderr.contains("status 13") && !piped.stderr.contains("status 1\n") && !piped.stderr.contains("status 132"))
    }

    @Test("standard input that is a folder or closed is an unreadable input (exit 2), not a crash")
    func strangeStandardInput() throws {
        for command in ["validate -", "chips -", "room -", "fit --room - --items \(Self.list)"] {
            let folder = try Self.shell("\"$REMO\" \(command) < /")
            #expect(folder.status == 2 && folder.stderr.contains("standard input is a folder"), "\(command): \(folder.stderr)")
            let closed = try Self.shell("\"$REMO\" \(command) <&-")
            #expect(closed.status == 2 && closed.stderr.contains("standard input is closed"), "\(command): \(closed.stderr)")
        }
    }

    @Test("an output that is an input (the same name, a link to it, a hard link of it) is refused unless --overwrite")
    func outputsNeverOverwriteInputs() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func copy(_ path: String, as name: String) throws -> String {
            let target = folder.appendingPathComponent(name).path
            try FileManager.default.copyItem(atPath: path, toPath: target)
            return target
        }
        let scan = try copy(Self.scan, as: "scan.json")
        let list = try copy(Self.list, as: "list.json")
        let doc = try copy(Self.valid, as: "doc.json")
        let image = try copy("SampleScans/design.png", as: "design.png")
        let symlink = folder.appendingPathComponent("link.png").path
        try FileManager.default.createSymbolicLink(atPath: symlink, withDestinationPath: image)
        let hardLink = folder.appendingPathComponent("hard.png").path
        #expect(link(image, hardLink) == 0)
        let before = try [scan, list, doc, image].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        let cases: [[String]] = [
            ["room", scan, "--plan", scan], ["fit", "--room", scan, "--items", list, "--plan", list],
            ["fit", "--room", scan, "--items", list, "--plan", scan],
            ["render", "--image", image, "--regions", doc, "--output", doc],
            ["render", "--image", image, "--regions", doc, "--output", symlink],
            ["render", "--image", image, "--regions", doc, "--output", hardLink],
            ["render", "--image", image, "--regions", doc, "--output", folder.path + "/./design.png"],
        ]
        for arguments in cases {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 2 && result.stderr.contains("pass --overwrite"), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let after = try [scan, list, doc, image].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        #expect(before == after, "an input changed")
        // Asked for, it is done.
        let asked = try CLIRunner.run(["room", scan, "--plan", scan, "--overwrite", "--format", "json"])
        #expect(asked.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: scan)).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("an output name of 255 bytes is written (the temporary name is short, in the same folder)")
    func longOutputName() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = String(repeating: "n", count: 251) + ".png"
        let output = folder.appendingPathComponent(name).path
        let result = try CLIRunner.run(["render", "--image", "SampleScans/design.png", "--regions", Self.valid, "--output", output])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: output))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [name], "no temporary file left")
    }

    @Test("folders: a name that is not UTF-8 and a folder that cannot be listed make the run exit 2; a FIFO is skipped, not waited on")
    func folderEntries() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer {
            chmod(folder.appendingPathComponent("locked").path, 0o755)
            try? FileManager.default.removeItem(at: folder)
        }
        let good = try Data(contentsOf: Repository.url(Self.valid))
        try good.write(to: folder.appendingPathComponent("a.json"))
        #expect(mkfifo(folder.appendingPathComponent("pipe.json").path, 0o644) == 0)
        // The FIFO alone: skipped with a message, and the run goes on (exit 0).
        let fifo = try CLIRunner.run(["validate", folder.path, "--format", "text"])
        #expect(fifo.status == 0, "\(fifo.stderr)")
        #expect(fifo.stderr.contains("pipe.json: skipped: not a regular file"))
        // A name of bytes that are not UTF-8.
        let badName = folder.path + "/bad-\u{FFFD}.json"
        _ = badName
        let raw = Array(folder.path.utf8) + Array("/bad-".utf8) + [0xFF, 0xFE] + Array(".json".utf8) + [0]
        let descriptor = raw.withUnsafeBufferPointer {
            open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644)
        }
        #expect(descriptor >= 0)
        close(descriptor)
        let named = try CLIRunner.run(["validate", folder.path, "--format", "json"])
        #expect(named.status == 2)
        #expect(named.stderr.contains("the name is not UTF-8"), "\(named.stderr)")
        #expect(named.stdout.contains("bad-file-name"))
        #expect(named.stdout.contains("a.json"), "the other files are still checked")
        // A subfolder that cannot be listed (by an unprivileged user: root reads anything).
        let locked = folder.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
        try good.write(to: locked.appendingPathComponent("hidden.json"))
        chmod(locked.path, 0o000)
        chmod(folder.path, 0o755)
        let asUser = getuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
        let listed = try Self.shell("\(asUser)\"$REMO\" validate '\(folder.path)' --format text")
        #expect(listed.status == 2, "\(listed.stderr)")
        #expect(listed.stderr.contains("locked: the folder cannot be read"), "\(listed.stderr)")
    }

    @Test("ids and names with terminal controls are escaped in text output")
    func controlCharacters() throws {
        let document = #"""
            {"image": {"width": 100, "height": 100}, "regions": [
              {"id": "a\u001b]0;pwned\u0007\u001b[2J\n", "number": 1, "points": [[10, 10], [90, 10], [90, 90], [10, 90]]},
              {"id": "b\u009b31m", "number": 3, "points": [[1, 1], [2, 1], [2, 2]]}]}
            """#
        for format in ["text", "json"] {
            let result = try CLIRunner.run(["validate", "-", "--format", format], stdin: Data(document.utf8))
            #expect(result.status == 1)
            let controls = result.stdout.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) }
            #expect(controls.isEmpty, "\(format): \(controls.map(\.value))")
            #expect(result.stdout.contains(format == "text" ? #"a\u{1B}]0;pwned\u{7}\u{1B}[2J\n"# : #"a\u001b]0;pwned\u0007"#))
        }
    }

    @Test("--room-number past the rooms exits 2 before printing anything, with or without --plan")
    func roomNumberPastTheRooms() throws {
        let result = try CLIRunner.run(["room", Self.scan, "--room-number", "2", "--format", "json"])
        #expect(result.status == 2 && result.stdout.isEmpty && result.stderr.contains("--room-number 2 names none"))
        let fit = try CLIRunner.run(["fit", "--room", Self.scan, "--items", Self.list, "--room-number", "3"])
        #expect(fit.status == 2 && fit.stdout.isEmpty)
    }

    @Test("remo-geom-bench --peak-memory with an absurd count is bad usage (exit 2), not an abort")
    func absurdPeakMemory() throws {
        let bench = CLIRunner.executable.deletingLastPathComponent().appendingPathComponent("remo-geom-bench")
        let result = try CLIRunner.runProgram(bench.path, ["--peak-memory", "99999999999"])
        #expect(result.status == 2 && result.stderr.contains("--peak-memory takes from 3 to"))
    }

    @Test("a scan with negative sizes warns invalid-size and leaves those elements out of the summary and the fit")
    func negativeSizes() throws {
        var scan =
            try JSONSerialization.jsonObject(with: Data(contentsOf: Repository.url(Self.scan)))
            as! [String: Any]
        var objects = scan["objects"] as! [[String: Any]]
        let count = objects.count
        var broken = objects[0]
        broken["dimensions"] = [-1.5, 0.8, 2.0]
        objects.append(broken)
        scan["objects"] = objects
        var doors = scan["doors"] as? [[String: Any]] ?? []
        if var door = doors.first {
            door["dimensions"] = [-0.9, 2.0, 0]
            doors.append(door)
            scan["doors"] = doors
        }
        let data = try JSONSerialization.data(withJSONObject: scan)
        let result = try CLIRunner.run(["room", "-", "--format", "json"], stdin: data)
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"invalid-size\"") && result.stdout.contains("objects[\(count)]"))
        let summary = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let room = (summary["rooms"] as! [[String: Any]])[0]
        #expect((room["objects"] as! [Any]).count == count)
        let fixed = try CLIRunner.run(["fit", "--room", Self.scan, "--items", Self.list, "--format", "json"])
        let withBroken = try CLIRunner.run(["fit", "--room", "-", "--items", Self.list, "--format", "json"], stdin: data)
        #expect(withBroken.stdout.replacingOccurrences(of: "\"room\":\"-\"", with: "\"room\":\"\(Self.scan)\"") == fixed.stdout)
    }
}
