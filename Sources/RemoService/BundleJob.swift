import RemoGeometry
import RemoImage
import RemoJSON
import RemoLasso
import RemoRender

/// What one round sends to the image generator (docs/commands.md): the files, or the
/// reasons the document was refused.
public struct BundleResult: Sendable {
    /// One file of the round.
    public struct File: Sendable {
        /// Its name in the round's folder: `image.png`, `annotated.png`, `mask.png`,
        /// `instructions.json`.
        public var name: String
        /// Its bytes.
        public var bytes: [UInt8]
    }

    /// Something about a region the round is written with anyway, or (when ``valid`` is
    /// false) a reason the document was refused.
    public struct Finding: Sendable {
        /// `unknown-action`, `empty-instruction`, or a validation finding's code.
        public var code: String
        /// The region concerned, if one is.
        public var region: String?
        /// A sentence for people.
        public var message: String
    }

    /// The actions a region may ask for.
    public static let actions = ["replace", "remove", "restyle", "recolor", "add", "keep"]

    /// Whether the document (its clear repairs made) is valid; when it is not, nothing is
    /// written and ``files`` is empty.
    public var valid: Bool
    /// The round's files, in the order they are listed.
    public var files: [File]
    /// The repairs made or declined (ambiguous ones are not made), as `repair` reports them.
    public var repairs: [RegionRepair]
    /// The findings.
    public var findings: [Finding]

    /// The result object without `outputDir`: `{"valid", "files": [{"name", "bytes",
    /// "sha256"}], "repairs", "findings": [{"code", "region", "message"}]}`.
    public var members: [(key: String, value: JSONValue)] {
        [
            ("valid", .bool(valid)),
            (
                "files",
                .array(
                    files.map {
                        .object([
                            ("name", .string($0.name)), ("bytes", .number(Double($0.bytes.count))),
                            ("sha256", .string(SHA256.hex($0.bytes))),
                        ])
                    })
            ),
            ("repairs", .array(repairs.map(\.json))),
            (
                "findings",
                .array(
                    findings.map {
                        .object([
                            ("code", .string($0.code)), ("region", $0.region.map(JSONValue.string) ?? .null),
                            ("message", .string($0.message)),
                        ])
                    })
            ),
        ]
    }
}

extension Jobs {
    /// `bundle`: everything one round sends to the generator, consistent by construction
    /// (docs/commands.md): the clear repairs made, the document validated, then the image
    /// prepared (upright, sRGB, long side at most `maxSide`) and, at its size, the annotated
    /// image, the mask of every region but the `keep` ones, and the numbered instructions.
    ///
    /// - Parameters:
    ///   - image: The design image: PNG, JPEG or HEIC bytes.
    ///   - regions: The region document's JSON bytes, for the image as displayed.
    ///   - request: The long side.
    ///   - names: How messages name the inputs.
    /// - Returns: The files, or ``BundleResult/valid`` false with the validation's findings.
    /// - Throws: ``JobError``: `invalid-image`, `image-too-large`, `invalid-json`,
    ///   `invalid-document`, `size-mismatch`, `encoding-failed`.
    public static func bundle(
        image: [UInt8], regions: [UInt8], request: BundleRequest = BundleRequest(),
        names: (image: String, regions: String) = ("the image", "the document")
    ) throws(JobError) -> BundleResult {
        try request.check()
        var document = try regionDocument(regions, name: names.regions)
        let (repairs, repaired) = repairs(of: document)
        for repair in repairs where !repair.ambiguous && repair.failure == nil {
            if let k = document.regions.firstIndex(where: { $0.id == repair.region }), let points = repaired[k] {
                document.regions[k].points = points
            }
        }
        let report = LassoValidator().validate(document)
        guard report.valid else {
            let findings =
                report.regions.flatMap { r in
                    r.findings.filter(\.code.isError).map {
                        BundleResult.Finding(code: $0.code.rawValue, region: r.id, message: $0.message)
                    }
                }
                + report.findings.filter(\.code.isError).map {
                    BundleResult.Finding(code: $0.code.rawValue, region: $0.regions.first, message: $0.message)
                }
            return BundleResult(valid: false, files: [], repairs: repairs, findings: findings)
        }
        let prepared: ImagePreparation.Prepared
        do {
            prepared = try ImagePreparation.prepare(
                image, maxSide: request.maxSide, format: .png, quality: 100, maximumPixels: request.maximumPixels)
        } catch {
            throw JobError(error, name: names.image)
        }
        // The document is for the image as displayed: the source turned.
        let turned = prepared.orientation.swapsSides
        let (shownWidth, shownHeight) =
            turned ? (prepared.sourceHeight, prepared.sourceWidth) : (prepared.sourceWidth, prepared.sourceHeight)
        guard document.image.width == Double(shownWidth) && document.image.height == Double(shownHeight) else {
            let (w, h) = (document.image.width.messageText, document.image.height.messageText)
            throw JobError(
                .sizeMismatch, message: "\(names.regions) is for a \(w) × \(h) image, but \(names.image) is \(shownWidth) × \(shownHeight)")
        }
        let scaled = scaled(document, toWidth: prepared.width, height: prepared.height)
        var picture: RGBAImage
        do {
            picture = try PNGCodec.decode(prepared.bytes)
        } catch {
            throw JobError(.internal, message: "the prepared image could not be read back: \(error)")
        }
        let chips = LassoValidator().validate(scaled).chips
        _ = AnnotationRenderer(style: AnnotationStyle()).render(scaled, chips: chips, onto: &picture)
        let painted = scaled.regions.filter { $0.action != "keep" }.map(\.points)
        let mask = CoverageMask(width: prepared.width, height: prepared.height, filling: painted)
        let instructions = instructions(scaled.regions)
        do {
            let files = [
                BundleResult.File(name: "image.png", bytes: prepared.bytes),
                BundleResult.File(name: "annotated.png", bytes: try PNGCodec.encode(picture)),
                BundleResult.File(name: "mask.png", bytes: try mask.png(style: .alpha)),
                BundleResult.File(name: "instructions.json", bytes: Array((JSONWriter.string(instructions.json) + "\n").utf8)),
            ]
            return BundleResult(valid: true, files: files, repairs: repairs, findings: instructions.findings)
        } catch {
            throw JobError(.encodingFailed, message: "the round's pictures could not be encoded: \(error)")
        }
    }

