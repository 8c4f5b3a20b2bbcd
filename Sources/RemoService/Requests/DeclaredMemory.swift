import RemoImage
import RemoJSON
import RemoRender

/// The memory each job declares before it runs, in bytes: what `remo-geom serve` admits
/// jobs by against its `--memory-budget` (docs/service.md). Each is read from what the job
/// will decode (an image's header, a document's image size, the body's length) and never
/// runs the job.
///
/// The factors are upper bounds of the peak resident memory the release build measured
/// above its own start-up footprint, rounded up; `scripts/declared-memory.sh` measures
/// them again (the job's peak through the command line, beside what it declares).
public enum DeclaredMemory {
    /// Bytes held per byte of a JSON body (a region document, a scan, a list): the body,
    /// its parse and the job's own model. Measured: 1.1 for a 61 MB document of 1.5
    /// million points, 1.6 for 12 MB of 300,000.
    static let perJSONByte = 3
    /// Bytes per pixel of `render`, besides the file: the RGBA picture (4), the PNG being
    /// written (up to 4 for noise, which does not compress), the decoder's and encoder's
    /// buffers. Measured: 9.7 for a 12 MP picture of noise (11 in the debug build), 4.1
    /// for a flat 100 MP one.
    static let renderPerPixel = 12
    /// Bytes per pixel of `mask`: the exact coverage and the grey PNG. Measured: 4.9 at
    /// 100 MP, 5.0 at 12 MP, the same with a feather.
    static let maskPerPixel = 6
    /// Bytes per pixel of the photo check, counted on the full size even where a JPEG is
    /// decoded smaller. Measured: 4.9 for a 100 MP PNG, 3.3 for a 100 MP progressive JPEG.
    static let photoPerPixel = 5
    /// Bytes per pixel of `prepare`, counted on the full size even where a JPEG is decoded
    /// smaller: the RGBA source (4), and when it is not shrunk, its turned copy (4) and the
    /// file written (up to 4).
    static let preparePerPixel = 12
    /// Bytes per pixel of `composite` (of `before`'s size): the two RGBA images (8), the
    /// mask (1), the PNG written (up to 4 for noise), and the decoders' and the mask's
    /// working memory while `after` is decoded beside them; `after` scaled when it has
    /// another size is counted by its own pixels, 4 each, besides. Measured: 18 per pixel
    /// of `before` for 6 MP of noise as both images (the debug build), with the files.
    static let compositePerPixel = 16
    /// Bytes per pixel of `composite` blending two PNGs of the document's size row by row:
    /// the mask (1), the PNG written (up to 4 for noise) and a stripe of it being joined (up
    /// to 1); the rows themselves pass through a few bands. Measured: 5.4 for 6 MP of noise
    /// (5.5 in the debug build).
    static let compositeByRowsPerPixel = 6
    /// The largest floor plan: 1,200 pixels wide and at most four times as tall, RGBA and
    /// its PNG.
    static let planPixels = 1200 * 4800 * 10

    /// A job over a JSON body: `validate`, `chips`, `repair`, `simplify`, `room`, `fit`.
    public static func json(_ body: [UInt8]) -> Int {
        perJSONByte * body.count
    }

    /// `render`: the image's pixels from its header, and the document.
    public static func render(image: [UInt8], regions: [UInt8], request: RenderRequest) -> Int {
        image.count + json(regions) + renderPerPixel * pixels(ImageDecoder.declaredPixels(image), within: request.maximumPixels)
    }

    /// `mask`: the document's image size (the mask's), and the document.
    public static func mask(document: [UInt8], request: MaskRequest) -> Int {
        json(document) + maskPerPixel * pixels(documentPixels(document), within: request.maximumPixels)
    }

    /// The photo check: the image's pixels from its header.
    public static func photo(image: [UInt8], maximumPixels: Int) -> Int {
        image.count + photoPerPixel * pixels(ImageDecoder.declaredPixels(image), within: maximumPixels)
    }

    /// `prepare`: the image's pixels from its header.
    public static func prepare(image: [UInt8], request: PrepareRequest) -> Int {
        image.count + preparePerPixel * pixels(ImageDecoder.declaredPixels(image), within: request.maximumPixels)
    }

    /// `composite`: both images' pixels from their headers, and the document; less when
    /// the two are PNGs of the document's size, blended row by row.
    public static func composite(before: [UInt8], after: [UInt8], regions: [UInt8], request: CompositeRequest) -> Int {
        let limit = request.maximumPixels
        let files = before.count + after.count + json(regions)
        if let (width, height) = documentSize(regions), width == width.rounded(), height == height.rounded(),
            Jobs.compositesByRows(before: .bytes(before), after: .bytes(after), width: Int(width), height: Int(height))
        {
            return files + compositeByRowsPerPixel * pixels(Int(width * height), within: limit)
        }
        return files + compositePerPixel * pixels(ImageDecoder.declaredPixels(before), within: limit)
            + 4 * pixels(ImageDecoder.declaredPixels(after), within: limit)
    }

    /// `drift`: both images and the mask, as `composite` holds them (it writes no PNG, so
    /// `composite`'s figure bounds it).
    public static func drift(before: [UInt8], after: [UInt8], regions: [UInt8], request: DriftRequest) -> Int {
        composite(before: before, after: after, regions: regions, request: CompositeRequest(maximumPixels: request.maximumPixels))
    }

    /// `bundle`: what `prepare` holds for the image, the document, and the round's pictures
    /// at the prepared size (the annotated RGBA and its PNG, the mask and its PNG: 10 per
    /// pixel, counted on the full size).
    public static func bundle(image: [UInt8], regions: [UInt8], request: BundleRequest) -> Int {
        let declared = pixels(ImageDecoder.declaredPixels(image), within: request.maximumPixels)
        return image.count + json(regions) + (preparePerPixel + 10) * declared
    }

    /// The pixels a job will hold: none when they are unknown or over the limit, since the
    /// job then refuses the input before allocating any.
    static func pixels(_ declared: Int?, within limit: Int) -> Int {
        guard let declared, declared <= limit else { return 0 }
        return declared
    }

    /// `plan`: the scan and list, and the largest plan.
    public static func plan(_ body: [UInt8]) -> Int {
        json(body) + planPixels
    }

    /// The pixels of a region document's `image`, read without decoding the rest; nil
    /// when the document does not say (the job then refuses it).
    static func documentPixels(_ document: [UInt8]) -> Int? {
        documentSize(document).map { Int($0.width * $0.height) }
    }

    /// A region document's `image` size, read without decoding the rest; nil when the
    /// document does not say.
    static func documentSize(_ document: [UInt8]) -> (width: Double, height: Double)? {
        guard case .object(let image)? = (try? JSONObjectMembers(document))?.value(of: "image"),
            case .number(let width)? = image.first(where: { $0.key == "width" })?.value,
            case .number(let height)? = image.first(where: { $0.key == "height" })?.value,
            width >= 1, height >= 1, width * height < 1e15
        else { return nil }
        return (width, height)
    }
}
