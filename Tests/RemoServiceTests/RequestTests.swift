import Foundation
import RemoJSON
import RemoLasso
import RemoRender
import RemoRoom
import RemoService
import RemoTestSupport
import Testing

/// The request types read every front end's options by one code path: the same values
/// give the same request from the command line, a query string and an activity's options,
/// and the same bad value is refused with the same words, naming the option as each front
/// end spells it.
@Suite("Requests")
struct RequestTests {
    /// A parameter, a value each source would carry for it, and the request that results.
    struct Case: Sendable {
        var parameter: Parameter
        var text: String
        var json: JSONValue
        var read: @Sendable (any ParameterSource) throws -> AnyHashable
    }

    static func render(_ source: any ParameterSource) throws -> AnyHashable { try RenderRequest(source) }
    static func mask(_ source: any ParameterSource) throws -> AnyHashable { try MaskRequest(source) }
    static func simplify(_ source: any ParameterSource) throws -> AnyHashable { try SimplifyRequest(source) }
    static func validate(_ source: any ParameterSource) throws -> AnyHashable { try ValidateRequest(source) }
    static func room(_ source: any ParameterSource) throws -> AnyHashable { try RoomRequest(source) }

    static let good: [Case] = [
        Case(parameter: RenderRequest.strokeWidthParameter, text: "5.5", json: .number(5.5), read: render),
        Case(parameter: RenderRequest.scaleParameter, text: "auto", json: .string("auto"), read: render),
        Case(parameter: RenderRequest.scaleParameter, text: "20", json: .number(20), read: render),
        Case(parameter: RenderRequest.chipsParameter, text: "false", json: .bool(false), read: render),
        Case(parameter: RenderRequest.compressionParameter, text: "small", json: .string("small"), read: render),
        Case(parameter: MaskRequest.regionParameter, text: "sofa", json: .string("sofa"), read: mask),
        Case(parameter: MaskRequest.styleParameter, text: "white-on-black", json: .string("white-on-black"), read: mask),
        Case(parameter: MaskRequest.featherParameter, text: "200", json: .number(200), read: mask),
        Case(parameter: MaskRequest.growParameter, text: "2.5", json: .number(2.5), read: mask),
        Case(parameter: MaskRequest.compressionParameter, text: "default", json: .string("default"), read: mask),
        Case(parameter: SimplifyRequest.maxPointsParameter, text: "3", json: .number(3), read: simplify),
        Case(parameter: SimplifyRequest.toleranceParameter, text: "0.25", json: .number(0.25), read: simplify),
        Case(parameter: ValidateRequest.maxRegionsParameter, text: "0", json: .number(0), read: validate),
        Case(parameter: ValidateRequest.minAreaFractionParameter, text: "1", json: .number(1), read: validate),
        Case(parameter: ValidateRequest.maxPointsParameter, text: "1000", json: .number(1000), read: validate),
        Case(parameter: RoomRequest.formatParameter, text: "room-dimensions", json: .string("room-dimensions"), read: room),
    ]

    static let bad: [Case] = [
        Case(parameter: RenderRequest.strokeWidthParameter, text: "100", json: .number(100), read: render),
        Case(parameter: RenderRequest.strokeWidthParameter, text: "0", json: .number(0), read: render),
        Case(parameter: RenderRequest.strokeWidthParameter, text: "nan", json: .string("3"), read: render),
        Case(parameter: RenderRequest.scaleParameter, text: "20.5", json: .number(20.5), read: render),
        Case(parameter: RenderRequest.scaleParameter, text: "automatic", json: .string("automatic"), read: render),
        Case(parameter: RenderRequest.chipsParameter, text: "yes", json: .string("true"), read: render),
        Case(parameter: RenderRequest.compressionParameter, text: "best", json: .string("best"), read: render),
        Case(parameter: MaskRequest.styleParameter, text: "black", json: .string("black"), read: mask),
        Case(parameter: MaskRequest.featherParameter, text: "200.01", json: .number(200.01), read: mask),
        Case(parameter: MaskRequest.growParameter, text: "-1", json: .number(-1), read: mask),
        Case(parameter: MaskRequest.compressionParameter, text: "zip", json: .bool(true), read: mask),
        Case(parameter: SimplifyRequest.maxPointsParameter, text: "2", json: .number(2), read: simplify),
        Case(parameter: SimplifyRequest.maxPointsParameter, text: "3.5", json: .number(3.5), read: simplify),
        Case(parameter: SimplifyRequest.toleranceParameter, text: "inf", json: .number(-0.5), read: simplify),
        Case(parameter: ValidateRequest.maxRegionsParameter, text: "-1", json: .number(-1), read: validate),
        Case(parameter: ValidateRequest.minAreaFractionParameter, text: "1.5", json: .number(1.5), read: validate),
        Case(parameter: ValidateRequest.maxPointsParameter, text: "1e300", json: .number(1e300), read: validate),
        Case(parameter: RoomRequest.formatParameter, text: "obj", json: .string("obj"), read: room),
    ]

