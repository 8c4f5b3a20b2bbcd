import ArgumentParser
import Foundation
import RemoImage
import RemoJSON
import RemoLasso
import RemoRender
import RemoRoom
import RemoService

/// `remo-geom demo`: the whole job on the bundled samples, outputs in one folder.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the whole job on the bundled samples and write the outputs to a folder.",
        discussion: """
            Validates the sample region documents (some are broken on purpose) and prints \
            the findings, repairs the self-crossing sample and draws it, places the chips, \
            renders the annotated sample image, draws the valid sample's inpainting mask, summarises \
            the sample room scans, computes fit badges for the sample shopping list in each \
            room, draws each room's floor plan with the fitting products, checks the sample \
            room photos (resolution, blur, exposure), and ends with a list of what it wrote. Exit status 0 when it ran, 2 when the samples \
            cannot be read or the folder cannot be written.
            """
    )

    @Option(help: "The folder to write into (created if needed).")
    var output: String = "demo-output"

    @Option(help: "The samples folder.")
    var samples: String = "SampleScans"

    func run() throws {
        func fail(_ message: String) -> ExitCode {
            Console.error("remo-geom demo: \(message)")
            return ExitCode(2)
        }
        func sample(_ name: String) -> String { (samples as NSString).appendingPathComponent(name) }
        let regionsFolder = sample("regions")
        guard FileManager.default.fileExists(atPath: regionsFolder) else {
            throw fail("\(regionsFolder): not found; run the demo from the project folder or pass --samples")
        }
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            throw fail("\(output): cannot create the folder: \(error.localizedDescription)")
        }
        var written: [(String, String)] = []
        func write(_ name: String, _ bytes: [UInt8], _ what: String) throws {
            let path = (output as NSString).appendingPathComponent(name)
            do { try AtomicOutput.write(bytes, to: path) } catch { throw fail(error.message) }
            written.append((path, what))
        }

        // 1. Validation of every sample region document.
        Console.out("== Validating the sample region documents (some are broken on purpose)")
        var results: [String] = []
        let outcome = ValidateCommand.validate(
            inputs: InputFiles.expand([regionsFolder]), request: ValidateRequest(), format: .text, output: { Console.out($0) },
            progress: false)
        _ = ValidateCommand.validate(
            inputs: InputFiles.expand([regionsFolder]), request: ValidateRequest(), format: .jsonl, output: { results.append($0) },
            progress: false
        )
        try write("validation.jsonl", Array((results.joined(separator: "\n") + "\n").utf8), "one validation result per sample document")
        guard outcome.unreadable == 0 else { throw fail("some sample documents could not be read") }

        // 1b. The self-crossing sample, repaired.
        let crossingPath = sample("regions/self-intersecting.json")
        let repaired: RepairResult
        do { repaired = try Jobs.repair(try InputFiles.read(.file(crossingPath)).get(), name: crossingPath) } catch {
            throw fail("the samples are damaged: \(error)")
        }
        Console.out("\n== Repairing \(crossingPath)")
        for r in repaired.repairs {
            Console.out(
                "region \(r.region): the largest loop kept, \(String(format: "%.1f", r.droppedAreaFraction * 100)) % of the area left out\(r.ambiguous ? " (ambiguous: the app would ask for a redraw)" : "")"
            )
        }
        try write("repaired.json", Array(JSONWriter.string(repaired.document).utf8), "the self-crossing sample, repaired")

        // 2. Chips and 3. the annotated image, for the valid sample.
        let documentPath = sample("regions/valid.json")
        let imagePath = sample("design.png")
        let rendered: RenderResult
        do {
            rendered = try Jobs.render(
                image: try InputFiles.read(.file(imagePath), limit: 512 << 20).get(),
                regions: try InputFiles.read(.file(documentPath)).get(),
                imageName: imagePath, regionsName: documentPath)
        } catch {
            throw fail("the samples are damaged: \(error)")
        }
        Console.out("\n== Rendering \(imagePath) with the regions of \(documentPath)")
        for chip in rendered.report.chips {
            Console.out(
                "chip \(chip.number) for region \(chip.region) at (\(chip.center.x.messageText), \(chip.center.y.messageText))"
            )
        }
        try write(
            "chips.json", Array(JSONWriter.string(.object([("chips", ResultJSON.chips(rendered.report.chips))])).utf8),
            "chip positions for the valid sample")
        try write("annotated.png", rendered.png, "the sample design image with outlines and numbered chips")

        // 3b. The repaired lasso drawn on the design, and the valid sample's inpainting mask.
        let repairedImage: RenderResult
        let mask: [UInt8]
        do {
            repairedImage = try Jobs.render(
                image: try InputFiles.read(.file(imagePath), limit: 512 << 20).get(),
                regions: Array(JSONWriter.string(repaired.document).utf8),
                imageName: imagePath, regionsName: "the repaired sample")
            mask = try Jobs.mask(
                try InputFiles.read(.file(documentPath)).get(), request: MaskRequest(style: .whiteOnBlack), name: documentPath)
        } catch {
            throw fail("the samples are damaged: \(error)")
        }
        try write("repaired.png", repairedImage.png, "the repaired lasso drawn on the sample design image")
        try write("mask.png", mask, "the inpainting mask of the valid sample (white where the generator may paint)")

        // 4. Room summaries and 5. fit badges for the sample shopping list.
        let roomsFolder = sample("rooms")
        let scanNames = ((try? FileManager.default.contentsOfDirectory(atPath: roomsFolder)) ?? []).filter {
            $0.hasSuffix(".json") && !$0.hasPrefix("shopping-list")
        }.sorted()
        var roomJSON: [JSONValue] = []
        var fitJSON: [JSONValue] = []
        let listPath = (roomsFolder as NSString).appendingPathComponent("shopping-list.json")
        guard case .success(let listBytes) = InputFiles.read(.file(listPath)) else { throw fail("\(listPath) cannot be read") }
        for name in scanNames {
            let path = (roomsFolder as NSString).appendingPathComponent(name)
            do {
                let scan = try Jobs.room(try InputFiles.read(.file(path), limit: RoomScan.maximumBytes).get(), name: path)
                Console.out("\n== Room scan \(path)")
                Console.out(RoomOutput.text(file: path, scan: scan))
                roomJSON.append(RoomOutput.json(file: path, scan: scan))
                let fit = try Jobs.fit(room: scan.rooms.first, items: listBytes, itemsName: listPath)
                Console.out(
                    "   fit badges: " + zip(fit.products, fit.results).map { "\($0.id) \($1.badge.rawValue)" }.joined(separator: ", "))
                fitJSON.append(ResultJSON.fit(room: path, results: fit.results))
                if let room = scan.rooms.first {
                    try write(
                        "plan-" + (name as NSString).deletingPathExtension + ".png", try Jobs.plan(room, fit: fit),
                        "floor plan of \(name) with the fitting products")
                }
            } catch let error as ExitCode {
                throw error
            } catch {
                throw fail("\(error)")
            }
        }
        try write("rooms.json", Array(JSONWriter.string(.array(roomJSON)).utf8), "summaries of the sample room scans")
        try write("fit.json", Array(JSONWriter.string(.array(fitJSON)).utf8), "fit badges of the sample shopping list in each room")

        // 4. The first check of the sample room photos (JPEG and HEIC; one blurred, one dark).
        var photoJSON: [JSONValue] = []
        for input in InputFiles.expand([sample("photos")], extensions: ["jpg", "heic"]) {
            guard case .success(let report) = PhotoCommand.check(input, maxPixels: PixelLimit.default) else { continue }
            Console.out("\n== Photo \(input.name)")
            PhotoCommand.text(file: input.name, report: report).forEach(Console.line)
            photoJSON.append(report.json(file: input.name))
        }
        try write("photos.json", Array(JSONWriter.string(.array(photoJSON)).utf8), "the photo check of the sample room photos")

        Console.out("\n== Wrote \(written.count) files to \(output)")
        for (path, what) in written { Console.out("  \(path): \(what)") }
    }
}
