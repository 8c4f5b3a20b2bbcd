import RemoImage
import RemoJSON
import RemoLasso
import RemoRender

/// The result of the composite job.
public struct CompositeResult: Sendable {
    /// The revision as the app shows it, as PNG bytes.
    public var png: [UInt8]
    /// Its width: `before`'s.
    public var width: Int
    /// Its height: `before`'s.
    public var height: Int
    /// Whether `after` was of another size and scaled to `before`'s.
    public var scaledAfter: Bool
}

extension Jobs {
    /// `composite`: the generator's image put back over the original (docs/commands.md):
    /// `after`'s pixels where the regions' mask is full, `before`'s where it is empty, blended
    /// by the mask's value between. The mask is the `mask` job's exact coverage, grown and
    /// feathered as the request says; where it is 0 the output is `before`'s samples byte for
    /// byte, where it is 255 `after`'s.
    ///
    /// - Parameters:
    ///   - before: The image sent to the generator: PNG, JPEG or HEIC, its bytes or its file
    ///     (two PNGs of the document's size are read from their files as they are decoded).
    ///   - after: The generator's image; scaled to `before`'s size when it has another.
    ///   - regions: The region document's JSON bytes, for `before`'s size.
    ///   - request: Growth, feather, compression.
    ///   - names: How messages name the three inputs.
    /// - Throws: ``JobError``: `invalid-image`, `image-too-large`, `invalid-json`,
    ///   `invalid-document`, `size-mismatch` when the document is for another size than `before`.
    public static func composite(
        before: consuming ImageInput, after: consuming ImageInput, regions: [UInt8], request: CompositeRequest = CompositeRequest(),
        names: (before: String, after: String, regions: String) = ("before", "after", "the document")
    ) throws(JobError) -> CompositeResult {
        try request.check()
        let document = try regionDocument(regions, name: names.regions)
        // The document's size as whole pixels, when it is one a PNG can have (a size past
        // Int's range must not reach Int()).
        let (w, h) = (document.image.width, document.image.height)
        let sized =
            w >= 1 && h >= 1 && w <= Double(PNGCodec.maximumSide) && h <= Double(PNGCodec.maximumSide) && w == w.rounded()
            && h == h.rounded()
        let (width, height) = sized ? (Int(w), Int(h)) : (0, 0)
        // Two PNGs of the document's size, the usual case, are blended row by row
        // (CompositeRows.swift). Otherwise `after` is decoded (and scaled to the document's
        // size, `before`'s once checked) on a second thread while `before` is decoded whole
        // and the mask computed here.
        let byRows = sized && compositesByRows(before: before, after: after, width: width, height: height)
        // The files' bytes are let go of as soon as each is decoded.
        let (beforeBytes, afterBytes) = (Handover(consume before), Handover(consume after))
        if byRows {
            return try compositeByRows(
                before: beforeBytes, after: afterBytes, document: document, width: width, height: height, request: request, names: names)
        }
        let decodeAfter = {
            Result { () throws(JobError) in
                try afterImage(
                    try wholeFile(afterBytes.take(), name: names.after), width: sized ? width : nil, height: height,
                    maximumPixels: request.maximumPixels,
                    name: names.after)
            }
        }
        // Each part is held in one place only, so that it is freed as soon as it is used.
        var decodedBefore: RGBAImage?
        var mask: CoverageMask?
        var edit = try SideThread.run(decodeAfter) { () throws(JobError) in
            let picture = try designImage(
                try wholeFile(beforeBytes.take(), name: names.before), maximumPixels: request.maximumPixels, name: names.before)
            try checkSize(document, picture, names: (names.regions, names.before))
            mask = try coverage(
                document, regions: document.regions, grow: request.grow, feather: request.feather,
                maximumPixels: request.maximumPixels, name: names.regions)
            decodedBefore = picture
        }.0.get()
        guard var picture = decodedBefore, mask != nil else { preconditionFailure("decoded without a result") }
        decodedBefore = nil
        blend(&picture.pixels, with: edit.pixels, by: mask!.values)
        picture.hadTransparency = picture.hadTransparency || edit.alpha
        (edit.pixels, mask) = ([], nil)  // not held while the composite is encoded
        let size = (width: picture.width, height: picture.height)
        do {
            return CompositeResult(
                png: try PNGCodec.encode(consume picture, compression: request.compression), width: size.width, height: size.height,
                scaledAfter: edit.scaled)
        } catch {
            throw JobError(.encodingFailed, message: "the composite could not be encoded: \(error)")
        }
    }

    /// ``composite(before:after:regions:request:names:)-(ImageInput,_,_,_,_)`` of two images' bytes.
    public static func composite(
        before: consuming [UInt8], after: consuming [UInt8], regions: [UInt8], request: CompositeRequest = CompositeRequest(),
        names: (before: String, after: String, regions: String) = ("before", "after", "the document")
    ) throws(JobError) -> CompositeResult {
        try composite(before: .bytes(before), after: .bytes(after), regions: regions, request: request, names: names)
    }

