import Benchmark
import Foundation
import RemoFiles
import RemoJSON
import RemoRoom
import RemoShapes
import RoomBenchmarkSupport

/// Room scans: reading the largest real export (compare with
/// `Benchmarks/peers/parse_roomplan.py`, Python's `json.load` on the same file), and
/// fit badges for a 50-item shopping list against an 11-object room (the room prepared
/// once, then the list), to set beside one read of that room's scan.
func roomBenchmarks() {
    guard let largestBytes = RealExports.bytes("Imhaohao_standardphysics_phone-ravida_room.json"),
        let roomBytes = RealExports.bytes("BartVerbier_BuildMate_visit-20260710-135715-4f59e5.json"),
        let room = try? RoomScan.decode(roomBytes).rooms.first
    else { return }
    Benchmark("Room.decodeLargestExport") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? RoomScan.decode(largestBytes)) }
    }
    // Like for like with json.load, which opens and reads the file too; read as
    // `remo-geom room` reads it.
    let largestPath = RealExports.folder.appendingPathComponent("Imhaohao_standardphysics_phone-ravida_room.json").path
    Benchmark("Room.readLargestExportFromFile") { benchmark in
        for _ in benchmark.scaledIterations {
            guard case .success(let bytes) = FileBytes.read(largestPath, limit: RoomScan.maximumBytes) else { continue }
            blackHole(try? RoomScan.decode(bytes))
        }
    }
    Benchmark("Room.decodeElevenObjectRoom") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? RoomScan.decode(roomBytes)) }
    }
    let products = Self50Items.make()
    // Preparing the room (outline, exact obstacles, turned frames) happens once per scan;
    // then each list is checked against it. A checker finds each wall direction's free
    // rectangles when a product first needs them and remembers which of them the exact
    // check has passed, so the first list against a room costs more than later ones: the
    // first list is timed with the preparation (subtract the preparation), and later lists
    // on one checker. The sentences are timed apart.
    Benchmark("Room.prepareElevenObjectRoom") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(FitChecker(room: room)) }
    }
    Benchmark("Room.prepareAndFirstFit50Items") { benchmark in
        for _ in benchmark.scaledIterations {
            let checker = FitChecker(room: room)
            for product in products { blackHole(checker.check(product)) }
        }
    }
    let checker = FitChecker(room: room)
    Benchmark("Room.fit50Items") { benchmark in
        for _ in benchmark.scaledIterations {
            for product in products { blackHole(checker.check(product)) }
        }
    }
    Benchmark("Room.fit50ItemsWithSentences") { benchmark in
        for _ in benchmark.scaledIterations {
            for product in products { blackHole(checker.check(product).reasons.map(\.message)) }
        }
    }
}
