/// How contacts between chains are found: the direct pairs (fast for usual rings),
/// the same along y (fast for combs whose teeth run along x), the sweep
/// (O(n log n) for any input), or each pairs path in turn with a fallback to the sweep.
enum ContactStrategy {
    case automatic
    case pairs
    case transposedPairs
    case sweep

    /// Whether the direct pairs run along `Axis`, and with which budget for `count`
    /// vertices (`nil`: not run; unlimited when the strategy is that path alone).
    func pairsBudget<Axis: ChainAxis>(along axis: Axis.Type, count: Int) -> Int? {
        let alongY = axis == AlongY.self
        switch self {
        case .automatic: return 16 * count + 256
        case .pairs: return alongY ? nil : .max
        case .transposedPairs: return alongY ? .max : nil
        case .sweep: return nil
        }
    }

    /// How deep the chains may overlap under this budget before the cut gives up
    /// (no limit when the budget is unlimited), for rings within `box`.
    static func depthLimit<Axis: ChainAxis>(budget: Int, box: BoundingBox?, along axis: Axis.Type) -> MonotoneChains<Axis>.DepthLimit? {
        guard budget != .max, let box else { return nil }
        return MonotoneChains<Axis>.DepthLimit(depth: ChainPairs.maximumActive, extent: Axis.view(box.max).x - Axis.view(box.min).x)
    }
}

extension Ring {
    /// Decides whether the ring is simple and reports the first contact found.
    ///
    /// A ring that is star-shaped around the middle of its box (most finger-drawn
    /// lassos), or monotone along x or y with its two sides apart (rooms, combs), is
    /// simple, which one pass over its edges shows (`isStarShaped(around:)`,
    /// `isMonotoneAndSimple(along:)`). Any other ring is cut into monotone chains.
    /// Usually they are few and far apart, and every pair whose boxes overlap is
    /// walked directly (`ChainPairs`). When too many
    /// chains overlap (a comb of long parallel teeth), a bounded amount of that work is
    /// abandoned for a sweep (`ChainSweep`): segments that are neighbours somewhere
    /// along the sweep are tested exactly, and two distinct vertices at one point (a
    /// pinch) are found where chain events meet. Either way contacts are decided with
    /// exact predicates, and the worst case is O(*n* log *n*).
    ///
    /// - Complexity: O(*n* log *n*) in the worst case, where *n* is the number of
    ///   vertices; O(*n*) for a star-shaped or monotone ring, and about O(*n*) for
    ///   other smooth rings, which have few chains.
    public func simplicity() -> Simplicity { simplicity(strategy: .automatic) }

    /// ``simplicity()`` with a chosen strategy, so tests can hold each path to the oracles.
    func simplicity(strategy: ContactStrategy) -> Simplicity {
        guard hasThreeDistinctPoints else { return .tooFewPoints }
        if strategy == .automatic {
            // A lasso is usually star-shaped around its middle, a room or a comb
            // monotone along x or y; one pass shows either.
            if let centre = boxCentre, isStarShaped(around: centre) { return .simple }
            if isMonotoneAndSimple(along: AlongX.self) || isMonotoneAndSimple(along: AlongY.self) { return .simple }
        }
        // Usually the chains are few and far apart: examine overlapping pairs directly,
        // along x, else along y (a comb with teeth along x has few chains across y).
        if let answer = simplicityByPairs(AlongX.self, strategy: strategy) { return answer }
        if let answer = simplicityByPairs(AlongY.self, strategy: strategy) { return answer }
        let chains = MonotoneChains<AlongX>(closedVertices)
        var sweep = ChainSweep(chains: chains, examiner: SelfContactExaminer(ring: self))
        _ = sweep.run()
        if let hit = sweep.examiner.found { return .selfIntersection(hit) }
        return .simple
    }
}

extension Ring {
    /// The answer of the direct pairs along `Axis`; `nil` when the strategy does not
    /// run them there or they give up.
    private func simplicityByPairs<Axis: ChainAxis>(_ axis: Axis.Type, strategy: ContactStrategy) -> Simplicity? {
        guard let budget = strategy.pairsBudget(along: axis, count: count) else { return nil }
        let chains = MonotoneChains<Axis>(
            closedVertices, depthLimit: ContactStrategy.depthLimit(budget: budget, box: boundingBox, along: axis))
        if chains.isTooDeep { return nil }
        var examiner = SelfContactExaminer(ring: self)
        guard ChainPairs.run(chains, examiner: &examiner, crossRingsOnly: false, budget: budget) != nil else { return nil }
        return examiner.found.map(Simplicity.selfIntersection) ?? .simple
    }
}

/// Finds forbidden contacts of one ring for ``Ring/simplicity()``.
private struct SelfContactExaminer: ChainSweepExaminer {
    let ring: Ring
    var found: SelfIntersection?

    mutating func examine(_ a: Int, _ b: Int) -> Bool {
        guard a != b, let hit = ring.contact(between: a, and: b) else { return false }
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
