// Error-free transformations and expansion sums in the style of Shewchuk,
// "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric
// Predicates" (1997). An expansion is a sum of non-overlapping doubles in order of
// increasing magnitude; its sign is the sign of its largest component.

/// `a + b` as a rounded sum and its exact rounding error.
@inline(__always)
@usableFromInline
func twoSum(_ a: Double, _ b: Double) -> (sum: Double, error: Double) {
    let sum = a + b
    let bVirtual = sum - a
    let aVirtual = sum - bVirtual
    return (sum, (a - aVirtual) + (b - bVirtual))
}

/// `a * b` as a rounded product and its exact rounding error (one fused multiply-add).
@inline(__always)
@usableFromInline
func twoProduct(_ a: Double, _ b: Double) -> (product: Double, error: Double) {
    let product = a * b
    return (product, (-product).addingProduct(a, b))
}

/// The exact sign of `Σ aᵢ·bᵢ − Σ cⱼ·dⱼ`, for up to eight products in all.
///
/// Every product becomes two doubles without error and all of them are summed into
/// one expansion with Shewchuk's grow-expansion; zero components are dropped.
@usableFromInline
func exactSignOfProductSum(
    positive: [(Double, Double)], negative: [(Double, Double)]
) -> Int {
    withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * (positive.count + negative.count) + 1) {
        expansion in
        var length = 0
        func grow(_ term: Double) {
            guard term != 0 else { return }
            var q = term
            var out = 0
            for i in 0..<length {
                let (s, e) = twoSum(q, expansion[i])
                if e != 0 {
                    expansion[out] = e
                    out += 1
                }
                q = s
            }
            if q != 0 {
                expansion[out] = q
                out += 1
            }
            length = out
        }
        for (a, b) in positive {
            let (p, e) = twoProduct(a, b)
            grow(e)
            grow(p)
        }
        for (c, d) in negative {
            let (p, e) = twoProduct(c, d)
            grow(-e)
            grow(-p)
        }
        var i = length - 1
        while i >= 0 {
            if expansion[i] > 0 { return 1 }
            if expansion[i] < 0 { return -1 }
            i -= 1
        }
        return 0
    }
}
