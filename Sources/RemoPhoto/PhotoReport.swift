import RemoImage
import RemoJSON

/// How a photo, or one check of it, came out.
public enum PhotoVerdict: String, Hashable, Sendable, Comparable {
    /// Nothing wrong.
    case ok
    /// Usable, but worth retaking.
    case warn
    /// Not usable: retake the photo.
    case reject

    /// Ok before warn before reject.
    public static func < (a: PhotoVerdict, b: PhotoVerdict) -> Bool { a.rank < b.rank }
    var rank: Int {
        switch self {
        case .ok: 0
        case .warn: 1
        case .reject: 2
        }
    }
}

/// One check of a photo (docs/commands.md).
public struct PhotoCheckResult: Hashable, Sendable {
    /// `resolution`, `blur` or `exposure`.
    public var code: String
    /// How the check came out.
    public var verdict: PhotoVerdict
    /// What was measured (pixels, sharpness, brightness...).
    public var score: Double
    /// The threshold the verdict turned on.
    public var threshold: Double
    /// A sentence for people.
    public var message: String
}

/// The first check of an uploaded room photo.
public struct PhotoReport: Hashable, Sendable {
    /// The file's format.
    public var format: ImageFormat
    /// The width as displayed (after orientation).
    public var width: Int
    /// The height as displayed.
    public var height: Int
    /// The EXIF orientation, 1 to 8 (applied before measuring).
    public var orientation: ExifOrientation
    /// The colour space the file declares.
    public var profile: ColourProfile
    /// The worst of the checks' verdicts.
    public var verdict: PhotoVerdict { checks.map(\.verdict).max() ?? .ok }
    /// The checks: resolution, blur, exposure.
    public var checks: [PhotoCheckResult]

    /// The report as docs/commands.md gives it, `file` first when given.
    public func json(file: String?) -> JSONValue {
        var members: [(String, JSONValue)] = file.map { [("file", .string($0))] } ?? []
        members += [
            ("format", .string(format.rawValue)), ("width", .number(Double(width))), ("height", .number(Double(height))),
            ("orientation", .number(Double(orientation.rawValue))), ("colourProfile", .string(profile.name)),
            ("verdict", .string(verdict.rawValue)), ("checkVersion", .string(PhotoCheck.checkVersion)),
            (
                "checks",
                .array(
                    checks.map {
                        .object([
                            ("code", .string($0.code)), ("verdict", .string($0.verdict.rawValue)), ("score", .number($0.score)),
                            ("threshold", .number($0.threshold)), ("message", .string($0.message)),
                        ])
                    })
            ),
        ]
        return .object(members)
    }
}
