import RemoImage
import RemoJSON

/// The result of the prepare job.
public struct PrepareResult: Sendable {
    /// The image written and what was done to it.
    public var prepared: ImagePreparation.Prepared

    /// The result object (docs/commands.md), with `output` first when a front end wrote a
    /// file: `{"output", "format", "width", "height", "sourceWidth", "sourceHeight",
    /// "orientation", "profile", "bytes", "sha256"}`.
    public func json(output: String?) -> JSONValue {
        .object(
            (output.map { [("output", JSONValue.string($0))] } ?? []) + members
                + [("bytes", .number(Double(prepared.bytes.count))), ("sha256", .string(SHA256.hex(prepared.bytes)))])
    }

    /// The members that describe the image, without those of the file (`output`, `bytes`,
    /// `sha256`), for a front end that describes the file it wrote itself.
    public var members: [(key: String, value: JSONValue)] {
        [
            ("format", .string(prepared.format.rawValue)),
            ("width", .number(Double(prepared.width))), ("height", .number(Double(prepared.height))),
            ("sourceWidth", .number(Double(prepared.sourceWidth))), ("sourceHeight", .number(Double(prepared.sourceHeight))),
            ("orientation", .number(Double(prepared.orientation.rawValue))),
            ("profile", .string(prepared.converted ? "converted" : "srgb")),
        ]
    }
}

extension Jobs {
    /// `prepare`: an image as a generator or a thumbnail strip takes it (docs/commands.md):
    /// upright, sRGB, its long side at most `request.maxSide`, PNG or JPEG.
    ///
    /// - Parameters:
    ///   - image: PNG, JPEG or HEIC bytes.
    ///   - request: The options.
    ///   - imageName: How messages name the image.
    /// - Throws: ``JobError``: `invalid-image`, `image-too-large`, `invalid-parameter`,
    ///   `encoding-failed`.
    public static func prepare(image: [UInt8], request: PrepareRequest = PrepareRequest(), imageName: String = "the image")
        throws(JobError) -> PrepareResult
    {
        try request.check()
        do {
            return PrepareResult(
                prepared: try ImagePreparation.prepare(
                    image, maxSide: request.maxSide, format: request.format, quality: request.quality,
                    maximumPixels: request.maximumPixels))
        } catch {
            throw JobError(error, name: imageName)
        }
    }
}
