import RemoShapes
import Testing

@testable import RemoGeometry

@Suite("Douglas–Peucker's order, and its bound on work")
struct DouglasPeuckerTests {
    @Test("a comb of long teeth, where each split would peel one tooth off, stays within the budget")
    func comb() {
        let comb = Shapes.comb(count: 40_000, length: 10_000, toothHeight: 1)
        let order = DouglasPeucker(comb[...])
        // Unbounded, this comb measures about m² / 8 distances (2 × 10⁸); the budget is 2 × 10⁷.
        #expect(order.distancesMeasured <= 2 * DouglasPeucker.budget(points: comb.count))
        #expect(order.significance.filter(\.isInfinite).count == 2)
    }

    @Test("a finger-drawn lasso of 100,000 points never reaches the budget: its order is Douglas–Peucker's own")
    func lasso() {
        let lasso = Shapes.lasso(count: 100_000, seed: 5)
        let order = DouglasPeucker(lasso[...])
        #expect(order.distancesMeasured < DouglasPeucker.budget(points: lasso.count) / 4)
        // Every vertex but the two anchors is split once.
        #expect(Set(order.splitOrder).count == lasso.count - 1)
    }
}
