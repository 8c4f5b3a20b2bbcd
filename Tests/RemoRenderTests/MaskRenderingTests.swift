import RemoGeometry
import RemoImage
import RemoRender
import Testing

/// What a mask looks like to the generator that reads it: the styles, the feathered edge,
/// and the work done.
@Suite("Masks: styles, feathering and bounded work")
struct MaskRenderingTests {
    /// A square 40.5 pixels wide whose left edge falls mid-pixel.
    static let square = [Point(20.5, 20), Point(61, 20), Point(61, 60), Point(20.5, 60)]

    @Test("white-on-black is the coverage as grey; alpha is black, transparent where the generator may paint")
    func styles() throws {
        let mask = CoverageMask(width: 80, height: 70, filling: [Self.square])
        #expect(mask.values[30 * 80 + 40] == 255 && mask.values[5 * 80 + 5] == 0)
        #expect(mask.values[30 * 80 + 20] == 128)  // half of the pixel, rounded
        let grey = try PNGCodec.decode(try mask.png(style: .whiteOnBlack))
        let alpha = try PNGCodec.decode(try mask.png(style: .alpha))
        #expect(grey.hadTransparency == false && alpha.hadTransparency)
        for k in mask.values.indices {
            #expect(grey.pixels[4 * k] == mask.values[k] && grey.pixels[4 * k + 1] == mask.values[k])
            #expect(alpha.pixels[4 * k] == 0 && alpha.pixels[4 * k + 3] == 255 - mask.values[k])
        }
    }

    @Test("feathering ramps a straight edge smoothly over about the distance, keeps the middle solid and the mass")
    func feather() throws {
        let hard = CoverageMask(width: 120, height: 100, filling: [[Point(30, -10), Point(90, -10), Point(90, 110), Point(30, 110)]])
        var soft = hard
        soft.feather(over: 12)
        let row = Array(soft.values[50 * 120..<51 * 120])
        // Rising across the left edge, over about 12 pixels; solid in the middle; 0 far out.
        let ramp = row.indices.filter { row[$0] > 0 && row[$0] < 255 && $0 < 60 }
        #expect(ramp.count >= 10 && ramp.count <= 14, "\(ramp)")
        #expect(zip(row[20..<40], row[21..<41]).allSatisfy { $0 <= $1 })
        #expect(row[60] == 255 && row[5] == 0 && row[115] == 0)
        // The frame's top and bottom: the region runs past them, so no fading there.
        #expect(soft.values[0 * 120 + 60] == 255 && soft.values[99 * 120 + 60] == 255)
        let before = hard.values.reduce(0) { $0 + Int($1) }
        let after = soft.values.reduce(0) { $0 + Int($1) }
        #expect(abs(before - after) <= 100 * 2)  // rounding, at most a level per row per pass
    }

    /// Three box blurs along the rows and three down the columns over the box widened by the
    /// blur, summing each window whole: the feather as specified, in O(pixels × radius).
    static func featherByBruteForce(_ mask: CoverageMask, radius: Int) -> [UInt8] {
        let (width, height) = (mask.width, mask.height)
        var values = mask.values.map(Int.init)
        let filled = values.indices.filter { values[$0] != 0 }
        guard radius > 0, !filled.isEmpty else { return mask.values }
        let rows = filled.map { $0 / width }
        let columns = filled.map { $0 % width }
        let reach = 3 * radius
        let rowRange = max(0, rows.min()! - reach)...min(height - 1, rows.max()! + reach)
        let columnRange = max(0, columns.min()! - reach)...min(width - 1, columns.max()! + reach)
        func blurred(_ line: [Int]) -> [Int] {
            line.indices.map { k in
                let sum = (k - radius...k + radius).reduce(0) { $0 + line[min(line.count - 1, max(0, $1))] }
                return (sum + radius) / (2 * radius + 1)
            }
        }
        for _ in 0..<3 {
            for row in rowRange {
                let line = blurred(columnRange.map { values[row * width + $0] })
                for (k, column) in columnRange.enumerated() { values[row * width + column] = line[k] }
            }
            for column in columnRange {
                let line = blurred(rowRange.map { values[$0 * width + column] })
                for (k, row) in rowRange.enumerated() { values[row * width + column] = line[k] }
            }
        }
        return values.map { UInt8($0) }
    }

    @Test(
        "feathering equals three box blurs each way summed whole, for radii from 1 to far past the image's sides",
        arguments: [1, 2, 7, 40, 300])
    func featherAgainstBruteForce(radius: Int) throws {
        let lasso = [Point(9.5, 4), Point(31, 7.25), Point(27, 22), Point(12.75, 19.5), Point(5, 12)]
        var mask = CoverageMask(width: 37, height: 29, filling: [lasso])
        // The feather caps its radius at the image's width plus height.
        let expected = Self.featherByBruteForce(mask, radius: min(radius, 37 + 29))
        mask.feather(over: Double(6 * radius))
        #expect(mask.values == expected)
    }

    @Test("growing moves a straight edge out by the distance, exactly, and rounds a corner")
    func grow() throws {
        var mask = CoverageMask(width: 80, height: 70, filling: [Self.square])
        mask.grow([Self.square], by: 4.25)
        // The left edge at 20.5 grows to 16.25: pixel 16 is three quarters in, 15 is out.
        let row = 40 * 80
        #expect(mask.values[row + 16] == 191 && mask.values[row + 15] == 0 && mask.values[row + 17] == 255)
        // Round corners: the corner pixel diagonally out by the distance is nearly empty,
        // where a square corner would fill it.
        #expect(mask.values[(60 + 3) * 80 + 61 + 3] < 40)
    }

    @Test("coordinates far outside the image (up to 2⁴⁰⁰, which documents accept) do not trap, and cover what they cover")
    func enormousCoordinates() throws {
        let huge = 0x1p400
        let square = [Point(-huge, -huge), Point(huge, -huge), Point(huge, huge), Point(-huge, huge)]
        var mask = CoverageMask(width: 40, height: 30, filling: [square])
        #expect(mask.values.allSatisfy { $0 == 255 })
        mask.grow([square], by: 5)
        mask.feather(over: 1e300)
        #expect(mask.values.allSatisfy { $0 == 255 })
        // A sliver whose ends lie ten million pixels out, grown like any other.
        let far = 1e7
        let sliver = [Point(-far, 10), Point(far, 10.5), Point(far, 20), Point(-far, 20.25)]
        var other = CoverageMask(width: 40, height: 30, filling: [sliver])
        other.grow([sliver], by: 3)
        #expect(other.values[15 * 40 + 20] == 255 && other.values[22 * 40 + 20] == 255)
        #expect(other.values[25 * 40 + 20] == 0 && other.values[2 * 40 + 20] == 0)
    }
}
