import RemoShapes
import Testing

@testable import RemoGeometry

@Suite("Chain ordering for the direct pairs")
struct ChainOrderTests {
    @Test(
        "boxes sort by their coarse left key at every size, ties and signs included", arguments: [0, 1, 7, 16, 17, 500, 2048, 2049, 20_000])
    func sortedByLeftSide(count: Int) {
        var rng = SplitMix64(seed: UInt64(count))
        let boxes = (0..<count).map { _ in
            // Few distinct values (ties), both signs, ±0, and wide magnitudes.
            let x: Double =
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: Double(Int.random(in: -3...3, using: &rng))
                case 1: -0.0
                case 2: Double.random(in: -1e300...1e300, using: &rng)
                default: Double.random(in: -1...1, using: &rng) * 1e-300
                }
            return BoundingBox(min: Point(x, 0), max: Point(x + 1, 1))
        }
        expectSorted(boxes)
    }

    @Test(
        "boxes already in order, in two ordered runs (a ring starting partway along) or in three come out sorted",
        arguments: [2, 3, 17, 500, 3000])
    func sortedByLeftSideWhenPresorted(count: Int) {
        // Ties every few boxes, as a comb's chains have.
        let inOrder = (0..<count).map { BoundingBox(min: Point(Double($0 / 3), 0), max: Point(Double($0 / 3) + 1, 1)) }
        expectSorted(inOrder)
        for split in [1, count / 3, count - 1] {
            expectSorted(Array(inOrder[split...] + inOrder[..<split]))
        }
        let (third, twoThirds) = (count / 3, 2 * count / 3)
        expectSorted(Array(inOrder[twoThirds...] + inOrder[third..<twoThirds] + inOrder[..<third]))
    }

    /// Checks `sortedByLeftSide` on `boxes`: every chain once, keys in order, the
    /// key monotone in x and equal to the box's.
    private func expectSorted(_ boxes: [BoundingBox]) {
        let count = boxes.count
        let order = boxes.withUnsafeBufferPointer(ChainPairs.sortedByLeftSide)
        #expect(order.count == count)
        #expect(Set(order.map { $0 & 0xFFFF_FFFF }) == Set((0..<count).map(UInt64.init)))
        for (entry, next) in zip(order, order.dropFirst()) {
            #expect(entry >> 32 <= next >> 32)
            // The key is monotone in x: a later box never starts further left.
            #expect(boxes[Int(entry & 0xFFFF_FFFF)].min.x <= boxes[Int(next & 0xFFFF_FFFF)].min.x || entry >> 32 == next >> 32)
        }
        for entry in order {
            #expect(entry >> 32 == UInt64(ChainPairs.coarseKey(boxes[Int(entry & 0xFFFF_FFFF)].min.x)))
        }
    }

    @Test("the cut gives up on a comb along its teeth, not across them, and not on a lasso")
    func depthLimit() throws {
        let comb = try Ring(Shapes.comb(count: 4_000))
        let lasso = try Ring(Shapes.lasso(count: 4_000, seed: 3))
        func chains<Axis: ChainAxis>(_ ring: Ring, _ axis: Axis.Type) -> MonotoneChains<Axis> {
            MonotoneChains<Axis>(
                ring.closedVertices, depthLimit: ContactStrategy.depthLimit(budget: 1, box: ring.boundingBox, along: axis))
        }
        let alongTeeth = chains(comb, AlongX.self)
        #expect(alongTeeth.isTooDeep && alongTeeth.chainCount == 0)
        #expect(!chains(comb, AlongY.self).isTooDeep)
        #expect(!chains(lasso, AlongX.self).isTooDeep && !chains(lasso, AlongY.self).isTooDeep)
        // Without a limit every chain is cut: two per tooth along x.
        #expect(MonotoneChains<AlongX>(comb.closedVertices).chainCount >= 2 * 999)
    }

    @Test("the coarse key never decreases as x grows")
    func coarseKeyIsMonotone() {
        var rng = SplitMix64(seed: 9)
        let xs =
            (0..<10_000).map { _ in Double.random(in: -1e6...1e6, using: &rng) } + [
                0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
            ]
        let sorted = xs.sorted()
        for (a, b) in zip(sorted, sorted.dropFirst()) {
            #expect(ChainPairs.coarseKey(a) <= ChainPairs.coarseKey(b))
        }
    }
}
