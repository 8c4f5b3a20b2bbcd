// Flat arrays of numbers (transforms, corners, points) read in one pass.
extension JSONReader {
    /// Reads a flat array of numbers, `[a, b, …]`, into `buffer` in one pass: how many
    /// were read. Returns nil, with the reader where it was, at anything else (another
    /// shape, more than `buffer.count` numbers, a syntax error), for the caller to read
    /// the general way. Short arrays (a corner, a transform) need no allocation.
    package mutating func readNumbers(into buffer: UnsafeMutableBufferPointer<Double>) -> Int? {
        skipWhitespace()
        guard depth + 1 <= limits.maximumDepth else { return nil }
        var count = 0
        let start = position
        let end: Int? = bytes.withUnsafeBufferPointer { p in
            Self.scanArray(p, from: start) { i in
                guard count < buffer.count, let value = Self.number(p, &i) else { return false }
                buffer[count] = value
                count += 1
                return true
            }
        }
        guard let end else { return nil }
        position = end
        return count
    }

    /// Reads an array of two-number arrays, `[[x, y], …]`, in one pass: the numbers of
    /// the first `keep` pairs, and how many pairs there were. Returns nil, with the reader
    /// where it was, at anything else (another shape, a syntax error), so that the caller
    /// can read the array the general way and report the problem with its path.
    package mutating func readNumberPairs(keep: Int) -> (values: [Double], count: Int)? {
        skipWhitespace()
        guard depth + 2 <= limits.maximumDepth else { return nil }
        var values: [Double] = []
        var pairs = 0
        let start = position
        let end: Int? = bytes.withUnsafeBufferPointer { p in
            Self.scanArray(p, from: start) { i in
                guard Self.expect(UInt8(ascii: "["), p, &i), let x = Self.number(p, &i), Self.expect(UInt8(ascii: ","), p, &i),
                    let y = Self.number(p, &i), Self.expect(UInt8(ascii: "]"), p, &i)
                else { return false }
                if pairs < keep {
                    values.append(x)
                    values.append(y)
                }
                pairs += 1
                return true
            }
        }
        guard let end else { return nil }
        position = end
        return (values, pairs)
    }

    /// Scans an array at `start` whose elements `element` reads (from the position it is
    /// given, which it advances; `false` for anything else): the position after the closing
    /// bracket, or nil when the array is not of that shape.
    @inline(__always)
    static func scanArray(_ p: UnsafeBufferPointer<UInt8>, from start: Int, element: (inout Int) -> Bool) -> Int? {
        var i = start
        guard expect(UInt8(ascii: "["), p, &i) else { return nil }
        i = whitespaceEnd(p, from: i)
        if i < p.count && p[i] == UInt8(ascii: "]") { return i + 1 }
        while true {
            guard element(&i) else { return nil }
            i = whitespaceEnd(p, from: i)
            guard i < p.count else { return nil }
            if p[i] == UInt8(ascii: "]") { return i + 1 }
            guard p[i] == UInt8(ascii: ",") else { return nil }
            i += 1
        }
    }

    /// After white space at `i`, the character `c` (consumed), or false.
    @inline(__always)
    static func expect(_ c: UInt8, _ p: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Bool {
        i = whitespaceEnd(p, from: i)
        guard i < p.count && p[i] == c else { return false }
        i += 1
        return true
    }

    /// After white space at `i`, a number (consumed), or nil.
    @inline(__always)
    static func number(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Double? {
        i = whitespaceEnd(p, from: i)
        if let (value, end) = plainNumber(p, from: i) {
            i = end
            return value
        }
        var problem = NumberProblem()
        guard let (value, end) = scanNumber(p, from: i, problem: &problem) else { return nil }
        i = end
        return value
    }
}
