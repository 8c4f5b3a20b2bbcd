import RemoGeometry

/// What the validator found about one region.
public struct RegionReport: Hashable, Sendable {
    /// The region's identifier.
    public var id: String
    /// The region's chip number.
    public var number: Int
    /// No error finding about this region (document findings aside).
    public var valid: Bool
    /// The area in square pixels, for a simple ring; `nil` when not meaningful.
    public var area: Double?
    /// ``area`` over the image area.
    public var areaFraction: Double?
    /// The direction on screen, for a simple ring.
    public var orientation: Orientation?
    /// The number of vertices after normalisation.
    public var vertexCount: Int
    /// The findings about this region.
    public var findings: [Finding]
    /// The normalised ring, when the coordinates could be read (for chips and overlap).
    public var ring: Ring?
}

/// The result of validating one region document.
public struct ValidationReport: Hashable, Sendable {
    /// No error finding anywhere (chip warnings do not count).
    public var valid: Bool
    /// The image the document annotates.
    public var image: ImageSize
    /// One report per region, in document order.
    public var regions: [RegionReport]
    /// Document-level findings: overlaps, numbering, region count, chip warnings.
    public var findings: [Finding]
    /// One chip per region that has points, in document order; none for a document
    /// with more regions than allowed.
    public var chips: [Chip]
}

/// Checks region documents against ``LassoRules``.
///
/// Every rule is evaluated independently: a region out of bounds is still checked
/// for self-intersection, and every pair of simple regions is checked for overlap
/// whatever else fails.
public struct LassoValidator: Sendable {
    /// The rules applied.
    public var rules: LassoRules

    /// A validator for the given rules.
    public init(rules: LassoRules = LassoRules()) {
        self.rules = rules
    }

    /// Validates a document and places its chips.
    ///
    /// A document with more regions than ``LassoRules/maximumRegions`` (or more than
    /// ``ChipPlacer/maximumChips``) gets no chips: every chip is measured against every
    /// region and every other chip, and such a document cannot be sent on anyway.
    ///
    /// - Complexity: O(*n* log *n*) in the total number of points for a document within
    ///   the region limit, plus the relation tests of the pairs whose boxes meet (see
    ///   `RegionOverlaps`); chip placement is bounded by
    ///   ``ChipPlacer/candidateBudget`` candidates per chip.
    public func validate(_ document: RegionDocument) -> ValidationReport {
        let reports = document.regions.map { check($0, in: document.image) }
        var findings: [Finding] = []
        findings += documentFindings(document)
        let overRegionLimit = document.regions.count > rules.maximumRegions
        let overlaps = RegionOverlaps(reports, budget: overRegionLimit ? RegionOverlaps.workBudget : nil)
        if overRegionLimit && !overlaps.complete && overlaps.findings.count < RegionOverlaps.maximumFindings,
            let i = findings.firstIndex(where: { $0.code == .tooManyRegions })
        {
            findings[i].message +=
                "; overlap was checked for the first \(overlaps.pairsTested) pairs of regions whose boxes meet, and no further"
        }
        findings += overlaps.findings
        var chips: [Chip] = []
        if !overRegionLimit && document.regions.count <= ChipPlacer.maximumChips {
            let placement = ChipPlacer().place(document, rings: reports.map(\.ring))
            chips = placement.chips
            findings += placement.warnings
        }
        let valid = reports.allSatisfy(\.valid) && !findings.contains { $0.code.isError }
        return ValidationReport(valid: valid, image: document.image, regions: reports, findings: findings, chips: chips)
    }

    /// The document-level rules: region count, duplicate ids, numbering.
    func documentFindings(_ document: RegionDocument) -> [Finding] {
        var findings: [Finding] = []
        let regions = document.regions
        if regions.count > rules.maximumRegions {
            findings.append(
                Finding(
                    code: .tooManyRegions,
                    message: "\(regions.count) regions; at most \(rules.maximumRegions) are allowed", count: regions.count))
        }
        // A few regions (the usual case) are compared pairwise, without hashing.
        let idsRepeat =
            regions.count > 8 || regions.indices.contains { i in regions[(i + 1)...].contains { $0.id == regions[i].id } }
        if idsRepeat {
            var seen: [String: Int] = [:]
            for r in regions { seen[r.id, default: 0] += 1 }
            for (id, count) in seen.sorted(by: { $0.key < $1.key }) where count > 1 {
                findings.append(
                    Finding(code: .duplicateId, message: "the id \"\(id)\" is used by \(count) regions", regions: [id], count: count))
            }
        }
        let numbers = regions.map(\.number)
        if !Self.numbersRunFromOne(numbers) {
            findings.append(
                Finding(
                    code: .badNumbering,
                    message:
                        "region numbers are \(numbers.map(String.init).joined(separator: ", ")); they must be 1 to \(regions.count), each once",
                    regions: regions.map(\.id)))
        }
        return findings
    }

