import ArgumentParser
import Foundation
import RemoLasso
import RemoRender

/// `remo-geom render`: draws the lasso outlines and numbered chips onto the image.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw the regions' outlines and numbered chips onto the design image.",
        discussion: """
            Outlines are anti-aliased with a halo; the luminance of the image under each \
            outline picks a light or dark core so that it stays legible (WCAG contrast). \
            Pixels away from the outlines and chips are unchanged, and the colour chunks \
            (iCCP, sRGB, gAMA, cHRM) travel to the output. The output is written to a \
            temporary file and renamed into place. Invalid regions are still drawn, with a \
            warning, and the exit status is 1; 2 when an input cannot be read.
            """
    )

    @Option(help: "The design image (PNG), or - for standard input.")
    var image: String

    @Option(help: "The region document (JSON), or - for standard input.")
    var regions: String

    @Option(help: "Where to write the annotated PNG, or - for standard output.")
    var output: String

    @Option(help: "Outline width in points.")
    var strokeWidth: Double = 3

    @Option(help: "Pixels per point: a number, or auto to size outlines and chips from the image.")
    var scale: String = "auto"

    @Flag(help: "Draw the outlines only, without chips.")
    var noChips = false

    @Option(help: "PNG compression: fast, default or small.")
    var compression: String = "fast"

    @Option(help: "Refuse images with more pixels than this.")
    var maxPixels: Int = PNGCodec.defaultMaximumPixels

    @Flag(help: "Allow the output to replace an input file.")
    var overwrite = false

    func validate() throws {
        if image == "-" && regions == "-" { throw ValidationError("--image and --regions cannot both read standard input.") }
        guard strokeWidth > 0 && strokeWidth < 100 else { throw ValidationError("--stroke-width must be between 0 and 100 points.") }
        guard PNGCompression(rawValue: compression) != nil else { throw ValidationError("--compression must be fast, default or small.") }
        if scale != "auto" {
            guard let value = Double(scale), value > 0, value <= 20 else {
                throw ValidationError("--scale must be auto or a number of pixels per point up to 20.")
            }
        }
        try FileIdentity.refuseOverwriting(
            output, option: "--output", inputs: [("--image", image), ("--regions", regions)], overwrite: overwrite)
    }

    /// `auto`: about one point per 1000 pixels of the shorter side, in halves, at least 1
    /// (a 4032 × 3024 photo gets 3, a 1024 × 1024 render gets 1).
    static func automaticScale(width: Int, height: Int) -> Double {
        max(1, (Double(min(width, height)) / 1000 * 2).rounded() / 2)
    }

    /// Validates the document (for its chips), draws onto the image and encodes it.
    static func annotate(
        _ picture: inout RGBAImage, document: RegionDocument, style: AnnotationStyle, compression: PNGCompression
    ) throws(PNGError) -> ([UInt8], ValidationReport) {
        let report = LassoValidator().validate(document)
        _ = AnnotationRenderer(style: style).render(document, chips: report.chips, onto: &picture)
        return (try PNGCodec.encode(picture, compression: compression), report)
    }

    func run() throws {
        func fail(_ message: String) -> ExitCode {
            Console.error("remo-geom render: \(message)")
            return ExitCode(2)
        }
        let imageInput: Input = image == "-" ? .standardInput : .file(image)
        var picture: RGBAImage
        switch InputFiles.read(imageInput, limit: 512 << 20) {
        case .failure(let error): throw fail(error.message)
        case .success(let bytes):
            do { picture = try PNGCodec.decode(bytes, maximumPixels: maxPixels) } catch { throw fail("\(imageInput.name): \(error)") }
        }
        var document: RegionDocument
        let regionsInput: Input = regions == "-" ? .standardInput : .file(regions)
        switch InputFiles.read(regionsInput) {
        case .failure(let error): throw fail(error.message)
        case .success(let bytes):
            do { document = try RegionDocument.decode(bytes) } catch { throw fail("\(regionsInput.name): \(error)") }
        }
        if document.image.width != Double(picture.width) || document.image.height != Double(picture.height) {
            throw fail(
                "\(regionsInput.name) is for a \(LassoValidator.format(document.image.width)) × \(LassoValidator.format(document.image.height)) image, but \(imageInput.name) is \(picture.width) × \(picture.height)"
            )
        }
        document.scale = scale == "auto" ? Self.automaticScale(width: picture.width, height: picture.height) : Double(scale) ?? 1
        let style = AnnotationStyle(strokeWidth: strokeWidth, drawChips: !noChips)
        let (bytes, report): ([UInt8], ValidationReport)
        do {
            (bytes, report) = try Self.annotate(
                &picture, document: document, style: style, compression: PNGCompression(rawValue: compression) ?? .fast)
        } catch {
            throw fail("\(error)")
        }
        if output == "-" {
            Console.outBytes(bytes)
        } else {
            do { try AtomicFile.write(bytes, to: output) } catch { throw fail(error.message) }
        }
        if !report.valid {
            let problems =
                report.regions.flatMap { r in r.findings.filter(\.code.isError).map { "region \(r.id): \($0.code.rawValue): \($0.message)" }
                }
                + report.findings.filter(\.code.isError).map { "\($0.code.rawValue): \($0.message)" }
            for p in problems { Console.error("remo-geom render: warning: \(p)") }
            throw ExitCode(1)
        }
    }
}