    /// The document at another image size: every point scaled with the image, and the
    /// pixels per point chosen for the new size (`auto`), so the chips stay legible.
    static func scaled(_ document: RegionDocument, toWidth width: Int, height: Int) -> RegionDocument {
        var scaled = document
        let (fx, fy) = (Double(width) / document.image.width, Double(height) / document.image.height)
        scaled.image = ImageSize(width: Double(width), height: Double(height))
        scaled.scale = RenderRequest.automaticScale(width: width, height: height)
        for k in scaled.regions.indices {
            scaled.regions[k].points = scaled.regions[k].points.map { Point($0.x * fx, $0.y * fy) }
        }
        return scaled
    }

    /// `instructions.json` and the findings about the regions' actions and instructions:
    /// the regions in chip-number order, and the numbered text.
    static func instructions(_ regions: [Region]) -> (json: JSONValue, findings: [BundleResult.Finding]) {
        var findings: [BundleResult.Finding] = []
        var entries: [JSONValue] = []
        var lines: [String] = []
        for region in regions.sorted(by: { $0.number < $1.number }) {
            let action = region.action ?? ""
            let given = region.instruction ?? ""
            let instruction = String(given.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
            if !BundleResult.actions.contains(action) {
                let said = region.action.map { "the action \"\($0)\" is none of" } ?? "no action is given; it must be one of"
                findings.append(
                    BundleResult.Finding(
                        code: "unknown-action", region: region.id,
                        message: "region \(region.id): \(said) \(BundleResult.actions.joined(separator: ", "))"))
            }
            if instruction.isEmpty {
                findings.append(
                    BundleResult.Finding(code: "empty-instruction", region: region.id, message: "region \(region.id) has no instruction"))
            }
            entries.append(
                .object([
                    ("number", .number(Double(region.number))), ("id", .string(region.id)),
                    ("action", region.action.map(JSONValue.string) ?? .null),
                    ("instruction", .string(instruction)), ("avoid", region.avoid.map(JSONValue.string) ?? .null),
                    ("styleNudges", .array(region.styleNudges.map(JSONValue.string))),
                ]))
            var notes: [String] = []
            if let avoid = region.avoid, !avoid.isEmpty { notes.append("avoid: \(avoid)") }
            if !region.styleNudges.isEmpty { notes.append("style: \(region.styleNudges.joined(separator: ", "))") }
            lines.append(
                "\(region.number). \(action.isEmpty ? "?" : action): \(instruction)"
                    + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"))
        }
        return (.object([("regions", .array(entries)), ("text", .string(lines.joined(separator: "\n")))]), findings)
    }
}
