import RemoGeometry
import RemoLasso
import RemoRender

/// What the mask job may be asked (docs/commands.md), with the limits every front end
/// checks against.
public struct MaskOptions: Hashable, Sendable {
    /// Only this region, by id; all of them when nil.
    public var region: String?
    /// Transparent where the generator may paint, or white on black.
    public var style: MaskStyle
    /// Soften the edge over this many points (0: a hard edge, exact coverage).
    public var feather: Double
    /// Grow the regions outward by this many points, with round corners.
    public var grow: Double
    /// The PNG compression.
    public var compression: PNGCompression
    /// The most pixels a mask may have (the document's image size).
    public var maximumPixels: Int

    /// The most points any front end takes for `feather` and `grow`.
    public static let maximumDistance = 200.0
    /// The most edge rows a growth may visit (`CoverageMask.growRows` of RemoRender):
    /// three 500-point lassos grown by 200 points at scale 3 visit about 2 million (a second),
    /// a 100,000-point circle grown by 200 points at scale 10 would visit 4 × 10⁸.
    public static let maximumGrowRows = 50_000_000

    /// The defaults of `remo-geom mask`: every region, alpha style, no feather, no growth.
    public init(
        region: String? = nil, style: MaskStyle = .alpha, feather: Double = 0, grow: Double = 0, compression: PNGCompression = .fast,
        maximumPixels: Int = PNGCodec.defaultMaximumPixels
    ) {
        self.region = region
        self.style = style
        self.feather = feather
        self.grow = grow
        self.compression = compression
        self.maximumPixels = maximumPixels
    }
}

extension Jobs {
    /// The inpainting mask of a region document: image-sized, each pixel the exact share of
    /// it the regions cover, grown and feathered as asked (docs/commands.md;
    /// `CoverageMask` of RemoRender). Distances are in points, times the document's `scale`.
    ///
    /// - Parameters:
    ///   - document: The region document's JSON bytes.
    ///   - options: Which region, the style, feather and growth; checked here as well as
    ///     by the front ends.
    ///   - name: How messages name the document.
    /// - Returns: The PNG's bytes.
    /// - Throws: ``JobError``: `invalid-json` or `invalid-document` when the document cannot
    ///   be read, `invalid-request` for a distance out of range or a growth too far for the
    ///   outline's size, `no-such-region` for a
    ///   region id the document does not have, `image-too-large` for an image over the
    ///   pixel limit.
    public static func mask(_ document: [UInt8], options: MaskOptions = MaskOptions(), name: String = "the document")
        throws(JobError) -> [UInt8]
    {
        for (option, value) in [("feather", options.feather), ("grow", options.grow)]
        where !(value >= 0 && value <= MaskOptions.maximumDistance) {
            throw JobError(.badInput, code: "invalid-request", message: "\(option) must be from 0 to \(MaskOptions.maximumDistance) points")
        }
        let decoded = try regionDocument(document, name: name)
        var regions = decoded.regions
        if let id = options.region {
            regions = regions.filter { $0.id == id }
            guard !regions.isEmpty else {
                let ids = decoded.regions.map(\.id).joined(separator: ", ")
                throw JobError(.noSuchRegion, code: "no-such-region", message: "\(name) has no region \"\(id)\" (it has: \(ids))")
            }
        }
        let (width, height) = (decoded.image.width, decoded.image.height)
        guard width >= 1, height >= 1, width == width.rounded(), height == height.rounded() else {
            throw JobError(.badInput, code: "invalid-document", message: "\(name): a mask needs a whole number of pixels each way")
        }
        guard width * height <= Double(options.maximumPixels) else {
            throw JobError(
                .tooLarge, code: "image-too-large",
                message: "\(name): a \(Int(width)) × \(Int(height)) mask is over the limit of \(options.maximumPixels) pixels")
        }
        guard max(width, height) <= Double(PNGCodec.maximumSide) else {
            throw JobError(
                .tooLarge, code: "image-too-large",
                message:
                    "\(name): a \(Int(width)) × \(Int(height)) mask cannot be written as a PNG, whose sides are at most \(PNGCodec.maximumSide)"
            )
        }
        let rings = regions.map(\.points)
        let growRows = CoverageMask.growRows(rings, by: options.grow * decoded.scale, height: Int(height))
        guard growRows <= MaskOptions.maximumGrowRows else {
            let points = rings.reduce(0) { $0 + $1.count }
            throw JobError(
                .badInput, code: "invalid-request",
                message:
                    "\(name): growing \(points) points by \(LassoValidator.format(options.grow)) points is too much work (\(growRows) edge rows, at most "
                    + "\(MaskOptions.maximumGrowRows)): grow less, or simplify the regions first")
        }
        var mask = CoverageMask(width: Int(width), height: Int(height), filling: rings)
        mask.grow(rings, by: options.grow * decoded.scale)
        mask.feather(over: options.feather * decoded.scale)
        do { return try mask.png(style: options.style, compression: options.compression) } catch {
            throw JobError(.internalFailure, code: "encoding-failed", message: "\(name): \(error)")
        }
    }
}
