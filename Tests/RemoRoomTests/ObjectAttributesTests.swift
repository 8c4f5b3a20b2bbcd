import RemoJSON
import Testing

@testable import RemoRoom

@Suite("object attributes")
struct ObjectAttributesTests {
    @Test("kept in the scan's order; of repeated names the first counts, from the bytes and from a tree alike")
    func orderAndRepeats() throws {
        let literal: ObjectAttributes = ["SofaType": "lShaped", "ChairType": "dining", "SofaType": "singleSeat"]
        #expect(literal.list.map(\.name) == ["SofaType", "ChairType"])
        #expect(literal["SofaType"] == "lShaped" && literal["ChairType"] == "dining" && literal["TableType"] == nil)
        #expect(literal.count == 2 && !literal.isEmpty && ObjectAttributes().isEmpty)
        let json = #"{"attributes": {"B": "x", "A": {"rectangular": {}}, "B": "y", "C": 2}}"#
        var reader = JSONReader(bytes: Array(json.utf8))
        let streamed = try ScanElement(from: &reader)
        let tree = ScanElement(try JSONParser.parse(json))
        for element in [streamed, tree] {
            #expect(element.attributes.list.map(\.name) == ["B", "A", "C"])
            #expect(element.attributes["B"] == "x" && element.attributes["A"] == "rectangular" && element.attributes["C"] == "2")
        }
    }
}