    /// An image's bytes, its file read whole when it is one, for the decoders that read
    /// only from memory. A file that starts as no image does is not read past its start:
    /// the decoder refuses that as it would the whole.
    static func wholeFile(_ input: ImageInput, name: String) throws(JobError) -> [UInt8] {
        if case .file = input {
            let start = input.prefix(16)
            if ImageFormat.sniff(start) == nil { return start }
        }
        switch input.bytes() {
        case .success(let bytes): return bytes
        case .failure(let problem): throw JobError(.unreadable, message: "\(name): cannot be read (\(problem))")
        }
    }

    /// `pixels` (RGBA) become `edit`'s where `mask` is 255 and stay where it is 0; between,
    /// each sample is (p·(255 − m) + e·m) / 255, rounded
    /// (``blend(before:after:mask:count:into:)``).
    static func blend(_ pixels: inout [UInt8], with edit: [UInt8], by mask: [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { pixels in
            edit.withUnsafeBufferPointer { edit in
                mask.withUnsafeBufferPointer { mask in
                    blend(
                        before: pixels.baseAddress!, after: edit.baseAddress!, mask: mask.baseAddress!, count: mask.count,
                        into: pixels.baseAddress!)
                }
            }
        }
    }

    /// The generator's image as RGBA samples, scaled to `width` × `height` (an area average
    /// down, linear up) when it has another size and `width` is given.
    static func afterImage(_ bytes: [UInt8], width: Int?, height: Int, maximumPixels: Int, name: String) throws(JobError)
        -> (pixels: [UInt8], scaled: Bool, alpha: Bool)
    {
        let edit = try designImage(bytes, maximumPixels: maximumPixels, name: name)
        guard let width, (edit.width, edit.height) != (width, height) else { return (edit.pixels, false, edit.hadTransparency) }
        let pixels = ImageScaling.scale(
            edit.pixels, width: edit.width, height: edit.height, toWidth: width, toHeight: height, premultiplied: edit.hadTransparency)
        return (pixels, true, edit.hadTransparency)
    }

    /// A design image (``RemoImage/ImageDecoder/designImage(_:maximumPixels:)``), its errors
    /// naming it.
    static func designImage(_ bytes: [UInt8], maximumPixels: Int, name: String) throws(JobError) -> RGBAImage {
        do {
            return try ImageDecoder.designImage(bytes, maximumPixels: maximumPixels)
        } catch {
            throw JobError(error, name: name)
        }
    }

    /// A design image brought to the size `size` asks for as it is decoded
    /// (``RemoImage/ImageDecoder/designImage(_:maximumPixels:premultiplied:scaledTo:)``, colour
    /// and alpha averaged alike), its errors naming it.
    static func designImage(
        _ bytes: [UInt8], maximumPixels: Int, name: String, scaledTo size: (_ width: Int, _ height: Int) -> (width: Int, height: Int)
    ) throws(JobError) -> (image: RGBAImage, fullWidth: Int, fullHeight: Int) {
        do {
            return try ImageDecoder.designImage(bytes, maximumPixels: maximumPixels, premultiplied: false, scaledTo: size)
        } catch {
            throw JobError(error, name: name)
        }
    }

    /// Refuses a document made for another size than the image.
    static func checkSize(_ document: RegionDocument, _ picture: RGBAImage, names: (document: String, image: String)) throws(JobError) {
        try checkSize(document, width: picture.width, height: picture.height, names: names)
    }

    /// Refuses a document made for another size than `width` × `height`.
    static func checkSize(_ document: RegionDocument, width: Int, height: Int, names: (document: String, image: String)) throws(JobError) {
        guard document.image.width == Double(width) && document.image.height == Double(height) else {
            let (w, h) = (document.image.width.messageText, document.image.height.messageText)
            throw JobError(
                .sizeMismatch, message: "\(names.document) is for a \(w) × \(h) image, but \(names.image) is \(width) × \(height)")
        }
    }
}

extension CompositeResult {
    /// The result object (docs/commands.md): `{"output", "width", "height", "scaledAfter",
    /// "bytes", "sha256"}`, `output` only when a front end wrote a file.
    public func json(output: String?) -> JSONValue {
        .object(
            (output.map { [("output", JSONValue.string($0))] } ?? []) + members
                + [("bytes", .number(Double(png.count))), ("sha256", .string(SHA256.hex(png)))])
    }

    /// The members that describe the image, without those of the file (`output`, `bytes`,
    /// `sha256`).
    public var members: [(key: String, value: JSONValue)] {
        [("width", .number(Double(width))), ("height", .number(Double(height))), ("scaledAfter", .bool(scaledAfter))]
    }
}
