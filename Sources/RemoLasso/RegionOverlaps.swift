import RemoGeometry

/// The overlap rule over a document's regions, with its work bounded by a documented
/// function of the input rather than by the square of the region count.
///
/// Only pairs whose bounding boxes meet can overlap, and a sweep over the boxes (sorted
/// by their left side) finds exactly those pairs; each is decided by
/// ``RemoGeometry/Ring/relation(to:)``, O((*m* + *n*) log(*m* + *n*)) for rings of *m*
/// and *n* points. Two limits keep hostile documents cheap:
/// - at most ``maximumFindings`` overlaps are reported (600 copies of one square would
///   otherwise print 179,700 findings); the check stops at the next one, and the last
///   reported finding says so;
/// - a document with more regions than the rules allow (already invalid) has its pairs
///   checked until ``workBudget`` points have been examined; within the region limit
///   every pair whose boxes meet is checked.
struct RegionOverlaps {
    /// The most overlap findings a document gets.
    static let maximumFindings = 16
    /// Points examined (the two rings' sizes summed over the pairs tested) before the
    /// check stops in a document over the region limit: about a second of relation tests.
    static let workBudget = 8_000_000

    /// The findings, in the order of the regions' indices.
    var findings: [Finding] = []
    /// Pairs whose boxes meet and whose rings were related.
    var pairsTested = 0
    /// The two rings' sizes, summed over the pairs tested.
    var pointsExamined = 0
    /// Whether every pair whose boxes meet was decided (no limit cut the check short).
    var complete = true
    /// Whether an overlap past ``maximumFindings`` was found (and not reported).
    var capped = false

    /// Checks every pair of simple regions in `reports` (those with an area).
    ///
    /// - Parameter budget: The points to examine before stopping (``workBudget`` for a
    ///   document over the region limit), or `nil` for no limit.
    init(_ reports: [RegionReport], budget: Int?) {
        let simple: [(index: Int, ring: Ring, box: BoundingBox)] = reports.indices.compactMap { i in
            guard reports[i].area != nil, let ring = reports[i].ring, let box = ring.boundingBox else { return nil }
            return (i, ring, box)
        }
        let order = simple.indices.sorted { (simple[$0].box.min.x, simple[$0].index) < (simple[$1].box.min.x, simple[$1].index) }
        var found: [(Int, Int)] = []
        var active: [Int] = []
        sweep: for k in order {
            let box = simple[k].box
            active.removeAll { simple[$0].box.max.x < box.min.x }
            for other in active where simple[other].box.min.y <= box.max.y && box.min.y <= simple[other].box.max.y {
                if let budget, pointsExamined >= budget {
                    complete = false
                    break sweep
                }
                pairsTested += 1
                pointsExamined += simple[k].ring.count + simple[other].ring.count
                guard simple[k].ring.relation(to: simple[other].ring) == .overlapping else { continue }
                if found.count == Self.maximumFindings {
                    capped = true
                    complete = false
                    break sweep
                }
                let (a, b) = (simple[other].index, simple[k].index)
                found.append((min(a, b), max(a, b)))
            }
            active.append(k)
        }
        findings = found.sorted { $0 < $1 }.map { i, j in
            let (p, q) = (reports[i].id, reports[j].id)
            return Finding(code: .overlap, message: "regions \(p) and \(q) overlap: their insides share some area", regions: [p, q])
        }
        if capped {
            findings[findings.count - 1].message += "; more regions overlap, but at most \(Self.maximumFindings) overlaps are reported"
        }
    }
}
