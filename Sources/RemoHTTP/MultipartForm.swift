/// The parts of a `multipart/form-data` body (RFC 7578), by name: just what `POST
/// /v1/render` needs (named parts, bytes kept as they are).
struct MultipartForm {
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

    /// The index of the first occurrence of `needle` in `haystack` at or after `start`.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        let first = needle[0]
        var i = start
        while i <= haystack.count - needle.count {
            if haystack[i] == first && haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
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
