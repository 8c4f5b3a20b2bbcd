import Foundation
import RemoImage
import RemoService
import Testing

/// `composite` of two PNGs of the document's size passes their rows from two decoding
/// threads to the encoder, reading files as it decodes them. Its answers are checked pixel
/// by pixel against numpy in `CompositeCommandTests`; here, that files and bytes give the
/// same composite, and what happens when either image breaks off half-way.
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

    /// `bytes` written to a new file, opened as a job's file input.
    static func file(_ bytes: [UInt8], named name: String, in folder: URL) throws -> (path: String, input: ImageInput) {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        let descriptor = open(url.path, O_RDONLY)
        try #require(descriptor >= 0)
        return (url.path, .file(ImageFile(descriptor: descriptor, size: bytes.count)))
    }

    @Test("files read as they are decoded give the composite their bytes give, byte for byte")
    func filesAsBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remo-composite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (before, after) = (try Self.png(seed: 3), try Self.png(seed: 4))
        let fromBytes = try Jobs.composite(before: before, after: after, regions: Self.regions)
        let fromFiles = try Jobs.composite(
            before: try Self.file(before, named: "before.png", in: folder).input,
            after: try Self.file(after, named: "after.png", in: folder).input, regions: Self.regions)
        // Compared as one Bool: a failed comparison of two arrays computes their difference,
        // which for a megabyte each takes minutes.
        let sameFromFiles = fromFiles.png == fromBytes.png
        #expect(sameFromFiles)
        let mixed = try Jobs.composite(
            before: .bytes(before), after: try Self.file(after, named: "after-2.png", in: folder).input, regions: Self.regions)
        let sameMixed = mixed.png == fromBytes.png
        #expect(sameMixed)
    }

    @Test(
        "a file damaged half-way, or cut short after it was opened, is refused naming it: no hang, no crash",
        .timeLimit(.minutes(1)))
    func filesBreakingOff() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remo-composite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (before, after) = (try Self.png(seed: 5), try Self.png(seed: 6))
        for (index, name) in ["before", "after"].enumerated() {
            let (original, other) = index == 0 ? (before, ImageInput.bytes(after)) : (after, ImageInput.bytes(before))
            for cut in [false, true] {
                let broken = try Self.file(cut ? original : Self.damaged(original), named: "\(name)-\(cut).png", in: folder)
                // Cut to half its length once open: its size was taken when it was opened.
                if cut { #expect(truncate(broken.path, off_t(original.count / 2)) == 0) }
                let names = (before: "before", after: "after", regions: "the document")
                do {
                    _ = try Jobs.composite(
                        before: index == 0 ? broken.input : other, after: index == 0 ? other : broken.input, regions: Self.regions,
                        names: names)
                    Issue.record("\(name), \(cut ? "cut" : "damaged"): composited")
                } catch {
                    #expect(error.code == .invalidImage, "\(name): \(error)")
                    #expect(error.message.hasPrefix(name), "\(name): \(error.message)")
                    if cut { #expect(error.message.contains("truncated"), "\(error.message)") }
                }
            }
        }
    }
}
