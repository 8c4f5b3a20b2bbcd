// libFuzzer harness: PNG decoding, whole and row by row into a smaller size (pixel limit kept
// small for the fuzzer's memory), and encoding what decodes. Built by scripts/fuzz.sh; not
// part of the package build.
import RemoImage

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let image = try? PNGCodec.decode(bytes, maximumPixels: 4_000_000) {
        _ = try? PNGCodec.encode(image)
    }
    _ = try? ImageDecoder.designImage(bytes, maximumPixels: 4_000_000, premultiplied: true) { width, height in
        ((width + 2) / 3, (height + 1) / 2)
    }
    return 0
}
