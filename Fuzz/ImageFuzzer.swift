// libFuzzer harness: image decoding (JPEG through CRemoJPEG, HEIC through CRemoHEIF, PNG),
// in luma and RGBA, whole and row by row into a smaller size, prepared as a thumbnail, and
// the photo check on what decodes (pixel limit kept small for the fuzzer's memory).
// scripts/fuzz.sh runs it as `jpeg` or `heic`, with seeds of that format. Built by
// scripts/fuzz.sh; not part of the package build.
import RemoImage
import RemoPhoto

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? ImageDecoder.decode(bytes, maximumPixels: 4_000_000, samples: .rgba)
    _ = try? ImageDecoder.designImage(bytes, maximumPixels: 4_000_000, premultiplied: false) { width, height in
        (width / 3 + 1, height / 2 + 1)
    }
    _ = try? PhotoCheck.check(bytes, maximumPixels: 4_000_000)
    // Prepared small: a HEIC's own thumbnail is decoded when it is large enough.
    _ = try? ImagePreparation.prepare(bytes, maxSide: 24, format: .jpeg, quality: 80, maximumPixels: 4_000_000)
    return 0
}
