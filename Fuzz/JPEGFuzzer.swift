// libFuzzer harness: JPEG decoding (libjpeg-turbo behind CRemoJPEG), in luma and RGBA, and the photo
// check on what decodes (pixel limit kept small for the fuzzer's memory). Built by
// scripts/fuzz.sh; not part of the package build.
import RemoImage

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? ImageDecoder.decode(bytes, maximumPixels: 4_000_000, samples: .rgba)
    _ = try? PhotoCheck.check(bytes, maximumPixels: 4_000_000)
    return 0
}
