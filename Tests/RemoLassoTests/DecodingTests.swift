import RemoGeometry
import RemoLasso
import Testing

@Suite("Region document decoding")
struct DecodingTests {
    @Test("points as [x, y] pairs or {x, y} objects; unknown keys ignored; optional fields")
    func forms() throws {
        let doc = try RegionDocument.decode(
            #"""
            {"image": {"width": 4032, "height": 3024, "dpi": 72}, "scale": 3, "future": {"a": [1]},
             "regions": [{"id": "r1", "number": 1, "points": [[812.5, 640.0], {"x": 905, "y": 633.25, "t": 0}, [990, 700]],
                          "action": "replace", "instruction": "swap", "avoid": null, "styleNudges": ["mid-century"], "color": "red"}]}
            """#)
        #expect(doc.image == ImageSize(width: 4032, height: 3024))
        #expect(doc.scale == 3)
        #expect(doc.regions.count == 1)
        let r = doc.regions[0]
        #expect(r.points == [Point(812.5, 640), Point(905, 633.25), Point(990, 700)])
        #expect(r.action == "replace" && r.avoid == nil && r.styleNudges == ["mid-century"])
    }

    @Test(
        "errors name the JSON path of the problem",
        arguments: [
            (
                #"{"image": {"width": 10, "height": 10}, "regions": [{"id": "a", "number": 1, "points": [[1, 2]]}, {"id": "b", "number": 2, "points": [[1, 2], ["3", 4]]}]}"#,
                "regions[1].points[1][0]: expected a number, found a string"
            ),
            (
                #"{"image": {"width": 10, "height": 10}, "regions": [{"id": "a", "number": 1, "points": [[1, 2, 3]]}]}"#,
                "regions[0].points[0]: expected [x, y], found more than two numbers"
            ),
            (
                #"{"image": {"width": 10, "height": 10}, "regions": [{"id": "a", "number": 1.5, "points": []}]}"#,
                "regions[0].number: must be a whole number"
            ),
            (#"{"image": {"width": 10}, "regions": []}"#, "image.height: missing"),
            (#"{"image": {"width": -1, "height": 10}, "regions": []}"#, "image.width: must be a positive number of pixels"),
            (#"{"image": {"width": 10, "height": 10}}"#, "regions: missing"),
            (#"{"image": {"width": 10, "height": 10}, "regions": {}}"#, "regions: expected an array of regions, found an object"),
            (#"[1, 2]"#, "$: expected an object"),
            (#"{"image": {"width": 10, "height": 10}, "regions": [{"number": 1, "points": []}]}"#, "regions[0].id: missing"),
        ])
    func paths(text: String, message: String) {
        #expect(throws: RegionDocumentError.self) { try RegionDocument.decode(text) }
        do {
            _ = try RegionDocument.decode(text)
        } catch {
            #expect(error.description.hasPrefix(message), "\(error)")
            #expect(error.code == "invalid-document")
        }
    }

    @Test("a region with more points than kept counts the rest")
    func omitted() throws {
        let points = (0..<50).map { "[\($0), 1]" }.joined(separator: ",")
        let doc = try RegionDocument.decode(
            Array(#"{"image": {"width": 10, "height": 10}, "regions": [{"id": "a", "number": 1, "points": [\#(points)]}]}"#.utf8),
            keepingAtMost: 10)
        #expect(doc.regions[0].points.count == 10)
        #expect(doc.regions[0].givenPointCount == 50)
    }
}
