import Foundation
import RemoImage
import RemoTestSupport
import Testing

/// A JPEG with restart markers is decoded in bands on several threads; its pixels must be
/// exactly those of the same file decoded by one reader, and anything the bands cannot do
/// exactly must go to the reader.
@Suite("JPEGs decoded in bands at their restart markers")
struct JPEGBandsTests {
    struct PillowFailed: Error {
        var stderr: String
    }

    /// JPEGs written by Pillow (its libjpeg-turbo, not the one under test) from a noisy
    /// gradient, in `folder`: one per line of `specification` ("name width height mode
    /// subsampling restart progressive", restart as `rows:N`, `blocks:N` or `none`).
    static func make(_ specification: [String], in folder: URL) throws {
        let script = """
            import os, sys
            import numpy as np
            from PIL import Image
            folder = sys.argv[1]
            rng = np.random.default_rng(5)
            for line in sys.argv[2:]:
                name, width, height, mode, subsampling, restart, progressive = line.split()
                width, height = int(width), int(height)
                y, x = np.mgrid[0:height, 0:width]
                base = np.stack([x * 255 // width, y * 255 // height, (x + y) * 255 // (width + height)], -1)
                noisy = np.clip(base + rng.normal(0, 14, base.shape), 0, 255).astype(np.uint8)
                options = {"quality": 90, "progressive": progressive == "yes"}
                if subsampling != "-":
                    options["subsampling"] = subsampling
                if restart != "none":
                    kind, count = restart.split(":")
                    options["restart_marker_" + kind] = int(count)
                Image.fromarray(noisy).convert(mode).save(os.path.join(folder, name), **options)
            """
        let done = try CLIRunner.runProgram("/usr/bin/env", ["python3", "-c", script, folder.path] + specification)
        guard done.status == 0 else { throw PillowFailed(stderr: done.stderr) }
    }

    /// The file decoded by one reader, and in up to `bands` bands (nil when it was not split).
    static func decodeBoth(_ jpeg: [UInt8], denominator: Int, channels: Int, bands: Int) throws -> (
        reader: [UInt8], bands: [UInt8]?
    ) {
        let file = try JPEGFile(jpeg)
        return try file.withRows(maximumPixels: .max, denominator: denominator, channels: channels) { (rows) throws(ImageError) in
            var banded = [UInt8](repeating: 0, count: rows.width * rows.height * channels)
            let split = file.decodeInBands(denominator: denominator, channels: channels, bands: bands, into: &banded, rows: rows)
            var read = [UInt8](repeating: 0, count: rows.width * rows.height * channels)
            try read.withUnsafeMutableBufferPointer { (read) throws(ImageError) in try rows.read(rows.height, into: read.baseAddress!) }
            return (read, split ? banded : nil)
        }
    }

