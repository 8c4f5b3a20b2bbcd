import ArgumentParser
import RemoRoom

/// `--room-number`: which room of a scan of several (a CapturedStructure) a command uses.
struct RoomChoice: ParsableArguments {
    @Option(help: "Which room of a scan of several rooms to use, counting from 1 as the summary does (default 1).")
    var roomNumber: Int?

    func validate() throws {
        if let roomNumber, roomNumber < 1 { throw ValidationError("--room-number counts from 1.") }
    }

    /// The chosen room of `scan` read from `file`, or a message saying why there is none.
    func room(of scan: RoomScan, file: String) -> Result<Room, RoomChoiceError> {
        let roomNumber = self.roomNumber ?? 1
        guard roomNumber <= scan.rooms.count else {
            let count = scan.rooms.count
            let rooms = count == 0 ? "no rooms" : count == 1 ? "1 room" : "\(count) rooms"
            return .failure(RoomChoiceError(message: "\(file): the scan has \(rooms); --room-number \(roomNumber) names none"))
        }
        return .success(scan.rooms[roomNumber - 1])
    }
}

/// A room number past the scan's rooms.
struct RoomChoiceError: Error {
    let message: String
}
