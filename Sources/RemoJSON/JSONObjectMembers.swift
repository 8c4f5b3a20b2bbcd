/// The members of a JSON object, each value kept as the bytes it was written with, so that
/// a member can go on to a reader of its own (a region document inside a request, say)
/// without being built into a tree and written out again.
public struct JSONObjectMembers: Sendable {
    /// The whole object's bytes.
    public let bytes: [UInt8]
    /// Each member's key and the range of its value in ``bytes``, in the order written.
    public let members: [(key: String, value: Range<Int>)]

    /// Why the bytes are not an object's.
    public enum Failure: Error, Sendable {
        /// The bytes are not JSON.
        case notJSON(JSONSyntaxError)
        /// The bytes are JSON of another kind.
        case notAnObject(JSONKind)
    }

    /// Reads the members of the object in `bytes`, checking the syntax of the whole.
    ///
    /// - Throws: ``Failure``: the bytes are not JSON, or not an object.
    public init(_ bytes: [UInt8], limits: JSONLimits = JSONLimits()) throws(Failure) {
        var reader = JSONReader(bytes: bytes, limits: limits)
        var members: [(key: String, value: Range<Int>)] = []
        let kind: JSONKind
        do { kind = try reader.nextKind() } catch { throw .notJSON(error) }
        do throws(JSONSyntaxError) {
            if kind == .object {
                try reader.beginObject()
                while let key = try reader.nextKey() {
                    _ = try reader.nextKind()  // steps over the white space before the value
                    let start = reader.position
                    try reader.skip()
                    members.append((key, start..<reader.position))
                }
            } else {
                try reader.skip()  // of another kind only when it is valid JSON at all
            }
            try reader.finish()
        } catch {
            throw .notJSON(error)
        }
        guard kind == .object else { throw .notAnObject(kind) }
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
