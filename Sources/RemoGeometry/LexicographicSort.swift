/// Sorting points in lexicographic order (x, then y; equal points keep their
/// input order).
enum LexicographicSort {
    /// The indices of `points` in lexicographic order of the points, stable.
    ///
    /// Large inputs: a stable LSD radix sort on the order-preserving bits of x (8-bit
    /// digits; digits equal in every key are skipped), then runs of equal x are put in
    /// y order by insertion, which is linear when, as usual, such runs are short.
    ///
    /// - Complexity: O(*n*) for distinct x; O(*n* log *n*) comparisons for small inputs.
    static func indices(of points: UnsafeBufferPointer<Point>) -> [Int32] {
        let n = points.count
        var order = [Int32](unsafeUninitializedCapacity: n) { buffer, count in
            for i in 0..<n { buffer[i] = Int32(i) }
            count = n
        }
        @inline(__always) func before(_ a: Int32, _ b: Int32) -> Bool {
            let u = points[Int(a)]
            let v = points[Int(b)]
            if u.x != v.x { return u.x < v.x }
            if u.y != v.y { return u.y < v.y }
            return a < b
        }
        /// Insertion of element i into the sorted prefix before it.
        func insert(_ o: UnsafeMutableBufferPointer<Int32>, _ i: Int) {
            let value = o[i]
            var j = i
            while j > 0 && before(value, o[j - 1]) {
                o[j] = o[j - 1]
                j -= 1
            }
            o[j] = value
        }
        if n <= 32 {
            order.withUnsafeMutableBufferPointer { o in
                for i in 1..<max(n, 1) { insert(o, i) }
            }
            return order
        }
        if n <= 4096 {
            order.withUnsafeMutableBufferPointer { o in o.sort(by: before) }
            return order
        }
        var keys = [UInt64](unsafeUninitializedCapacity: n) { buffer, count in
            for i in 0..<n { buffer[i] = orderedBits(points[i].x) }
            count = n
        }
        var sortedKeys = keys
        var scratch = [Int32](repeating: 0, count: n)
        var scratchKeys = [UInt64](repeating: 0, count: n)
        var all: UInt64 = ~0
        var any: UInt64 = 0
        for k in keys {
            all &= k
            any |= k
        }
        let varying = all ^ any  // bits that differ between some keys
        keys.removeAll()
        for shift in stride(from: 0, to: 64, by: 8) where (varying >> UInt64(shift)) & 0xFF != 0 {
            var counts = (0..<257).map { _ in 0 }
            sortedKeys.withUnsafeBufferPointer { k in
                for i in 0..<n { counts[Int((k[i] >> UInt64(shift)) & 0xFF) + 1] += 1 }
            }
            for d in 1...256 { counts[d] += counts[d - 1] }
            order.withUnsafeBufferPointer { o in
                sortedKeys.withUnsafeBufferPointer { k in
                    scratch.withUnsafeMutableBufferPointer { s in
                        scratchKeys.withUnsafeMutableBufferPointer { sk in
                            for i in 0..<n {
                                let digit = Int((k[i] >> UInt64(shift)) & 0xFF)
                                let target = counts[digit]
                                s[target] = o[i]
                                sk[target] = k[i]
                                counts[digit] = target + 1
                            }
                        }
                    }
                }
            }
            swap(&order, &scratch)
            swap(&sortedKeys, &scratchKeys)
        }
        // Equal x: order by y (and index) by insertion within each run.
        order.withUnsafeMutableBufferPointer { o in
            for i in 1..<n where points[Int(o[i])].x == points[Int(o[i - 1])].x { insert(o, i) }
        }
        return order
    }

    /// An unsigned integer with the same order as the double (−0 and +0 equal).
    @inline(__always)
    static func orderedBits(_ value: Double) -> UInt64 {
        let bits = (value + 0.0).bitPattern
        return bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
    }
}
