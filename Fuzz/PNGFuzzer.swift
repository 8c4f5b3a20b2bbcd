// libFuzzer harness: PNG decoding (pixel limit kept small for the fuzzer's memory).
// Built by scripts/fuzz.sh; not part of the package build.
import RemoRender

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let image = try? PNGCodec.decode(bytes, maximumPixels: 4_000_000) {
        _ = try? PNGCodec.encode(image)
    }
    return 0
}
