import Foundation
import RemoTestSupport
import Testing

@testable import RemoImage

/// The photo check of a JPEG stored upright measures each band of tiles while the rest of
/// the photo is still being decoded on another thread (PhotoCheck.measureWhileDecoding):
/// it must score exactly as measuring the decoded photo whole, and a photo that breaks off
/// part-way must fail, not hang.
@Suite("A JPEG measured while it is decoded")
struct MeasuredWhileDecodingTests {
    /// 12-megapixel JPEGs as an iPhone's main camera shoots them (4032 × 3024, the size
    /// that decodes at 1/4 straight to the working size), made from a real photo of the
    /// labelled set's originals: as it is, and blurred by 1 % of the short side.
    static func twelveMegapixelJPEGs() throws -> [(String, [UInt8])] {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = """
            import sys
            from PIL import Image, ImageFilter
            photo = Image.open("SampleScans/photos/originals/coffee.png").convert("RGB").resize((4032, 3024), Image.LANCZOS)
            photo.save(sys.argv[1] + "/sharp.jpg", quality=90)
            photo.filter(ImageFilter.GaussianBlur(30)).save(sys.argv[1] + "/blurred.jpg", quality=90)
            """
        let result = try CLIRunner.runProgram("/usr/bin/env", ["python3", "-c", script, folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        return try ["sharp.jpg", "blurred.jpg"].map { ($0, Array(try Data(contentsOf: folder.appendingPathComponent($0)))) }
    }

    @Test("every check scores exactly as when the photo is decoded first and measured whole")
    func sameAsWhole() throws {
        let photos = try Self.twelveMegapixelJPEGs()
        for (name, bytes) in photos {
            let whole = try ImageDecoder.decode(bytes, maximumPixels: 100_000_000, samples: .luma(shortSide: PhotoCheck.workingShortSide))
            // Decoded at 1/4 to the working size, upright: the case measured while decoding.
            #expect(whole.orientation == .up && min(whole.width, whole.height) == PhotoCheck.workingShortSide, "\(name)")
            let working = WorkingImage(luma: whole.pixels, width: whole.width, height: whole.height, shortSide: PhotoCheck.workingShortSide)
            let expected = PhotoCheck.report(
                format: .jpeg, width: whole.fullWidth, height: whole.fullHeight, orientation: .up, profile: whole.profile,
                blur: BlurMeasure(working), exposure: ExposureMeasure(working))
            #expect(try PhotoCheck.check(bytes) == expected, "\(name)")
        }
    }

    @Test("a photo cut short anywhere is refused as truncated, wherever the measuring is at the time")
    func truncated() throws {
        let (name, bytes) = try #require(Self.twelveMegapixelJPEGs().first)
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
}
