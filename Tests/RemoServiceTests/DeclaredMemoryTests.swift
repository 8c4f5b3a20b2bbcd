import Foundation
import RemoGeometry
import RemoImage
import RemoJSON
import RemoService
import RemoShapes
import RemoTestSupport
import Testing

/// The memory each job declares before it runs (what the service's budget admits it by)
/// holds what the job really takes: the peak resident memory of the job through the command
/// line, less that of the same binary on a tiny input, is at most the declared figure, and
/// the figure is not so high that it wastes the budget.
@Suite("Declared memory")
struct DeclaredMemoryTests {
    /// A picture of noise (which does not compress, the render's worst case), as PNG.
    static func noisePNG(width: Int, height: Int) throws -> [UInt8] {
        var picture = RGBAImage(width: width, height: height, fill: (0, 0, 0, 255))
        var rng = SplitMix64(seed: 5)
        for k in stride(from: 0, to: picture.pixels.count, by: 4) {
            let grain = UInt8.random(in: 0...255, using: &rng)
            (picture.pixels[k], picture.pixels[k + 1], picture.pixels[k + 2]) = (grain, grain &+ 90, grain &+ 170)
        }
        return try PNGCodec.encode(picture)
    }

    /// A region document for a `width` × `height` image with one lasso.
    static func document(width: Int, height: Int) -> [UInt8] {
        let lasso = Shapes.lasso(
            count: 400, center: Point(Double(width) / 2, Double(height) / 2), radius: Double(min(width, height)) / 3, seed: 9)
        return Array(
            JSONWriter.string(
                .object([
                    ("image", .object([("width", .number(Double(width))), ("height", .number(Double(height)))])),
                    (
                        "regions",
                        .array([
                            .object([
                                ("id", .string("r")), ("number", .number(1)),
                                ("points", .array(lasso.map { .array([.number($0.x), .number($0.y)]) })),
                            ])
                        ])
                    ),
                ])
            ).utf8)
    }

    @Test("an image's pixels from its header alone are the pixels it decodes to: PNG, JPEG, HEIC")
    func headerPixels() throws {
        for sample in ["SampleScans/design.png", "SampleScans/photos/sharp.jpg", "SampleScans/photos/sharp.heic"] {
            let bytes = try Array(Data(contentsOf: Repository.url(sample)))
            let decoded = try ImageDecoder.decode(bytes, maximumPixels: PixelLimit.default, samples: .rgba)
            #expect(ImageDecoder.declaredPixels(bytes) == decoded.width * decoded.height, "\(sample)")
        }
        #expect(ImageDecoder.declaredPixels(Array("not an image".utf8)) == nil)
    }

    @Test("render, mask, the photo check, prepare, composite and bundle take no more memory than they declare, and at most 4 times less")
    func declaredBoundsThePeak() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (width, height) = (3000, 2000)
        let image = try Self.noisePNG(width: width, height: height)
        let regions = Self.document(width: width, height: height)
        let imagePath = folder.appendingPathComponent("noise.png").path
        let regionsPath = folder.appendingPathComponent("regions.json").path
        try Data(image).write(to: URL(fileURLWithPath: imagePath))
        try Data(regions).write(to: URL(fileURLWithPath: regionsPath))
        let out = folder.appendingPathComponent("out.png").path
        let tiny = try CLIRunner.runMeasuringMemory(["validate", regionsPath])
        #expect(tiny.result.status == 0)
        let cases: [(String, [String], Int)] = [
            (
                "render", ["render", "--image", imagePath, "--regions", regionsPath, "--output", out, "--overwrite"],
                DeclaredMemory.render(image: image, regions: regions, request: RenderRequest())
            ),
            (
                "mask", ["mask", "--regions", regionsPath, "--output", out, "--overwrite", "--feather", "4"],
                DeclaredMemory.mask(document: regions, request: MaskRequest())
            ),
            ("photo", ["photo", imagePath], DeclaredMemory.photo(image: image, maximumPixels: PixelLimit.default)),
            // Kept at its size: the most prepare holds.
            (
                "prepare", ["prepare", imagePath, "--output", out, "--overwrite", "--max-side", "3000"],
                DeclaredMemory.prepare(image: image, request: PrepareRequest())
            ),
            // The same noise as before and after: the most composite holds.
            (
                "composite",
                ["composite", "--before", imagePath, "--after", imagePath, "--regions", regionsPath, "--output", out, "--overwrite"],
                DeclaredMemory.composite(before: image, after: image, regions: regions, request: CompositeRequest())
            ),
            // Kept at its size: the most bundle holds.
            (
                "bundle",
                [
                    "bundle", "--image", imagePath, "--regions", regionsPath, "--output-dir", folder.appendingPathComponent("round").path,
                    "--max-side", "3000", "--overwrite",
                ],
                DeclaredMemory.bundle(image: image, regions: regions, request: BundleRequest())
            ),
        ]
        for (name, arguments, declared) in cases {
            let (result, peak) = try CLIRunner.runMeasuringMemory(arguments)
            #expect(result.status == 0, "\(name): \(result.stderr)")
            let taken = peak - tiny.peakBytes
            #expect(taken <= declared, "\(name) took \(taken >> 20) MB, declared \(declared >> 20) MB")
            #expect(declared <= 4 * taken, "\(name) declared \(declared >> 20) MB and took \(taken >> 20) MB")
        }
    }
}
