import ArgumentParser
import RemoRoom
import RemoService

/// `--room-number`: which room of a scan of several (a CapturedStructure) a command uses.
struct RoomChoice: ParsableArguments {
    @Option(help: "Which room of a scan of several rooms to use, counting from 1 as the summary does (default 1).")
    var roomNumber: Int?

    func validate() throws {
        if let roomNumber, roomNumber < 1 { throw ValidationError("--room-number counts from 1.") }
    }

    /// The chosen room of `scan` read from `file`.
    ///
    /// - Throws: The job's `no-such-room` error, saying how many rooms there are.
    func room(of scan: RoomScan, file: String) throws(JobError) -> Room {
        try Jobs.chooseRoom(scan, number: roomNumber, name: file, option: "--room-number")
    }
}
