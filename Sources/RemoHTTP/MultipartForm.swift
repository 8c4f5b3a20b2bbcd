/// The parts of a `multipart/form-data` body (RFC 7578), by name: just what `POST
/// /v1/render` needs (named parts, bytes kept as they are).
///
/// The searches are Knuth–Morris–Pratt (linear in the body whatever it holds, where a
/// naive search of a body of dashes for a long boundary of dashes took body × boundary), the
/// boundary is at most 70 characters (RFC 2046) and the parts at most ``maximumParts``, so
/// a hostile body costs a pass over its bytes.
///
/// Kept here rather than taken from vapor/multipart-kit, measured against its
/// `MultipartParser` 4.7.1 on the same bodies (release builds, this repository's 2-core
/// machine): a 36 MB render form took 0.12 s here and 0.11 s there, and 64 MB of dashes
/// for a 70-character boundary of dashes 0.30 s here and 0.60–0.68 s there; both are
/// linear. Speed is no reason either way; the reasons are what the route needs besides
/// parsing: the form is whole in memory already (bounded by `--max-body-bytes`), the parts
/// must be capped and the boundary's length refused before any search, and a body without
/// its closing delimiter must be an error, none of which the streaming parser does, so the
/// package would come with this code around it still.
struct MultipartForm {
    /// The longest boundary RFC 2046 allows.
    static let maximumBoundary = 70
    /// The most parts a form may have (the route reads two).
    static let maximumParts = 16

    /// Each part's name and bytes, in body order.
    var parts: [(name: String, bytes: [UInt8])] = []

    /// The bytes of the part called `name`.
    subscript(name: String) -> [UInt8]? { parts.first { $0.name == name }?.bytes }

    /// The boundary of a `multipart/form-data` content type, if it is one.
    static func boundary(of contentType: String) -> String? {
        let pieces = contentType.split(separator: ";").map { $0.trimmingWhitespace() }
        guard pieces.first?.lowercased() == "multipart/form-data" else { return nil }
        for piece in pieces.dropFirst() where piece.lowercased().hasPrefix("boundary=") {
            var value = piece.dropFirst("boundary=".count)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
            return value.isEmpty ? nil : String(value)
        }
        return nil
    }

    /// Parses `body`; a message saying what is wrong when it is not such a form.
    init(_ body: [UInt8], boundary: String) throws(ServiceError) {
        guard boundary.utf8.count <= Self.maximumBoundary else {
            throw ServiceError(
                .invalidMultipart,
                message: "the multipart boundary is \(boundary.utf8.count) bytes long; at most \(Self.maximumBoundary) (RFC 2046)")
        }
        let delimiter = Array("--\(boundary)".utf8)
        guard var position = Self.find(delimiter, in: body, from: 0) else {
            throw ServiceError(.invalidMultipart, message: "the multipart body has no part (boundary \(boundary) not found)")
        }
        while true {
            position += delimiter.count
            if body[position...].starts(with: Array("--".utf8)) { break }  // the closing delimiter
            guard let headersEnd = Self.find(Array("\r\n\r\n".utf8), in: body, from: position) else {
                throw ServiceError(.invalidMultipart, message: "a multipart part has no end to its headers")
            }
            let headers = String(decoding: body[position..<headersEnd], as: UTF8.self)
            let start = headersEnd + 4
            guard let next = Self.find(Array("\r\n".utf8) + delimiter, in: body, from: start) else {
                throw ServiceError(.invalidMultipart, message: "the multipart body is truncated (no closing boundary)")
            }
            guard parts.count < Self.maximumParts else {
                throw ServiceError(.invalidMultipart, message: "the form has more than \(Self.maximumParts) parts")
            }
            parts.append((Self.name(in: headers) ?? "", Array(body[start..<next])))
            position = next + 2
        }
    }

    /// The `name` parameter of a part's Content-Disposition header.
    static func name(in headers: String) -> String? {
        for line in headers.split(separator: "\r\n") where line.lowercased().hasPrefix("content-disposition:") {
            for parameter in line.split(separator: ";").dropFirst() {
                let pair = parameter.trimmingWhitespace()
                guard pair.lowercased().hasPrefix("name=") else { continue }
                var value = pair.dropFirst("name=".count)
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
                return String(value)
            }
        }
        return nil
    }

    /// The index of the first occurrence of `needle` in `haystack` at or after `start`:
    /// Knuth–Morris–Pratt, O(`haystack.count` + `needle.count`).
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, start >= 0 else { return nil }
        // fallback[k]: the length of the longest proper prefix of needle[0...k] that is
        // also its suffix.
        var fallback = [Int](repeating: 0, count: needle.count)
        var matched = 0
        for k in needle.indices.dropFirst() {
            while matched > 0 && needle[k] != needle[matched] { matched = fallback[matched - 1] }
            if needle[k] == needle[matched] { matched += 1 }
            fallback[k] = matched
        }
        matched = 0
        var i = start
        while i < haystack.count {
            while matched > 0 && haystack[i] != needle[matched] { matched = fallback[matched - 1] }
            if haystack[i] == needle[matched] { matched += 1 }
            if matched == needle.count { return i + 1 - needle.count }
            i += 1
        }
        return nil
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    func trimmingWhitespace() -> Substring {
        var s = self
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return s
    }
}
