import Foundation

/// The cases of a GEOS XML tester file (the geos-xml corpus), read with plain
/// string scanning: each case's description, geometries A and B, and its ops.
public struct GEOSXMLCase: Sendable {
    public struct Operation: Sendable {
        public var name: String
        public var arg1: String
        public var arg2: String?
        public var arg3: String?
        public var expected: String
    }

    public var file: String
    public var index: Int
    public var description: String
    public var a: String
    public var b: String?
    public var operations: [Operation]

    /// Every case in the named file.
    public static func load(_ file: String) throws -> [GEOSXMLCase] {
        let text = try TestData.text(.geosXML, file)
        var cases: [GEOSXMLCase] = []
        for (index, chunk) in text.components(separatedBy: "<case>").dropFirst().enumerated() {
            let body = chunk.components(separatedBy: "</case>")[0]
            func element(_ tag: String) -> String? {
                guard let start = body.range(of: "<\(tag)>"), let end = body.range(of: "</\(tag)>", range: start.upperBound..<body.endIndex)
                else { return nil }
                return String(body[start.upperBound..<end.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard let a = element("a") else { continue }
            var operations: [Operation] = []
            for opChunk in body.components(separatedBy: "<op ").dropFirst() {
                guard let close = opChunk.range(of: ">"), let end = opChunk.range(of: "</op>") else { continue }
                let attributes = String(opChunk[..<close.lowerBound])
                func attribute(_ name: String) -> String? {
                    guard let r = attributes.range(of: name + "=\"") else { return nil }
                    let rest = attributes[r.upperBound...]
                    guard let q = rest.firstIndex(of: "\"") else { return nil }
                    return String(rest[..<q])
                }
                operations.append(
                    Operation(
                        name: attribute("name") ?? "", arg1: attribute("arg1") ?? "A", arg2: attribute("arg2"),
                        arg3: attribute("arg3"),
                        expected: String(opChunk[close.upperBound..<end.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)))
            }
            cases.append(
                GEOSXMLCase(file: file, index: index, description: element("desc") ?? "", a: a, b: element("b"), operations: operations))
        }
        return cases
    }
}
