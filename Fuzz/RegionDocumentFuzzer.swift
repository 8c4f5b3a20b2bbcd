// libFuzzer harness: region document decoding, validation (chips included), drawing the
// outlines and chips on a small image at the document's scale (clamped as `render` clamps
// --scale), and the mask of the regions on that image, grown by a distance taken from the
// input's last byte (0 to 16 pixels) and feathered.
// Built by scripts/fuzz.sh; not part of the package build.
import RemoGeometry
import RemoImage
import RemoLasso
import RemoRender

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let document = try? RegionDocument.decode(bytes, keepingAtMost: 10_000) {
        let report = LassoValidator(rules: LassoRules(maximumPoints: 10_000)).validate(document)
        var drawn = document
        drawn.scale = min(max(document.scale, 0.05), 20)
        var image = RGBAImage(width: 128, height: 96, fill: (200, 200, 200, 255))
        _ = AnnotationRenderer().render(drawn, chips: report.chips, onto: &image)
        // The regions brought to the mask's width, so that the samples' outlines fall on it.
        let shrink = 128 / max(1, document.image.width)
        let rings = document.regions.map { $0.points.map { Point($0.x * shrink, $0.y * shrink) } }
        var mask = CoverageMask(width: 128, height: 96, filling: rings)
        mask.grow(rings, by: Double(bytes.last ?? 0) / 16)
        mask.feather(over: 2)
    }
    return 0
}
