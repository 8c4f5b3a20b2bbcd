/// Why an image could not be read, with a stable code for error objects.
public struct ImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `invalid-image` (not an image, or corrupt), `image-too-large` (over the pixel
    /// limit, refused from the header) or `out-of-memory`.
    public var code: String
    /// A sentence saying what is wrong.
    public var message: String

    /// The message.
    public var description: String { message }

    static func invalid(_ message: String) -> ImageError { ImageError(code: "invalid-image", message: message) }
    static func tooLarge(_ message: String) -> ImageError { ImageError(code: "image-too-large", message: message) }
    static func outOfMemory(_ message: String) -> ImageError { ImageError(code: "out-of-memory", message: message) }
}
