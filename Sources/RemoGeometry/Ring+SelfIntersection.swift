extension Ring {
    /// Decides whether the ring is simple and reports the first contact found.
    ///
    /// The ring is cut into monotone chains and swept (see `ChainSweep`): segments
    /// that are neighbours somewhere along the sweep are tested exactly, and two
    /// distinct vertices at one point (a pinch) are found where chain events meet.
    /// A comb of long parallel teeth costs O(*n* log *n*) like any other input.
    ///
    /// - Complexity: O(*n* log *n*) in the worst case, where *n* is the number of
    ///   vertices; about O(*n*) for a smooth lasso, which has few chains.
    public func simplicity() -> Simplicity {
        guard count >= 3 else { return .tooFewPoints }
        let chains = MonotoneChains(vertices)
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
