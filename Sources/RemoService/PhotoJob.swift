import RemoImage
import RemoJSON
import RemoPhoto
import RemoRender

extension JobError {
    /// A decoder's error, its message prefixed with the image's name.
    init(_ error: ImageError, name: String) {
        self.init(ErrorCode(naming: error.code, otherwise: .invalidImage), message: "\(name): \(error.message)")
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
    public static func photo(_ bytes: [UInt8], maximumPixels: Int = PixelLimit.default, name: String = "the photo")
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
