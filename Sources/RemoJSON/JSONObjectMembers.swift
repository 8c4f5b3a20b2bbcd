/// The members of a JSON object, each value kept as the bytes it was written with, so that
/// a member can go on to a reader of its own (a region document inside a request, say)
/// without being built into a tree and written out again.
public struct JSONObjectMembers: Sendable {
    /// The whole object's bytes.
    public let bytes: [UInt8]
    /// Each member's key and the range of its value in ``bytes``, in the order written.
    public let members: [(key: String, value: Range<Int>)]

    /// Reads the members of the object in `bytes`, checking the syntax of the whole.
    ///
    /// - Throws: ``JSONSyntaxError`` when the bytes are not JSON, or not an object.
    public init(_ bytes: [UInt8], limits: JSONLimits = JSONLimits()) throws(JSONSyntaxError) {
        var reader = JSONReader(bytes: bytes, limits: limits)
        let kind = try reader.nextKind()
        guard kind == .object else { throw reader.error("expected an object, found \(kind.withArticle)") }
        try reader.beginObject()
        var members: [(key: String, value: Range<Int>)] = []
        while let key = try reader.nextKey() {
            _ = try reader.nextKind()  // steps over the white space before the value
            let start = reader.position
            try reader.skip()
            members.append((key, start..<reader.position))
        }
        try reader.finish()
        self.bytes = bytes
        self.members = members
    }

    /// The bytes of the value of `key` (the last, if written twice), or nil.
    public func bytes(of key: String) -> ArraySlice<UInt8>? {
        members.last { $0.key == key }.map { bytes[$0.value] }
    }

    /// The kind of the value of `key`, or nil when there is no such member.
    public func kind(of key: String) -> JSONKind? {
        guard let slice = bytes(of: key) else { return nil }
        var reader = JSONReader(bytes: Array(slice.prefix(8)))
        return try? reader.nextKind()
    }

    /// The value of `key` built as a tree (for small members), or nil.
    public func value(of key: String) -> JSONValue? {
        guard let slice = bytes(of: key) else { return nil }
        return try? JSONParser.parse(Array(slice))
    }
}
