import Foundation
import RemoImage

/// Did the image generator change the picture outside the regions it was asked to edit?
/// (docs/commands.md.) Inpainting generators re-encode the whole picture: a re-encoding,
/// noise, a slight tint or a blur of a pixel should pass; an object added, removed, moved or
/// recoloured outside the regions, or a strong relighting, should not.
///
/// Both images are brought to a working size by an area average, which removes what
/// re-encoding, noise and a pixel's blur change while keeping objects; compared in CIE Lab
/// (ΔE76) outside the grown regions; the overall shift is taken out before looking for
/// local changes, so a slight tint alone changes nothing. Every threshold is a named constant
/// with where it came from; a change to any of them or to the measure changes
/// ``checkVersion``.
public enum DriftCheck {
    /// The version of the measure and thresholds, carried in every report.
    public static let checkVersion = "1"

    /// The long side of the working size, in pixels, at most: a working pixel of a 4032 ×
    /// 3024 image averages 16 × 16 pixels, enough that JPEG's blocks, sensor noise and a blur
    /// of a pixel fade; 0.5 % of the image is still about 250 working pixels.
    public static let workingLongSide = 256
    /// The fewest pixels a working pixel averages along each side: a smaller image gets a
    /// smaller working size. An answer made at half the size and enlarged again (a
    /// generator's usual way) loses detail that 4 × 4 averages still see, 8 × 8 ones not.
    public static let minimumBlock = 8
    /// A working pixel whose colour moved by at least this ΔE76 more than the overall shift
    /// counts as changed. On the labelled set (SampleScans/drift) the pairs to keep stay
    /// under 6 nearly everywhere (a blur of a pixel moves edges' working pixels by up to 5),
    /// while recoloured and added objects move theirs by 15 or more.
    public static let changedDeltaE = 10.0
    /// Changed working pixels covering at least this share of the image make the pair
    /// drifted: the contract's "an object … covering at least 0.5 % of the image".
    public static let changedShare = 0.005
    /// A mean ΔE76 of at least this over the measured area makes the pair drifted whatever
    /// is local: the contract's "an overall change of ΔE76 12 or more". (A tint under 5 is
    /// kept; between the two only local changes count.)
    public static let overallDeltaE = 12.0
    /// The most changed areas reported.
    public static let maximumBoxes = 8

    /// What the check found.
    public struct Report: Sendable {
        /// Whether the picture outside the regions is kept.
        public var kept: Bool
        /// The share of the measured area (outside the grown regions) that changed.
        public var changedFraction: Double
        /// The mean ΔE76 over the measured area (the overall shift included).
        public var meanDeltaE: Double
        /// The largest ΔE76 of a working pixel of the measured area.
        public var maxDeltaE: Double
        /// The largest changed areas, at most ``DriftCheck/maximumBoxes``, as x, y, width and
        /// height in the image's pixels, largest first.
        public var changedBoxes: [[Int]]
    }

