import ArgumentParser
import Foundation
import RemoRender
import RemoService

/// `remo-geom mask`: the inpainting mask of a region document (docs/commands.md).
struct MaskCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mask",
        abstract: "Draw the mask an image generator edits through: the regions, image-sized.",
        discussion: """
            Each pixel's value is the exact share of the pixel the regions cover (the area of \
            the region inside the pixel's square, not samples), rounded to 0-255. Styles: \
            alpha, an RGBA PNG that is transparent where the generator may paint (the OpenAI \
            edit convention); white-on-black, an 8-bit grey PNG that is white there. --grow \
            widens the regions by a distance with round corners; --feather softens the edge \
            over a distance. Distances are in points, times the document's scale. The image \
            size is the document's. Exit status: 0, or 2 when the document cannot be read or \
            names no such region.
            """
    )

    @Option(help: "The region document (JSON), or - for standard input.")
    var regions: String

    @Option(help: "Where to write the mask PNG, or - for standard output.")
    var output: String

    @Option(help: "Only this region (its id); every region by default.")
    var region: String?

    @Option(help: "alpha (transparent where the generator may paint) or white-on-black.")
    var style: String = MaskStyle.alpha.rawValue

    @Option(help: "Soften the edge over this many points.")
    var feather: Double = 0

    @Option(help: "Grow the regions outward by this many points, with round corners.")
    var grow: Double = 0

    @Option(help: "PNG compression: fast, default or small.")
    var compression: String = "fast"

    @Option(help: "Refuse masks with more pixels than this.")
    var maxPixels: Int = PNGCodec.defaultMaximumPixels

    @Flag(help: "Allow the output to replace the input file.")
    var overwrite = false

    func validate() throws {
        guard MaskStyle(rawValue: style) != nil else { throw ValidationError("--style must be alpha or white-on-black") }
        guard PNGCompression(rawValue: compression) != nil else { throw ValidationError("--compression must be fast, default or small") }
        for (name, value) in [("--feather", feather), ("--grow", grow)] where !(value >= 0 && value <= MaskOptions.maximumDistance) {
            throw ValidationError("\(name) must be from 0 to \(Int(MaskOptions.maximumDistance)) points")
        }
        guard maxPixels > 0 else { throw ValidationError("--max-pixels must be positive") }
        try FileIdentity.refuseOverwriting(output, option: "--output", inputs: [("--regions", regions)], overwrite: overwrite)
    }

    func run() throws {
        let input = Input(argument: regions)
        let png: [UInt8]
        do {
            let options = MaskOptions(
                region: region, style: MaskStyle(rawValue: style) ?? .alpha, feather: feather, grow: grow,
                compression: PNGCompression(rawValue: compression) ?? .fast, maximumPixels: maxPixels)
            png = try Jobs.mask(try InputFiles.read(input).get(), options: options, name: input.name)
        } catch {
            Console.error("remo-geom mask: \(error)")
            throw ExitCode(2)
        }
        if output == "-" {
            Console.outBytes(png)
        } else {
            do { try AtomicOutput.write(png, to: output) } catch {
                Console.error("remo-geom mask: \(error.message)")
                throw ExitCode(2)
            }
        }
    }
}
