import Benchmark
import RemoGeometry
import RemoImage
import RemoLasso
import RemoRender
import RemoShapes

/// Rendering on a 4032 × 3024 photo-like image with three 500-point lassos: the
/// overlay (validation, chips, outlines) against decoding plus encoding the image.
/// The target: the overlay at most 5 % of decode + encode.
func renderBenchmarks() {
    var rng = SplitMix64(seed: 9)
    var image = RGBAImage(width: 4032, height: 3024)
    for i in stride(from: 0, to: image.pixels.count, by: 4) {
        let x = (i / 4) % 4032
        let y = (i / 4) / 4032
        let base = 90 + (x * 97 + y * 41) % 120
        image.pixels[i] = UInt8(clamping: base + Int(rng.next() % 13))
        image.pixels[i + 1] = UInt8(clamping: base - 20 + Int(rng.next() % 13))
        image.pixels[i + 2] = UInt8(clamping: base - 40 + Int(rng.next() % 13))
    }
    guard let png = try? PNGCodec.encode(image) else { return }
    let centers = [Point(1200, 1500), Point(2600, 900), Point(3100, 2200)]
    let document = RegionDocument(
        image: ImageSize(width: 4032, height: 3024), scale: 3,
        regions: centers.enumerated().map { i, c in
            Region(id: "r\(i + 1)", number: i + 1, points: Shapes.lasso(count: 500, center: c, radius: 480, seed: UInt64(i)))
        })
    let config = Benchmark.Configuration(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(10), maxIterations: 10)

    Benchmark("Render.Photo12MP.decode", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? PNGCodec.decode(png)) }
    }
    Benchmark("Render.Photo12MP.encodeFast", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? PNGCodec.encode(image)) }
    }
    Benchmark("Render.Photo12MP.overlay3x500", configuration: config) { benchmark in
        // A private copy of the pixels first, outside the measurement.
        var copy = image
        copy.pixels[0] ^= 1
        benchmark.startMeasurement()
        let report = LassoValidator().validate(document)
        blackHole(AnnotationRenderer().render(document, chips: report.chips, onto: &copy))
        benchmark.stopMeasurement()
    }
}