    static func sources(_ c: Case) -> [any ParameterSource] {
        [
            TextParameters([c.parameter.name: c.text], naming: .commandLine), TextParameters([c.parameter.name: c.text], naming: .query),
            JSONParameters([(c.parameter.name, c.json)], path: "$.options"),
        ]
    }

    @Test("the same values give the same request from every front end, and not the defaults", arguments: good.indices)
    func sameRequestEverywhere(_ index: Int) throws {
        let c = Self.good[index]
        let requests = try Self.sources(c).map { source in try c.read(source) }
        #expect(Set(requests).count == 1, "\(c.parameter.name)=\(c.text): \(requests)")
        let defaults = try c.read(TextParameters([:], naming: .query))
        #expect(requests[0] != defaults, "\(c.parameter.name)=\(c.text) changed nothing")
    }

    @Test("a bad value is refused alike by every front end, naming the option its way", arguments: bad.indices)
    func sameRefusalEverywhere(_ index: Int) throws {
        let c = Self.bad[index]
        var expectations: [String] = []
        for source in Self.sources(c) {
            do {
                let request = try c.read(source)
                Issue.record("\(source.label(of: c.parameter)) = \(c.text) / \(c.json) was taken: \(request)")
            } catch let error as JobError {
                #expect(error.code == .invalidParameter && error.kind == .badInput)
                let label = source.label(of: c.parameter)
                #expect(error.message.hasPrefix(label + ": expected "), "\(error.message)")
                expectations.append(String(error.message.dropFirst(label.count)).components(separatedBy: ", got")[0])
            }
        }
        #expect(Set(expectations).count == 1, "\(expectations)")
    }

    @Test("the labels are each front end's spelling")
    func labels() {
        let p = RenderRequest.strokeWidthParameter
        #expect(TextParameters([:], naming: .commandLine).label(of: p) == "--stroke-width")
        #expect(TextParameters([:], naming: .query).label(of: p) == "the query parameter strokeWidth")
        #expect(JSONParameters([], path: "$.options").label(of: p) == "$.options.strokeWidth")
        #expect(RoomRequest.formatParameter.option == "--scan-format")
    }

    @Test("a request built in code is held to the same limits by its job")
    func jobsCheckRequestsBuiltInCode() throws {
        let document = try Repository.bytes("SampleScans/regions/valid.json")
        let image = try Repository.bytes("SampleScans/design.png")
        let refusals: [() throws -> Void] = [
            { _ = try Jobs.mask(document, request: MaskRequest(feather: 1e9)) },
            { _ = try Jobs.mask(document, request: MaskRequest(maximumPixels: 0)) },
            { _ = try Jobs.simplify(document, request: SimplifyRequest(maximumPoints: 2)) },
            { _ = try Jobs.simplify(document, request: SimplifyRequest(tolerance: .nan)) },
            { _ = try Jobs.render(image: image, regions: document, request: RenderRequest(strokeWidth: 0)) },
            {
                _ = try Jobs.render(image: image, regions: document, request: RenderRequest(scale: .pixelsPerPoint(1e6)))
            },
            {
                _ = try Jobs.validate(document, request: ValidateRequest(rules: LassoRules(maximumPoints: 1)))
            },
        ]
        for (k, refusal) in refusals.enumerated() {
            do {
                try refusal()
                Issue.record("case \(k) was taken")
            } catch {
                #expect((error as? JobError)?.code == .invalidParameter, "case \(k): \(error)")
            }
        }
    }

    @Test("the OpenAPI document lists each route's query parameters as its request declares them")
    func openAPIParameters() throws {
        let document = try JSONSerialization.jsonObject(with: Data(try Repository.bytes("openapi.json"))) as? [String: Any]
        let paths = try #require(document?["paths"] as? [String: Any])
        let routes: [(String, [Parameter])] = [
            ("/v1/validate", ValidateRequest.parameters), ("/v1/render", RenderRequest.parameters), ("/v1/room", RoomRequest.parameters),
            ("/v1/simplify", SimplifyRequest.parameters), ("/v1/mask", MaskRequest.parameters), ("/v1/chips", []), ("/v1/repair", []),
            ("/v1/fit", []), ("/v1/plan", []), ("/v1/photo", []),
        ]
        for (path, parameters) in routes {
            let post = (paths[path] as? [String: Any])?["post"] as? [String: Any]
            let listed = (post?["parameters"] as? [[String: Any]] ?? []).map {
                ($0["name"] as? String ?? "", $0["description"] as? String ?? "")
            }
            #expect(listed.map(\.0) == parameters.map(\.name), "\(path)")
            for (name, description) in listed {
                #expect(parameters.first { $0.name == name }?.help == description, "\(path) \(name): \(description)")
            }
        }
    }
}
