/// How contacts between chains are found: the direct pairs (fast for usual rings),
/// the sweep (O(n log n) for any input), or pairs with a fallback to the sweep.
enum ContactStrategy {
    case automatic
    case pairs
    case sweep
}

extension Ring {
    /// Decides whether the ring is simple and reports the first contact found.
    ///
    /// The ring is cut into monotone chains. Usually they are few and far apart, and
    /// every pair whose boxes overlap is walked directly (`ChainPairs`). When too many
    /// chains overlap (a comb of long parallel teeth), a bounded amount of that work is
    /// abandoned for a sweep (`ChainSweep`): segments that are neighbours somewhere
    /// along the sweep are tested exactly, and two distinct vertices at one point (a
    /// pinch) are found where chain events meet. Either way contacts are decided with
    /// exact predicates, and the worst case is O(*n* log *n*).
    ///
    /// - Complexity: O(*n* log *n*) in the worst case, where *n* is the number of
    ///   vertices; about O(*n*) for a smooth lasso, which has few chains.
    public func simplicity() -> Simplicity { simplicity(strategy: .automatic) }

    /// ``simplicity()`` with a chosen strategy, so tests can hold each path to the oracles.
    func simplicity(strategy: ContactStrategy) -> Simplicity {
        guard count >= 3 else { return .tooFewPoints }
        let chains = MonotoneChains(vertices)
        // Usually the chains are few and far apart: examine overlapping pairs directly.
        var examiner = SelfContactExaminer(ring: self, chains: chains)
        let budget = strategy == .pairs ? Int.max : 16 * count + 256
        if strategy != .sweep, ChainPairs.run(chains, examiner: &examiner, crossRingsOnly: false, budget: budget) != nil {
            return examiner.found.map(Simplicity.selfIntersection) ?? .simple
        }
        var sweep = ChainSweep(chains: chains, examiner: SelfContactExaminer(ring: self, chains: chains))
        _ = sweep.run()
        if let hit = sweep.examiner.found { return .selfIntersection(hit) }
        return .simple
    }
}

/// Finds forbidden contacts of one ring for ``Ring/simplicity()``.
private struct SelfContactExaminer: ChainSweepExaminer {
    let ring: Ring
    let chains: MonotoneChains
    var found: SelfIntersection?

    mutating func examine(_ a: Int, _ b: Int) -> Bool {
        let ea = chains.edge(at: a)
        let eb = chains.edge(at: b)
        guard ea != eb, let hit = ring.contact(between: ea, and: eb) else { return false }
        found = hit
        return true
    }

    mutating func examineEvents(at q: Point, vertices: [Int32]) -> Bool {
        guard vertices.count > 1 else { return false }
        // Two distinct vertices at one point: the edges leaving them touch there.
        found = SelfIntersection(
            edges: ring.inputIndices[Int(vertices[0])], ring.inputIndices[Int(vertices[1])], point: q, kind: .touching)
        return true
    }
}