    @Test("every subsampling, restart interval, odd size, scale and number of bands gives the reader's pixels")
    func sameAsReader() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 4:2:0 at 1001 x 703 has 63 MCUs a row and 44 rows, the last of them partial; an
        // interval of 42 MCUs begins a row every 3 intervals there, and at 640 wide (40 or 80
        // MCUs a row) every 20 or 40.
        var files: [(name: String, verticallySubsampled: Bool)] = []
        var specification: [String] = []
        for (width, height) in [(1001, 703), (640, 480)] {
            for (mode, subsampling) in [("L", "-"), ("RGB", "4:4:4"), ("RGB", "4:2:2"), ("RGB", "4:2:0")] {
                for restart in ["rows:1", "rows:3", "blocks:7", "blocks:42"] {
                    let name = "\(width)x\(height)-\(mode)-\(subsampling)-\(restart).jpg".replacingOccurrences(of: ":", with: "")
                    specification.append("\(name) \(width) \(height) \(mode) \(subsampling) \(restart) no")
                    files.append((name, subsampling == "4:2:0"))
                }
            }
        }
        try Self.make(specification, in: folder)
        var split = 0
        for file in files {
            let jpeg = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file.name)))
            for denominator in [1, 2, 4, 8] {
                for (channels, bands) in [(4, 2), (4, 5), (1, 3), (4, 16)] {
                    let (read, banded) = try Self.decodeBoth(jpeg, denominator: denominator, channels: channels, bands: bands)
                    let where_ = "\(file.name) at 1/\(denominator), \(channels) channels, \(bands) bands"
                    // Smoothed chroma upsampling at full size reads rows across a band's edge.
                    if denominator == 1 && file.verticallySubsampled {
                        let wasSplit = banded != nil  // not the samples: a failure would print them all
                        #expect(!wasSplit, "\(where_) was split")
                        continue
                    }
                    guard let banded else {
                        Issue.record("\(where_) was not split")
                        continue
                    }
                    if let difference = ScaledDecodingTests.firstDifference(banded, read) {
                        Issue.record("\(where_): \(difference)")
                    }
                    split += 1
                }
            }
        }
        #expect(split == 2 * 4 * 4 * 4 * 4 - 2 * 4 * 4)
    }

    @Test(
        "files the bands cannot decode exactly go to the reader: no markers, progressive, one band, CMYK, no marker at a row's start"
    )
    func notSplit() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.make(
            [
                "plain.jpg 800 600 RGB 4:2:0 none no", "progressive.jpg 800 600 RGB 4:2:0 rows:1 yes",
                "cmyk.jpg 800 600 CMYK - rows:1 no", "one-row.jpg 800 16 RGB 4:2:0 rows:1 no",
                // 63 MCUs a row and an interval of 130: the first interval to begin a row
                // would begin the 130th, and there are 44.
                "unaligned.jpg 1001 703 RGB 4:2:0 blocks:130 no",
            ], in: folder)
        for name in ["plain.jpg", "progressive.jpg", "cmyk.jpg", "one-row.jpg", "unaligned.jpg"] {
            let jpeg = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            let (_, banded) = try Self.decodeBoth(jpeg, denominator: 2, channels: 4, bands: 4)
            let wasSplit = banded != nil
            #expect(!wasSplit, "\(name) was split")
        }
    }

    /// A file with markers whose data is damaged, or whose markers are out of sequence:
    /// the bands warn and give up, and the whole decode is the reader's, whatever libjpeg
    /// makes of the damage.
    @Test("a damaged file with markers decodes as the reader decodes it, or fails as the reader fails")
    func damaged() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.make(["good.jpg 1200 900 RGB 4:2:0 rows:1 no"], in: folder)
        let good = try [UInt8](Data(contentsOf: folder.appendingPathComponent("good.jpg")))
        let markers = good.indices.dropLast().filter { good[$0] == 0xFF && (0xD0...0xD7).contains(good[$0 + 1]) }
        #expect(markers.count == 57 - 1)  // 900 rows are 57 rows of MCUs
        var zeroed = good
        for i in (good.count * 3 / 4)..<(good.count * 3 / 4 + 200) { zeroed[i] = 0 }
        var renumbered = good
        renumbered[markers[40] + 1] = 0xD0 + (renumbered[markers[40] + 1] - 0xD0 + 3) % 8
        var cut = good
        cut.removeLast(good.count / 3)
        cut += [0xFF, 0xD9]
        for (name, jpeg) in [("zeroed", zeroed), ("renumbered", renumbered), ("cut", cut)] {
            let file = try JPEGFile(jpeg)
            let whole = Result { () throws(ImageError) in try file.decoded(maximumPixels: .max, denominator: 2, channels: 4).pixels }
            let read = Result { () throws(ImageError) in
                try file.withRows(maximumPixels: .max, denominator: 2, channels: 4) { (rows) throws(ImageError) in
                    var pixels = [UInt8](repeating: 0, count: rows.width * rows.height * 4)
                    try pixels.withUnsafeMutableBufferPointer { (p) throws(ImageError) in try rows.read(rows.height, into: p.baseAddress!) }
                    return pixels
                }
            }
            switch (whole, read) {
            case (.success(let whole), .success(let read)):
                #expect(ScaledDecodingTests.firstDifference(whole, read) == nil, "\(name)")
            case (.failure(let whole), .failure(let read)):
                #expect(whole.message == read.message, "\(name)")
            default:
                Issue.record("\(name): the whole decode gave \(whole), the reader \(read)")
            }
        }
    }
}
