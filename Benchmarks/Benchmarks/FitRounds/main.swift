// Fit badges beside one read of the room's scan, timed in one process: each round
// prepares the 11-object real room (its outline, obstacles and turned frames; the free
// rectangles of each wall direction are found when a product first needs them, so the
// first list pays for them), checks the seeded 50-item list (the first list on that
// checker), reads the scan from its bytes, checks the list again (a later list), writes
// the sentences of that list's reasons, and reads the scan from its file (opened and read, as `remo-geom` and the parse goal's
// `json.load` do); the best of 100 rounds of each part is printed with its ratio to the
// read from the bytes, and the sum of preparing and the first list (what `remo-geom fit`
// does for one list).
//
//   cd Benchmarks && swift run -c release FitRounds [SCAN.json]   (another scan than the 11-object room)
import Foundation
import RemoFiles
import RemoJSON
import RemoRoom
import RoomBenchmarkSupport

let path =
    CommandLine.arguments.count > 1
    ? CommandLine.arguments[1]
    : RealExports.folder.appendingPathComponent("BartVerbier_BuildMate_visit-20260710-135715-4f59e5.json").path
guard case .success(let bytes) = FileBytes.read(path, limit: RoomScan.maximumBytes),
    let room = try? RoomScan.decode(bytes).rooms.first
else {
    FileHandle.standardError.write(Data("FitRounds: cannot read \(path)\n".utf8))
    exit(2)
}
let products = Self50Items.make()
func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
var best = (
    prepare: UInt64.max, first: UInt64.max, read: UInt64.max, later: UInt64.max, sentences: UInt64.max, file: UInt64.max
)
var sentenceBytes = 0
var badges: [Badge: Int] = [:]
for _ in 0..<100 {
    let t0 = now()
    let checker = FitChecker(room: room)
    let t1 = now()
    var results: [FitResult] = []
    results.reserveCapacity(2 * products.count)
    for product in products { results.append(checker.check(product)) }
    let t2 = now()
    let scan = try? RoomScan.decode(bytes)
    let t3 = now()
    for product in products { results.append(checker.check(product)) }
    let t4 = now()
    var written = 0
    for result in results[products.count...] { for reason in result.reasons { written += reason.message.utf8.count } }
    let t4s = now()
    sentenceBytes = written
    let fromFile: RoomScan? =
        if case .success(let bytes) = FileBytes.read(path, limit: RoomScan.maximumBytes) { try? RoomScan.decode(bytes) } else { nil }
    let t5 = now()
    best = (
        min(best.prepare, t1 - t0), min(best.first, t2 - t1), min(best.read, t3 - t2), min(best.later, t4 - t3),
        min(best.sentences, t4s - t4), min(best.file, t5 - t4s)
    )
    guard fromFile?.rooms.count == 1 else { exit(2) }
    badges = Dictionary(results.prefix(products.count).map { ($0.badge, 1) }, uniquingKeysWith: +)
    guard scan?.rooms.count == 1 else { exit(2) }
}
let read = best.read
for (name, nanos) in [
    ("read the scan", read), ("read from the file", best.file), ("prepare the room", best.prepare), ("first 50-item list", best.first),
    ("later 50-item list", best.later), ("its sentences", best.sentences), ("prepare + first list", best.prepare + best.first),
] {
    print(
        name.padding(toLength: 20, withPad: " ", startingAt: 0),
        String(format: "%6.1f µs  %.2f of a read", Double(nanos) / 1000, Double(nanos) / Double(read)))
}
print("sentence bytes:", sentenceBytes)
print("badges:", badges.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", "))
