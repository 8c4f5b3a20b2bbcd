import ArgumentParser
import Foundation
import RemoJSON
import RemoRoom
import RemoService

/// `remo-geom dimensions`: a product's size read from the text a retailer wrote.
struct DimensionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dimensions",
        abstract: "Read products' sizes from the texts retailers write (\"Overall: 34'' H x 84'' W x 38'' D\").",
        discussion: """
            Prints, for each text, its width, depth, height and diameter in metres, how \
            they were told apart (labelled, ordered, none), how sure they are (exact, \
            inferred, none), and the sizes in the text that are not the product's (a seat \
            height, the box, a weight). A text that says no size gives no number. Exit \
            status 0 when every text was read (sized or not), 2 when a file cannot be read.
            """
    )

    @Argument(help: "Texts to read.")
    var texts: [String] = []

    @Option(help: "Also read each line of this file (- for standard input); blank lines are skipped.")
    var file: String?

    @Option(help: "Output format: text, json (an array, one object per text) or jsonl (default: text on a terminal, json otherwise).")
    var format: OutputFormat?

    func validate() throws {
        if texts.isEmpty && file == nil { throw ValidationError("Give texts to read, or --file with one text per line.") }
    }

    func run() throws {
        let request: DimensionsRequest
        do {
            var all = texts
            if let file {
                let input = Input(argument: file)
                let bytes = try InputFiles.read(input).get()
                all += String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init).filter {
                    !$0.allSatisfy(\.isWhitespace)
                }
                request = try DimensionsRequest(texts: all, name: input.name)
            } else {
                request = try DimensionsRequest(texts: all, name: "the texts")
            }
        } catch {
            Console.error("remo-geom dimensions: \(error)")
            throw ExitCode(2)
        }
        let readings = request.read()
        switch format ?? .automatic {
        case .json:
            Console.out(JSONWriter.string(.array(readings.map(ResultJSON.dimensions))))
        case .jsonl:
            Console.out(readings.map { JSONWriter.string(ResultJSON.dimensions($0)) }.joined(separator: "\n"))
        case .text:
            for reading in readings { Self.lines(reading).forEach(Console.line) }
        }
    }

    /// `<text>: W 2.13 × D 0.97 × H 0.86 m (labelled, exact)`, then what was ignored.
    static func lines(_ reading: DimensionsReading) -> [String] {
        let fields = [("Ø", reading.diameter), ("W", reading.width), ("D", reading.depth), ("H", reading.height)].compactMap {
            name, value in
            value.map { "\(name) \($0.twoDecimals)" }
        }
        let size = fields.isEmpty ? "no size" : fields.joined(separator: " × ") + " m"
        return ["\(reading.text): \(size) (\(reading.reading.rawValue), \(reading.confidence.rawValue))"]
            + reading.ignored.map { "  ignored: \($0)" }
    }
}
