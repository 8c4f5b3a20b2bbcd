/// A fixed set of object keys that a decoder dispatches on, matched against the raw
/// bytes of each key so that no string is built for keys it does not want.
package struct JSONKeyTable: Sendable {
    /// Every key's bytes, one after the other, and where each starts (plus the end).
    let bytes: [UInt8]
    let starts: [Int]
    /// Each key's first eight bytes as a little-endian word (zeros past its end), so
    /// that most keys are told apart by one comparison of length and word.
    let heads: [UInt64]
    /// The keys as given, handed out by ``JSONReader/nextKey(interning:)`` and
    /// ``JSONReader/readString(interning:)`` instead of new strings.
    package let keys: [String]
    /// An open-addressing hash of (head, length) to key position + 1 (0: empty), at
    /// most half full, so that a lookup costs about one comparison however many keys.
    let slots: [Int32]
    let shift: UInt64

    /// A table of `keys`; ``JSONReader/nextKey(in:)`` answers with their positions.
    package init(_ keys: [String]) {
        var bytes: [UInt8] = []
        var starts: [Int] = []
        for key in keys {
            starts.append(bytes.count)
            bytes += Array(key.utf8)
        }
        starts.append(bytes.count)
        self.bytes = bytes
        self.starts = starts
        let heads = keys.map { Array($0.utf8).withUnsafeBufferPointer(Self.head) }
        self.heads = heads
        self.keys = keys
        var bits: UInt64 = 2
        while 1 << bits < 2 * keys.count { bits += 1 }
        shift = 64 - bits
        var slots = [Int32](repeating: 0, count: 1 << bits)
        for i in keys.indices {
            var slot = Self.slot(head: heads[i], count: starts[i + 1] - starts[i], shift: shift)
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int32(i + 1)
        }
        self.slots = slots
    }

    /// Where a key with this head and length starts looking in ``slots``.
    @inline(__always)
    static func slot(head: UInt64, count: Int, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: ((head ^ UInt64(truncatingIfNeeded: count)) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The first (up to) eight of `key`'s bytes as a little-endian word, zeros after.
    static func head(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var word: UInt64 = 0
        for k in 0..<Swift.min(8, key.count) { word |= UInt64(key[k]) << (8 * UInt64(k)) }
        return word
    }

    /// ``head(_:)`` of the `count` bytes at `start` in `text`, in one load when eight
    /// bytes are there to read.
    @inline(__always)
    static func head(in text: UnsafeBufferPointer<UInt8>, at start: Int, count: Int) -> UInt64 {
        guard start + 8 <= text.count else { return head(UnsafeBufferPointer(rebasing: text[start..<(start + count)])) }
        let word = UInt64(littleEndian: UnsafeRawPointer(text.baseAddress! + start).loadUnaligned(as: UInt64.self))
        return count >= 8 ? word : word & ((1 &<< (8 * UInt64(count))) &- 1)
    }

    /// The eight bytes at `i` (which must be there) as one word.
    @inline(__always)
    static func word(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt64 {
        UnsafeRawPointer(p.baseAddress! + i).loadUnaligned(as: UInt64.self)
    }

    /// The position of the key with these UTF-8 bytes, or -1.
    func index(of key: UnsafeBufferPointer<UInt8>) -> Int { index(of: key, head: Self.head(key)) }

    /// The position of the key whose bytes are at `range` in `text`, or -1.
    @inline(__always)
    func index(ofBytesIn text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        index(of: UnsafeBufferPointer(rebasing: text[range]), head: Self.head(in: text, at: range.lowerBound, count: range.count))
    }

    /// The position of the key with these UTF-8 bytes and this ``head(_:)``, or -1.
    @inline(__always)
    func index(of key: UnsafeBufferPointer<UInt8>, head: UInt64) -> Int {
        bytes.withUnsafeBufferPointer { b in
            starts.withUnsafeBufferPointer { s in
                heads.withUnsafeBufferPointer { h in
                    slots.withUnsafeBufferPointer { slots in
                        var slot = Self.slot(head: head, count: key.count, shift: shift)
                        while slots[slot] != 0 {
                            let i = Int(slots[slot]) - 1
                            if h[i] == head && s[i + 1] - s[i] == key.count {
                                // Same length and first eight bytes: compare the rest eight
                                // at a time, the last eight (overlapping) for what is left.
                                var j = 8
                                while j + 8 < key.count && Self.word(b, at: s[i] + j) == Self.word(key, at: j) { j += 8 }
                                if key.count <= 8
                                    || (j + 8 >= key.count && Self.word(b, at: s[i + 1] - 8) == Self.word(key, at: key.count - 8))
                                {
                                    return i
                                }
                            }
                            slot = (slot + 1) & (slots.count - 1)
                        }
                        return -1
                    }
                }
            }
        }
    }
}

extension JSONReader {
    /// What the fast path of ``nextKeyMatch(in:range:parsed:)`` found.
    enum FastKey {
        /// The closing brace; the position after it.
        case close(after: Int)
        /// A key: its position in the table (-1: not there), its bytes, the position after its colon.
        case key(index: Int, bytes: Range<Int>, after: Int)
    }

    /// The next key of the current object as its position in `table` (-1 for a key
    /// not in it), or `nil` after consuming the closing brace. Like ``nextKey()``,
    /// with the same errors, but without building a string for the key.
    package mutating func nextKey(in table: JSONKeyTable) throws(JSONSyntaxError) -> Int? {
        var range = 0..<0
        var parsed: String? = nil
        return try nextKeyMatch(in: table, range: &range, parsed: &parsed)
    }

    /// The next key of the current object, or `nil` after consuming the closing brace,
    /// like ``nextKey()``; a key in `table` (a known vocabulary) is the table's string,
    /// not a new one.
    package mutating func nextKey(interning table: JSONKeyTable) throws(JSONSyntaxError) -> String? {
        var range = 0..<0
        var parsed: String? = nil
        guard let index = try nextKeyMatch(in: table, range: &range, parsed: &parsed) else { return nil }
        if index >= 0 { return table.keys[index] }
        // Checked as UTF-8 already.
        return parsed ?? String(decoding: bytes[range], as: UTF8.self)
    }

    /// The next value, a string (the caller has seen ``JSONKind/string``), like
    /// ``readString()``; one in `table` (a known vocabulary) is the table's string, not
    /// a new one.
    package mutating func readString(interning table: JSONKeyTable) throws(JSONSyntaxError) -> String {
        skipWhitespace()
        let start = position + 1
        let end = bytes.withUnsafeBufferPointer { Self.plainEnd($0, from: start) }
        if end < bytes.count && bytes[end] == UInt8(ascii: "\"") {
            let index = bytes.withUnsafeBufferPointer { table.index(ofBytesIn: $0, start..<end) }
            if index >= 0 {
                position = end + 1
                return table.keys[index]
            }
        }
        return try parseString()
    }

    /// Reads `{"name": {}}`, the way `JSONEncoder` writes an enum case without associated
    /// values, when the name is in `table`: its position there, with the reader after
    /// the closing brace. Nil, with the reader where it was, for anything else (another
    /// shape, a name not in the table, a syntax error), to be read the general way.
    package mutating func readEmptyCase(in table: JSONKeyTable) -> Int? {
        guard depth + 2 <= limits.maximumDepth else { return nil }
        let from = position
        let found: (index: Int, after: Int)? = bytes.withUnsafeBufferPointer { p in
            func expect(_ c: UInt8, _ i: inout Int) -> Bool { Self.expect(c, p, &i) }
            var i = from
            guard expect(UInt8(ascii: "{"), &i), expect(UInt8(ascii: "\""), &i) else { return nil }
            let nameStart = i
            let nameEnd = Self.plainEnd(p, from: nameStart, nonASCII: true)
            guard nameEnd < p.count && p[nameEnd] == UInt8(ascii: "\"") else { return nil }
            i = nameEnd + 1
            guard expect(UInt8(ascii: ":"), &i), expect(UInt8(ascii: "{"), &i), expect(UInt8(ascii: "}"), &i),
                expect(UInt8(ascii: "}"), &i)
            else { return nil }
            let index = table.index(ofBytesIn: p, nameStart..<nameEnd)
            return index < 0 ? nil : (index, i)
        }
        guard let found else { return nil }
        position = found.after
        return found.index
    }

    /// Reads the next key and its colon: its position in `table` (-1 when not in it),
    /// or `nil` after consuming the closing brace. Sets `range` to where its bytes are
    /// and `parsed` to the key itself when it had to be built (escapes).
    @inline(__always)
    mutating func nextKeyMatch(
        in table: JSONKeyTable, range: inout Range<Int>, parsed: inout String?
    ) throws(JSONSyntaxError) -> Int? {
        // Fast path, in one go: the closing brace, or the comma (unless first), an ASCII
        // key without escapes and its colon. Anything else (errors too) the general way.
        let from = position
        let first = pendingFirst
        let fast: FastKey? = bytes.withUnsafeBufferPointer { p in
            var i = Self.whitespaceEnd(p, from: from)
            guard i < p.count else { return nil }
            if p[i] == UInt8(ascii: "}") { return .close(after: i + 1) }
            if !first {
                guard p[i] == UInt8(ascii: ",") else { return nil }
                i = Self.whitespaceEnd(p, from: i + 1)
            }
            guard i < p.count && p[i] == UInt8(ascii: "\"") else { return nil }
            let keyStart = i + 1
            let keyEnd = Self.plainEnd(p, from: keyStart, nonASCII: true)
            guard keyEnd < p.count && p[keyEnd] == UInt8(ascii: "\"") else { return nil }
            i = Self.whitespaceEnd(p, from: keyEnd + 1)
            guard i < p.count && p[i] == UInt8(ascii: ":") else { return nil }
            return .key(index: table.index(ofBytesIn: p, keyStart..<keyEnd), bytes: keyStart..<keyEnd, after: i + 1)
        }
        switch fast {
        case .close(let after)?:
            position = after
            pendingFirst = false
            depth -= 1
            return nil
        case .key(let index, let bytes, let after)?:
            position = after
            pendingFirst = false
            range = bytes
            return index
        case nil: break
        }
        guard try beforeKey() else { return nil }
        position += 1
        let start = position
        // Fast path: a key without escapes is matched in place.
        position = bytes.withUnsafeBufferPointer { Self.plainEnd($0, from: start) }
        let index: Int
        var end = start
        if position < bytes.count && bytes[position] == UInt8(ascii: "\"") {
            end = position
            position += 1
            index = bytes.withUnsafeBufferPointer { table.index(ofBytesIn: $0, start..<end) }
            guard index >= 0 || bytes.withUnsafeBufferPointer({ Self.isValidUTF8(UnsafeBufferPointer(rebasing: $0[start..<end])) }) else {
                throw error("invalid UTF-8 in a string", at: start)
            }
        } else {
            position = start - 1
            let key = try parseString()
            index = Array(key.utf8).withUnsafeBufferPointer { table.index(of: $0) }
            parsed = key
        }
        try afterKey(parsed, at: start..<end)
        range = start..<end
        return index
    }
}
