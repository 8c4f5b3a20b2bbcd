import Foundation
import RemoImage
import RemoService
import Testing

/// `composite` of two PNGs of the document's size blends `before`'s rows into `after`'s as
/// a second thread decodes them. Its answers are checked pixel by pixel against numpy in
/// `CompositeCommandTests`; here, what happens when either image breaks off half-way.
@Suite("composite row by row")
struct CompositeRowsTests {
    static let (width, height) = (640, 480)

    static func png(seed: Int) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        var state = UInt32(truncatingIfNeeded: seed)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            state = state &* 1_664_525 &+ 1_013_904_223
            (pixels[i], pixels[i + 1], pixels[i + 2]) = (
                UInt8(truncatingIfNeeded: i / 4 % width), UInt8(truncatingIfNeeded: state >> 24), 90
            )
        }
        return try PNGCodec.encode(RGBAImage(width: width, height: height, pixels: pixels, hadTransparency: false))
    }

    /// The image data overwritten in its middle: the file still opens, and the damage is met
    /// while rows are read.
    static func damaged(_ png: [UInt8]) -> [UInt8] {
        var png = png
        for i in (png.count / 2)..<(png.count / 2 + 256) { png[i] = 0xA5 }
        return png
    }

    static let regions = Array(
        #"{"image": {"width": 640, "height": 480}, "regions": [{"id": "r", "number": 1, "points": [[100, 100], [400, 120], [300, 380]]}]}"#
            .utf8)

    @Test(
        "an image damaged half-way, before or after, is refused naming it: no hang, no partial composite", .timeLimit(.minutes(1)))
    func damagedHalfWay() throws {
        let (before, after) = (try Self.png(seed: 1), try Self.png(seed: 2))
        let whole = try Jobs.composite(before: before, after: after, regions: Self.regions)
        #expect(whole.width == Self.width && !whole.scaledAfter)
        for (name, pair) in [("before", (Self.damaged(before), after)), ("after", (before, Self.damaged(after)))] {
            do {
                _ = try Jobs.composite(before: pair.0, after: pair.1, regions: Self.regions)
                Issue.record("a damaged \(name) was composited")
            } catch {
                #expect(error.code == .invalidImage, "\(name): \(error)")
                #expect(error.message.hasPrefix(name), "\(name): \(error.message)")
            }
        }
    }
}
