// libFuzzer harness: region document decoding and validation (chips included).
// Built by scripts/fuzz.sh; not part of the package build.
import RemoLasso

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let document = try? RegionDocument.decode(bytes, keepingAtMost: 10_000) {
        _ = LassoValidator(rules: LassoRules(maximumPoints: 10_000)).validate(document)
    }
    return 0
}
