import RemoImage
import RemoJSON
import RemoRender

extension JobError {
    /// An image that could not be read: `image-too-large` over the pixel limit, otherwise
    /// bad input (`invalid-image`) or, for memory, a failure worth retrying.
    init(_ error: ImageError, name: String) {
        let kind: Kind =
            switch error.code {
            case "image-too-large": .tooLarge
            case "out-of-memory": .internalFailure
            default: .badInput
            }
        self.init(kind, code: error.code, message: "\(name): \(error.message)")
    }
}

extension Jobs {
    /// `photo`: the first check of an uploaded room photo (docs/commands.md).
    ///
    /// - Parameters:
    ///   - bytes: A PNG, JPEG or HEIC file.
    ///   - maximumPixels: Larger photos are refused from their header (`image-too-large`).
    ///   - name: The photo's name in error messages.
    /// - Returns: The report; its JSON is `report.json(file:)`.
    public static func photo(_ bytes: [UInt8], maximumPixels: Int = PNGCodec.defaultMaximumPixels, name: String = "the photo")
        throws(JobError)
        -> PhotoReport
    {
        do {
            return try PhotoCheck.check(bytes, maximumPixels: maximumPixels)
        } catch {
            throw JobError(error, name: name)
        }
    }
}
