import Foundation
import RemoTestSupport
import Testing

@testable import RemoImage
@testable import RemoPhoto

/// The photo check of a JPEG stored upright measures each band of tiles while the rest of
/// the photo is still being decoded on another thread (PhotoCheck.measureWhileDecoding):
/// it must score exactly as measuring the decoded photo whole, and a photo that breaks off
/// part-way must fail, not hang.
@Suite("A JPEG measured while it is decoded")
struct MeasuredWhileDecodingTests {
    /// JPEGs made from a real photo of the labelled set's originals, sharp and blurred by
    /// 1 % of the short side, `width` × `height`.
    static func jpegs(width: Int, height: Int) throws -> [(String, [UInt8])] {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = """
            import sys
            from PIL import Image, ImageFilter
            size = (int(sys.argv[2]), int(sys.argv[3]))
            photo = Image.open("SampleScans/photos/originals/coffee.png").convert("RGB").resize(size, Image.LANCZOS)
            photo.save(sys.argv[1] + "/sharp.jpg", quality=90)
            photo.filter(ImageFilter.GaussianBlur(min(size) / 100)).save(sys.argv[1] + "/blurred.jpg", quality=90)
            """
        let result = try CLIRunner.runProgram("/usr/bin/env", ["python3", "-c", script, folder.path, "\(width)", "\(height)"])
        #expect(result.status == 0, "\(result.stderr)")
        return try ["sharp.jpg", "blurred.jpg"].map { name in
            ("\(name) at \(width) × \(height)", Array(try Data(contentsOf: folder.appendingPathComponent(name))))
        }
    }

    @Test(
        "every check scores exactly as when the photo is decoded first and measured whole",
        arguments: [
            (4032, 3024),  // an iPhone's 12 megapixels: decoded at 1/4 straight to the working size
            (4032, 2268),  // the same cropped to 16:9: decoded at 1/2, then reduced row by row
            (1152, 864),  // 1 megapixel: decoded whole, then reduced
        ])
    func sameAsWhole(width: Int, height: Int) throws {
        for (name, bytes) in try Self.jpegs(width: width, height: height) {
            let whole = try ImageDecoder.decode(bytes, maximumPixels: 100_000_000, samples: .luma(shortSide: PhotoCheck.workingShortSide))
            #expect(whole.orientation == .up, "\(name)")
            let working = WorkingImage(luma: whole.pixels, width: whole.width, height: whole.height, shortSide: PhotoCheck.workingShortSide)
            #expect(min(working.width, working.height) == PhotoCheck.workingShortSide, "\(name)")
            let expected = PhotoCheck.report(
                format: .jpeg, width: whole.fullWidth, height: whole.fullHeight, orientation: .up, profile: whole.profile,
                blur: BlurMeasure(working), exposure: ExposureMeasure(working))
            let report = try PhotoCheck.check(bytes)
            #expect(report == expected, "\(name)")
            // And the blur is seen, so the bands measured are the photo's.
            let blur = report.checks.first { $0.code == "blur" }?.verdict
            #expect(name.hasPrefix("blurred") ? blur == .reject : blur != .reject, "\(name): \(report.checks)")
        }
    }

    @Test("a photo cut short anywhere is refused as truncated, wherever the measuring is at the time")
    func truncated() throws {
        let (name, bytes) = try #require(Self.jpegs(width: 4032, height: 3024).first)
        for fraction in [0.02, 0.3, 0.5, 0.9, 0.999] {
            let cut = Array(bytes.prefix(Int(Double(bytes.count) * fraction)))
            do {
                _ = try PhotoCheck.check(cut)
                Issue.record("\(name) cut at \(fraction) was accepted")
            } catch {
                #expect(error.code == "invalid-image" && error.message.contains("ends early"), "\(name) cut at \(fraction): \(error)")
            }
        }
    }

    @Test("decoded on a thread of its own, or here first as when no thread can be made: the same rows, the same errors")
    func withAndWithoutAThread() throws {
        let (_, bytes) = try #require(Self.jpegs(width: 4032, height: 3024).first)
        let expected = try ImageDecoder.decode(bytes, maximumPixels: 100_000_000, samples: .luma(shortSide: 756)).pixels
        func luma(_ bytes: [UInt8], newThread: Bool) throws(ImageError) -> [UInt8] {
            let file = try JPEGFile(bytes)
            return try file.withRows(maximumPixels: 100_000_000, denominator: 4, channels: 1) { (rows) throws(ImageError) in
                var pixels = [UInt8](repeating: 0, count: rows.width * rows.height)
                try pixels.withUnsafeMutableBufferPointer { (pixels) throws(ImageError) in
                    try RowsInFlight.decode(rows, into: pixels, chunk: 16, newThread: newThread) { (waitForRows) throws(ImageError) in
                        try waitForRows(rows.height)
                    }
                }
                return pixels
            }
        }
        let cut = Array(bytes.prefix(bytes.count / 2))
        for newThread in [true, false] {
            #expect(try luma(bytes, newThread: newThread) == expected, "new thread: \(newThread)")
            #expect(throws: ImageError.self, "new thread: \(newThread)") { try luma(cut, newThread: newThread) }
        }
    }
}
