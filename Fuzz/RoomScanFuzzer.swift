// libFuzzer harness: room scan decoding and fit badges.
// Built by scripts/fuzz.sh; not part of the package build.
import RemoRender
import RemoRoom

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let scan = try? RoomScan.decode(bytes), let room = scan.rooms.first {
        let checker = FitChecker(room: room)
        _ = checker.check(Product(id: "p", category: "sofa", width: 2, depth: 0.9, height: 0.8))
        _ = checker.check(Product(id: "q", category: "table", width: 1.2, depth: 0.8, height: 0.75))
        let bed = checker.check(Product(id: "r", category: "bed", width: 1.6, depth: 2.1, height: 0.5))
        _ = bed.reasons.map(\.message)
        // The floor plan, with the bed where it fits: a floor of many corners once made it quadratic.
        let planned = bed.placement.map { [PlannedProduct(label: "bed", placement: $0, badge: bed.badge)] } ?? []
        _ = FloorPlanRenderer(width: 300).render(room, products: planned)
    }
    return 0
}
