// libFuzzer harness: region document decoding, validation (chips included) and drawing
// the outlines and chips on a small image at the document's scale (clamped as `render`
// clamps --scale).
// Built by scripts/fuzz.sh; not part of the package build.
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
    }
    return 0
}
