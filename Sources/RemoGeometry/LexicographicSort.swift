/// Sorting points in lexicographic order (x, then y; equal points keep their
/// input order), by radix on order-preserving integer keys for large inputs.
enum LexicographicSort {
    /// The indices of `points` in lexicographic order of the points, stable.
    ///
    /// - Complexity: O(*n*) radix passes (at most 8 of 16 bits, trivial ones skipped)
    ///   for large inputs; O(*n* log *n*) comparisons for small ones.
    static func indices(of points: [Point]) -> [Int32] {
        let n = points.count
        var order = [Int32](unsafeUninitializedCapacity: n) { buffer, count in
            for i in 0..<n { buffer[i] = Int32(i) }
            count = n
        }
        if n <= 256 {
            points.withUnsafeBufferPointer { p in
                order.sort { a, b in
                    let u = p[Int(a)], v = p[Int(b)]
                    if u.x != v.x { return u.x < v.x }
                    if u.y != v.y { return u.y < v.y }
                    return a < b
                }
            }
            return order
        }
        var keys = [UInt64](repeating: 0, count: n)
        var scratch = [Int32](repeating: 0, count: n)
        // Least significant first: y's digits, then x's (LSD radix is stable).
        for axis in [1, 0] {
            for i in 0..<n {
                let value = axis == 0 ? points[i].x : points[i].y
                keys[i] = orderedBits(value)
            }
            for shift in stride(from: 0, to: 64, by: 16) {
                radixPass(&order, &scratch, keys: keys, shift: UInt64(shift))
            }
        }
        return order
    }

    /// An unsigned integer with the same order as the double (−0 and +0 equal).
    @inline(__always)
    static func orderedBits(_ value: Double) -> UInt64 {
        let bits = (value + 0.0).bitPattern
        return bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
    }

    /// One stable counting pass over 16 bits of the keys, skipped when all equal.
    static func radixPass(_ order: inout [Int32], _ scratch: inout [Int32], keys: [UInt64], shift: UInt64) {
        let n = order.count
        var counts = [Int](repeating: 0, count: 1 << 16 + 1)
        keys.withUnsafeBufferPointer { k in
            counts.withUnsafeMutableBufferPointer { c in
                for i in 0..<n { c[Int((k[i] >> shift) & 0xFFFF) + 1] += 1 }
            }
        }
        if counts.contains(n) { return }  // every key has the same digit
        for d in 1..<counts.count { counts[d] += counts[d - 1] }
        order.withUnsafeBufferPointer { o in
            scratch.withUnsafeMutableBufferPointer { s in
                keys.withUnsafeBufferPointer { k in
                    counts.withUnsafeMutableBufferPointer { c in
                        for i in 0..<n {
                            let index = o[i]
                            let digit = Int((k[Int(index)] >> shift) & 0xFFFF)
                            s[c[digit]] = index
                            c[digit] += 1
                        }
                    }
                }
            }
        }
        swap(&order, &scratch)
    }
}
