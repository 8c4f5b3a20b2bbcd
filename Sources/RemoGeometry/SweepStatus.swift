/// The ordered set of segments a sweep line crosses, bottom to top (y up).
///
/// A treap over node ids `0..<capacity` (a segment's id is its node), kept in flat
/// arrays with parent links so that removal, predecessor and successor work from
/// the node itself, without comparisons. Priorities are a fixed hash of the id, so
/// the shape, and every result, is deterministic. Expected O(log *k*) per operation
/// for *k* segments in the status, whatever order they arrive in.
struct SweepStatus {
    private var left: [Int32]
    private var right: [Int32]
    private var parent: [Int32]
    private(set) var root: Int32 = -1
    static let none: Int32 = -1

    init(capacity: Int) {
        left = Array(repeating: -1, count: capacity)
        right = left
        parent = left
    }

    /// A fixed pseudo-random priority per node (SplitMix64's finaliser): ids that
    /// arrive in order still give a balanced tree.
    @inline(__always)
    private static func priority(_ node: Int32) -> UInt64 {
        var z = (UInt64(UInt32(bitPattern: node)) &+ 1) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Inserts `node`; `isBelow(t)` answers whether `node` goes below node `t`.
    @inline(__always)
    mutating func insert(_ node: Int32, isBelow: (Int32) -> Bool) {
        left[Int(node)] = -1
        right[Int(node)] = -1
        var current = root
        var above: Int32 = -1
        var asLeftChild = false
        while current != -1 {
            above = current
            if isBelow(current) {
                asLeftChild = true
                current = left[Int(current)]
            } else {
                asLeftChild = false
                current = right[Int(current)]
            }
        }
        parent[Int(node)] = above
        if above == -1 {
            root = node
            return
        }
        if asLeftChild { left[Int(above)] = node } else { right[Int(above)] = node }
        let p = Self.priority(node)
        while parent[Int(node)] != -1, Self.priority(parent[Int(node)]) < p {
            rotateUp(node)
        }
    }

    /// Inserts `node` just above `neighbour` (just below when `above` is false), which
    /// must be in the status: for callers that already know the position.
    mutating func insert(_ node: Int32, beside neighbour: Int32, above: Bool) {
        left[Int(node)] = -1
        right[Int(node)] = -1
        var attach = neighbour
        var asLeftChild = !above
        if above {
            if right[Int(attach)] != -1 {
                attach = right[Int(attach)]
                while left[Int(attach)] != -1 { attach = left[Int(attach)] }
                asLeftChild = true
            }
        } else if left[Int(attach)] != -1 {
            attach = left[Int(attach)]
            while right[Int(attach)] != -1 { attach = right[Int(attach)] }
            asLeftChild = false
        }
        parent[Int(node)] = attach
        if asLeftChild { left[Int(attach)] = node } else { right[Int(attach)] = node }
        let p = Self.priority(node)
        while parent[Int(node)] != -1, Self.priority(parent[Int(node)]) < p {
            rotateUp(node)
        }
    }

    /// Removes `node`, which must be in the status.
    mutating func remove(_ node: Int32) {
        // Rotate the node down until it has at most one child, then splice it out.
        while left[Int(node)] != -1 && right[Int(node)] != -1 {
            let l = left[Int(node)]
            let r = right[Int(node)]
            rotateUp(Self.priority(l) > Self.priority(r) ? l : r)
        }
        let child = left[Int(node)] != -1 ? left[Int(node)] : right[Int(node)]
        let up = parent[Int(node)]
        if child != -1 { parent[Int(child)] = up }
        if up == -1 {
            root = child
        } else if left[Int(up)] == node {
            left[Int(up)] = child
        } else {
            right[Int(up)] = child
        }
        parent[Int(node)] = -1
        left[Int(node)] = -1
        right[Int(node)] = -1
    }

    /// Whether `node` is in the status.
    func contains(_ node: Int32) -> Bool { parent[Int(node)] != -1 || root == node }

    /// The node just below `node`, or -1.
    func predecessor(_ node: Int32) -> Int32 {
        var n = left[Int(node)]
        if n != -1 {
            while right[Int(n)] != -1 { n = right[Int(n)] }
            return n
        }
        var child = node
        n = parent[Int(node)]
        while n != -1 && left[Int(n)] == child {
            child = n
            n = parent[Int(n)]
        }
        return n
    }

    /// The node just above `node`, or -1.
    func successor(_ node: Int32) -> Int32 {
        var n = right[Int(node)]
        if n != -1 {
            while left[Int(n)] != -1 { n = left[Int(n)] }
            return n
        }
        var child = node
        n = parent[Int(node)]
        while n != -1 && right[Int(n)] == child {
            child = n
            n = parent[Int(n)]
        }
        return n
    }

    /// Lifts `node` above its parent, keeping the in-order sequence.
    private mutating func rotateUp(_ node: Int32) {
        let p = parent[Int(node)]
        let g = parent[Int(p)]
        if left[Int(p)] == node {
            let moved = right[Int(node)]
            left[Int(p)] = moved
            if moved != -1 { parent[Int(moved)] = p }
            right[Int(node)] = p
        } else {
            let moved = left[Int(node)]
            right[Int(p)] = moved
            if moved != -1 { parent[Int(moved)] = p }
            left[Int(node)] = p
        }
        parent[Int(p)] = node
        parent[Int(node)] = g
        if g == -1 {
            root = node
        } else if left[Int(g)] == p {
            left[Int(g)] = node
        } else {
            right[Int(g)] = node
        }
    }
}