    /// Whether `numbers` are 1 to their count, each once, in any order.
    static func numbersRunFromOne(_ numbers: [Int]) -> Bool {
        guard numbers.count <= 64 else { return numbers.sorted() == Array(stride(from: 1, through: numbers.count, by: 1)) }
        var seen: UInt64 = 0
        for k in numbers {
            guard k >= 1 && k <= numbers.count else { return false }
            seen |= 1 << UInt64(k - 1)
        }
        return seen.nonzeroBitCount == numbers.count
    }

    /// The region-level rules.
    func check(_ region: Region, in image: ImageSize) -> RegionReport {
        var report = RegionReport(
            id: region.id, number: region.number, valid: true, area: nil, areaFraction: nil, orientation: nil, vertexCount: 0,
            findings: [], ring: nil)
        var findings: [Finding] = []
        let given = region.givenPointCount
        if given > rules.maximumPoints {
            findings.append(
                Finding(
                    code: .tooManyPoints, message: "\(given) points; at most \(rules.maximumPoints) are allowed", region: region.id,
                    count: given))
        }
        // The ring checks every coordinate and measures the box as it is built; the
        // points are scanned one by one only to name the bad or outside ones.
        var ring: Ring? = nil
        var firstInvalid: (Int, Point)? = nil
        if given <= rules.maximumPoints {
            do throws(RingError) {
                ring = try Ring(region.points)
            } catch {
                switch error {
                case .invalidCoordinate(let index, _, _): firstInvalid = (index, region.points[index])
                }
            }
        }
        var outside: [Int] = []
        let scan: Bool
        if let ring {
            scan = rules.requireInBounds && !(ring.boundingBox.map { image.contains($0.min) && image.contains($0.max) } ?? true)
        } else {
            scan = true
        }
        if scan {
            region.points.withUnsafeBufferPointer { points in
                for i in points.indices {
                    let p = points[i]
                    if !CoordinateRange.accepts(p) {
                        if firstInvalid == nil { firstInvalid = (i, p) }
                        continue
                    }
                    if rules.requireInBounds && !image.contains(p) { outside.append(i) }
                }
            }
        }
        if let (i, p) = firstInvalid {
            let problem = CoordinateRange.problem(with: p.x) ?? CoordinateRange.problem(with: p.y) ?? .notANumber
            findings.append(
                Finding(
                    code: .invalidCoordinate, message: "point \(i) has a coordinate that is \(problem)", region: region.id, indices: [i]))
        }
        if let first = outside.first {
            let p = region.points[first]
            findings.append(
                Finding(
                    code: .outOfBounds,
                    message:
                        "\(outside.count) point\(outside.count == 1 ? " lies" : "s lie") outside the \(image.width.messageText) × \(image.height.messageText) image, the first is point \(first) at (\(p.x.messageText), \(p.y.messageText))",
                    region: region.id, indices: [first], point: p, count: outside.count))
        }
        // Geometry, when the points can be computed on and are within the limit.
        if let ring {
            report.ring = ring
            report.vertexCount = ring.count
            switch ring.simplicity() {
            case .tooFewPoints:
                // Consecutive vertices differ, so a ring of three or more has two.
                let distinct = Swift.min(ring.count, 2)
                findings.append(
                    Finding(
                        code: .tooFewPoints,
                        message: "only \(distinct) distinct point\(distinct == 1 ? "" : "s"); a region needs at least 3",
                        region: region.id, count: distinct))
            case .selfIntersection(let hit):
                findings.append(
                    Finding(
                        code: .selfIntersection,
                        message:
                            "the outline crosses itself: the edges starting at points \(hit.firstEdge) and \(hit.secondEdge) \(Self.verb(hit.kind)) at (\(hit.point.x.messageText), \(hit.point.y.messageText))",
                        region: region.id, indices: [hit.firstEdge, hit.secondEdge], point: hit.point))
            case .simple:
                let (area, orientation) = ring.areaAndOrientationOfSimpleRing
                report.area = area
                report.areaFraction = area / image.area
                report.orientation = orientation
                if area / image.area < rules.minimumAreaFraction {
                    findings.append(
                        Finding(
                            code: .tooSmall,
                            message:
                                "covers \(Self.percent(area / image.area)) of the image; at least \(Self.percent(rules.minimumAreaFraction)) is needed",
                            region: region.id))
                }
            }
        }
        report.findings = findings
        report.valid = !findings.contains { $0.code.isError }
        return report
    }

    static func verb(_ kind: SelfIntersection.Kind) -> String {
        switch kind {
        case .crossing: return "cross"
        case .touching: return "touch"
        case .overlapping: return "run over each other"
        }
    }

    static func percent(_ fraction: Double) -> String {
        let p = fraction * 100
        guard p.isFinite, p.magnitude < 1e15 else { return "\(p)%" }
        if p >= 10 || p == p.rounded() { return "\(Int(p.rounded()))%" }
        return "\(p.messageText)%"
    }
}