    /// The working size of an image of `width` × `height` pixels.
    public static func workingSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let side = max(1, min(workingLongSide, max(width, height) / minimumBlock))
        return ImagePreparation.targetSize(width: width, height: height, maxSide: side)
    }

    /// An RGBA image at its working size (``workingSize(width:height:)``, reached by an area
    /// average of colour and alpha alike), as CIE Lab: three values a working pixel, what
    /// ``compare(before:after:width:height:excluded:)`` takes. A job decodes each image
    /// straight to its working size (`ImageDecoder.designImage(_:maximumPixels:premultiplied:scaledTo:)`),
    /// so that neither is held at full size.
    public static func workingLab(_ rgba: [UInt8]) -> [Double] { lab(rgba) }

    /// Compares two images of `width` × `height` pixels, each given at its working size
    /// (``workingLab(_:)``), outside the pixels `excluded` marks (at full size;
    /// not 0: inside the grown regions).
    public static func compare(before labBefore: [Double], after labAfter: [Double], width: Int, height: Int, excluded: [UInt8])
        -> Report
    {
        let (w, h) = workingSize(width: width, height: height)
        // A working pixel is measured only if none of the pixels it averages is excluded.
        var measured = [Bool](repeating: true, count: w * h)
        excluded.withUnsafeBufferPointer { excluded in
            for y in 0..<height {
                let (top, bottom) = (y * h / height, min(h - 1, ((y + 1) * h - 1) / height))
                for x in 0..<width where excluded[y * width + x] != 0 {
                    let (left, right) = (x * w / width, min(w - 1, ((x + 1) * w - 1) / width))
                    for row in top...bottom { for column in left...right { measured[row * w + column] = false } }
                }
            }
        }
        let indices = (0..<(w * h)).filter { measured[$0] }
        guard !indices.isEmpty else { return Report(kept: true, changedFraction: 0, meanDeltaE: 0, maxDeltaE: 0, changedBoxes: []) }
        var (sum, maximum) = (0.0, 0.0)
        var shifts = [[Double]](repeating: [], count: 3)
        for c in 0..<3 { shifts[c].reserveCapacity(indices.count) }
        for i in indices {
            let (dl, da, db) = (
                labAfter[i * 3] - labBefore[i * 3], labAfter[i * 3 + 1] - labBefore[i * 3 + 1], labAfter[i * 3 + 2] - labBefore[i * 3 + 2]
            )
            let e = (dl * dl + da * da + db * db).squareRoot()
            sum += e
            maximum = max(maximum, e)
            shifts[0].append(dl)
            shifts[1].append(da)
            shifts[2].append(db)
        }
        // The overall shift: each Lab axis's median difference, robust to the objects changed.
        let shift = shifts.map { values -> Double in
            let sorted = values.sorted()
            return sorted[sorted.count / 2]
        }
        var changed = [Bool](repeating: false, count: w * h)
        var changedCount = 0
        for i in indices {
            let dl = labAfter[i * 3] - labBefore[i * 3] - shift[0]
            let da = labAfter[i * 3 + 1] - labBefore[i * 3 + 1] - shift[1]
            let db = labAfter[i * 3 + 2] - labBefore[i * 3 + 2] - shift[2]
            if (dl * dl + da * da + db * db).squareRoot() >= changedDeltaE {
                changed[i] = true
                changedCount += 1
            }
        }
        let mean = sum / Double(indices.count)
        let changedShareOfImage = Double(changedCount) / Double(w * h)
        let boxes = components(changed, width: w, height: h).prefix(maximumBoxes).map { box in
            // Back to the image's pixels: the working pixels' areas.
            let x0 = box.x0 * width / w
            let y0 = box.y0 * height / h
            let x1 = min(width, ((box.x1 + 1) * width + w - 1) / w)
            let y1 = min(height, ((box.y1 + 1) * height + h - 1) / h)
            return [x0, y0, x1 - x0, y1 - y0]
        }
        return Report(
            kept: mean < overallDeltaE && changedShareOfImage < changedShare, changedFraction: Double(changedCount) / Double(indices.count),
            meanDeltaE: mean, maxDeltaE: maximum, changedBoxes: Array(boxes))
    }

    /// The connected areas (8-neighbours) of `cells`, as bounding boxes, largest (by cells)
    /// first.
    static func components(_ cells: [Bool], width: Int, height: Int) -> [(x0: Int, y0: Int, x1: Int, y1: Int, count: Int)] {
        var seen = [Bool](repeating: false, count: cells.count)
        var found: [(x0: Int, y0: Int, x1: Int, y1: Int, count: Int)] = []
        for start in cells.indices where cells[start] && !seen[start] {
            var stack = [start]
            seen[start] = true
            var box = (x0: width, y0: height, x1: -1, y1: -1, count: 0)
            while let i = stack.popLast() {
                let (x, y) = (i % width, i / width)
                box = (min(box.x0, x), min(box.y0, y), max(box.x1, x), max(box.y1, y), box.count + 1)
                for dy in -1...1 {
                    for dx in -1...1 {
                        let (nx, ny) = (x + dx, y + dy)
                        guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
                        let n = ny * width + nx
                        if cells[n] && !seen[n] {
                            seen[n] = true
                            stack.append(n)
                        }
                    }
                }
            }
            found.append(box)
        }
        return found.sorted { $0.count > $1.count }
    }

    /// CIE L*a*b* (D65) of 8-bit sRGB samples (RGBA in, three values a pixel out).
    static func lab(_ rgba: [UInt8]) -> [Double] {
        let linear = (0..<256).map { v -> Double in
            let c = Double(v) / 255
            return c <= 0.04045 ? c / 12.92 : Foundation.pow((c + 0.055) / 1.055, 2.4)
        }
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        var out = [Double](repeating: 0, count: rgba.count / 4 * 3)
        for p in 0..<(rgba.count / 4) {
            let (r, g, b) = (linear[Int(rgba[p * 4])], linear[Int(rgba[p * 4 + 1])], linear[Int(rgba[p * 4 + 2])])
            // sRGB to XYZ (IEC 61966-2-1), relative to the D65 white.
            let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
            let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
            let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
            let (fx, fy, fz) = (f(x), f(y), f(z))
            out[p * 3] = 116 * fy - 16
            out[p * 3 + 1] = 500 * (fx - fy)
            out[p * 3 + 2] = 200 * (fy - fz)
        }
        return out
    }
}
