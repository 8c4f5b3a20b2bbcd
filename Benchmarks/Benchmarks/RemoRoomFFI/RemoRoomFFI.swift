import RemoFiles
import RemoRoom

/// Reads and decodes the scan file at `path` as `remo-geom room` does: the number of
/// rooms, or -1 when it cannot be read or is not a scan.
@_cdecl("remo_decode_file")
public func remoDecodeFile(_ path: UnsafePointer<CChar>) -> Int32 {
    guard case .success(let bytes) = FileBytes.read(String(cString: path), limit: RoomScan.maximumBytes),
        let scan = try? RoomScan.decode(bytes)
    else { return -1 }
    return Int32(scan.rooms.count)
}

/// Decodes `count` bytes of a scan: the number of rooms, or -1.
@_cdecl("remo_decode_bytes")
public func remoDecodeBytes(_ pointer: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    guard let scan = try? RoomScan.decode(Array(UnsafeBufferPointer(start: pointer, count: count))) else { return -1 }
    return Int32(scan.rooms.count)
}
