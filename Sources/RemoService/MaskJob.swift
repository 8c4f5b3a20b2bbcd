import RemoGeometry
import RemoImage
import RemoLasso
import RemoRender

extension Jobs {
    /// The inpainting mask of a region document: image-sized, each pixel the exact share of
    /// it the regions cover, grown and feathered as asked (docs/commands.md;
    /// `CoverageMask` of RemoRender). Distances are in points, times the document's `scale`.
    ///
    /// - Parameters:
    ///   - document: The region document's JSON bytes.
    ///   - request: Which region, the style, feather and growth.
    ///   - name: How messages name the document.
    /// - Returns: The PNG's bytes.
    /// - Throws: ``JobError``: `invalid-json` or `invalid-document` when the document cannot
    ///   be read, `invalid-parameter` for a distance out of range or a growth too far for the
    ///   outline's size, `no-such-region` for a
    ///   region id the document does not have, `image-too-large` for an image over the
    ///   pixel limit.
    public static func mask(_ document: [UInt8], request: MaskRequest = MaskRequest(), name: String = "the document")
        throws(JobError) -> [UInt8]
    {
        try request.check()
        let decoded = try regionDocument(document, name: name)
        var regions = decoded.regions
        if let id = request.region {
            regions = regions.filter { $0.id == id }
            guard !regions.isEmpty else {
                let ids = decoded.regions.map(\.id).joined(separator: ", ")
                throw JobError(.noSuchRegion, message: "\(name) has no region \"\(id)\" (it has: \(ids))")
            }
        }
        let mask = try coverage(
            decoded, regions: regions, grow: request.grow, feather: request.feather, maximumPixels: request.maximumPixels, name: name)
        do { return try mask.png(style: request.style, compression: request.compression) } catch {
            throw JobError(.encodingFailed, message: "\(name): \(error)")
        }
    }

    /// The exact coverage of `regions` at the document's image size, grown and feathered by
    /// distances in points (times the document's `scale`): the mask job's values, which
    /// `composite`, `drift` and `bundle` use too.
    ///
    /// - Throws: ``JobError``: `invalid-document` for an image size that is not whole,
    ///   `image-too-large` over `maximumPixels` or past PNG's sides, `invalid-parameter` for
    ///   a growth too far for the outline's size.
    static func coverage(
        _ document: RegionDocument, regions: [Region], grow: Double, feather: Double, maximumPixels: Int, name: String
    ) throws(JobError) -> CoverageMask {
        let (width, height) = (document.image.width, document.image.height)
        guard width >= 1, height >= 1, width == width.rounded(), height == height.rounded() else {
            throw JobError(.invalidDocument, message: "\(name): a mask needs a whole number of pixels each way")
        }
        guard width * height <= Double(maximumPixels) else {
            throw JobError(
                .imageTooLarge,
                message: "\(name): a \(width.messageText) × \(height.messageText) mask is over the limit of \(maximumPixels) pixels"
            )
        }
        guard max(width, height) <= Double(PNGCodec.maximumSide) else {
            throw JobError(
                .imageTooLarge,
                message:
                    "\(name): a \(width.messageText) × \(height.messageText) mask cannot be written as a PNG, whose sides are at most \(PNGCodec.maximumSide)"
            )
        }
        let rings = regions.map(\.points)
        let growRows = CoverageMask.growRows(rings, by: grow * document.scale, height: Int(height))
        guard growRows <= MaskRequest.maximumGrowRows else {
            let points = rings.reduce(0) { $0 + $1.count }
            throw JobError(
                .invalidParameter,
                message:
                    "\(name): growing \(points) points by \(grow.messageText) points is too much work (\(growRows) edge rows, at most "
                    + "\(MaskRequest.maximumGrowRows)): grow less, or simplify the regions first")
        }
        var mask = CoverageMask(width: Int(width), height: Int(height), filling: rings)
        mask.grow(rings, by: grow * document.scale)
        mask.feather(over: feather * document.scale)
        return mask
    }
}
