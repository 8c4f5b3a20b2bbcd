import ArgumentParser
import Foundation
import RemoGEOS
import RemoGeomCLI
import RemoGeometry
import RemoJSON
import RemoShapes

/// `remo-geom-bench`: remo-geom against GEOS on the same rings, in one process. A tool of
/// its own, so that the shipped `remo-geom` does not link GEOS.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remo-geom-bench",
        abstract: "Time remo-geom against GEOS on the same inputs and print the ratios.",
        discussion: """
            Cases: jittery lassos of 100, 500, 5,000, 100,000 and 200,000 points and combs \
            (long parallel teeth) of 10,000, 100,000 and 200,000 vertices, and lassos of 500 and \
            5,000 points drawn past their start into a small loop (repair against GEOS MakeValid), and a \
            lasso of 20,000 points simplified to 500 (against GEOS TopologyPreserveSimplify at the \
            Hausdorff distance remo-geom reached). The mask of the document below (its exact \
            coverage on a 4032 x 3024 image, plain and grown by 9 pixels) is timed against \
            encoding that mask as a grey PNG (the peer column says PNG). Operations: \
            simplicity (GEOS isValid), area (GEOS area) and, for lassos, the relation of \
            the lasso to a copy of itself shrunk inside it (GEOS relate), which makes both \
            libraries do their whole sweep. A whole region document (3 lassos × 500 points, \
            shown with 1500 vertices) is validated in-process once decoded (every rule, overlap, \
            chips) against GEOS doing only isValid on the three rings and relate on the three \
            pairs; decodeDocument is the time to decode its JSON. Each time is the median over \
            repeated runs, in ten rounds that each run every case in turn, remo-geom and then \
            GEOS for a while, so that both libraries and all cases see the same load on a \
            shared machine (ratios between cases, such as comb against lasso, hold too). \
            GEOS gets a time budget per case: where its time, predicted from the previous \
            size as if quadratic, would exceed the budget, it is not run and its time is null. \
            Build with -c release for meaningful figures.
            """
    )

    @Option(help: "Output format: text, json or jsonl (default: text on a terminal, json otherwise).")
    var format: OutputFormat?

    @Option(help: "GEOS time budget per case, in seconds.")
    var budget: Double = 20

    @Option(help: "Minimum measuring time per operation, in seconds.")
    var minTime: Double = 0.3

    @Option(help: "Only these sizes (comma-separated), for a quick run.")
    var sizes: String?

    @Option(help: "Instead of timing, build and check one lasso of this many points and print the peak memory.")
    var peakMemory: Int?

    /// The most points `--peak-memory` builds: ten times the default point limit,
    /// about 1 GB at the peak.
    static let peakMemoryLimit = 10_000_000

    func validate() throws {
        if let count = peakMemory, !(3...Self.peakMemoryLimit).contains(count) {
            throw ValidationError("--peak-memory takes from 3 to \(Self.peakMemoryLimit) points.")
        }
    }

    func run() throws {
        let format = self.format ?? .automatic
        if let count = peakMemory {
            try printPeakMemory(count: count, format: format)
            return
        }
        var filter: Set<Int>? = nil
        if let sizes {
            filter = Set(sizes.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) })
            guard filter?.isEmpty == false else { throw ValidationError("--sizes takes numbers such as 100,500") }
        }
        var runner = BenchRunner(budgetNanos: budget * 1e9, minimumSeconds: minTime)
        let cases = try runner.runAll(sizeFilter: filter)
        switch format {
        case .json:
            Console.out(JSONWriter.string(.object([("cases", .array(cases.map(\.json)))])))
        case .jsonl:
            for c in cases { Console.out(JSONWriter.string(c.json)) }
        case .text:
            Console.out(BenchCase.textTable(cases, budgetSeconds: budget))
        }
    }

    func printPeakMemory(count: Int, format: OutputFormat) throws {
        let before = ProcessMemory.peakResidentBytes()
        let points = Shapes.lasso(count: count, seed: 7)
        let ring = try Ring(points)
        let simple = ring.isSimple
        let area = ring.area
        let peak = ProcessMemory.peakResidentBytes()
        let megabytes = Double(peak) / 1_048_576
        if format == .text {
            Console.out("lasso of \(count) points: simple \(simple), area \(area)")
            Console.out(
                String(format: "peak resident memory %.1f MB (%.1f MB before building the ring)", megabytes, Double(before) / 1_048_576))
        } else {
            Console.out(
                JSONWriter.string(
                    .object([
                        ("vertices", .number(Double(count))), ("simple", .bool(simple)),
                        ("peakResidentBytes", .number(Double(peak))), ("residentBytesBefore", .number(Double(before))),
                    ])))
        }
    }
}

/// The peak resident memory of this process, from /proc/self/status (VmHWM).
enum ProcessMemory {
    static func peakResidentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.filter(\.isNumber)
            return (Int(digits) ?? 0) * 1024
        }
        return 0
    }
}
