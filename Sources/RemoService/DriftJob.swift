import RemoImage
import RemoJSON
import RemoPhoto

/// The result of the drift job.
public struct DriftResult: Sendable {
    /// What the check found.
    public var report: DriftCheck.Report
    /// Whether `after` was of another size and scaled to `before`'s.
    public var scaledAfter: Bool

    /// The result object (docs/commands.md): `{"verdict", "changedFraction", "meanDeltaE",
    /// "maxDeltaE", "changedBoxes", "scaledAfter", "checkVersion", "thresholds"}`.
    public var json: JSONValue {
        .object([
            ("verdict", .string(report.kept ? "kept" : "drifted")),
            ("changedFraction", .number(report.changedFraction.rounded(toPlaces: 4))),
            ("meanDeltaE", .number(report.meanDeltaE.rounded(toPlaces: 2))), ("maxDeltaE", .number(report.maxDeltaE.rounded(toPlaces: 2))),
            ("changedBoxes", .array(report.changedBoxes.map { .array($0.map { .number(Double($0)) }) })),
            ("scaledAfter", .bool(scaledAfter)), ("checkVersion", .string(DriftCheck.checkVersion)),
            (
                "thresholds",
                .object([
                    ("changedDeltaE", .number(DriftCheck.changedDeltaE)), ("changedShare", .number(DriftCheck.changedShare)),
                    ("overallDeltaE", .number(DriftCheck.overallDeltaE)),
                    ("workingLongSide", .number(Double(DriftCheck.workingLongSide))),
                    ("minimumBlock", .number(Double(DriftCheck.minimumBlock))),
                ])
            ),
        ])
    }
}

extension Double {
    fileprivate func rounded(toPlaces places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (self * scale).rounded() / scale
    }
}

extension Jobs {
    /// ``drift(before:after:regions:request:names:)-([UInt8],_,_,_,_)`` of two images given as
    /// files or bytes (a file is read whole).
    public static func drift(
        before: consuming ImageInput, after: consuming ImageInput, regions: [UInt8], request: DriftRequest = DriftRequest(),
        names: (before: String, after: String, regions: String) = ("before", "after", "the document")
    ) throws(JobError) -> DriftResult {
        try drift(
            before: wholeFile(before, name: names.before), after: wholeFile(after, name: names.after), regions: regions,
            request: request, names: names)
    }

    /// `drift`: did the generator change the picture outside the regions? (docs/commands.md.)
    /// Measured outside the regions grown by `request.grow` (the `mask` job's coverage).
    ///
    /// - Parameters:
    ///   - before: The image sent to the generator: PNG, JPEG or HEIC bytes.
    ///   - after: The generator's image; scaled to `before`'s size when it has another.
    ///   - regions: The region document's JSON bytes, for `before`'s size.
    ///   - request: The growth.
    ///   - names: How messages name the three inputs.
    /// - Throws: ``JobError``: `invalid-image`, `image-too-large`, `invalid-json`,
    ///   `invalid-document`, `size-mismatch`.
    public static func drift(
        before: consuming [UInt8], after: consuming [UInt8], regions: [UInt8], request: DriftRequest = DriftRequest(),
        names: (before: String, after: String, regions: String) = ("before", "after", "the document")
    ) throws(JobError) -> DriftResult {
        try request.check()
        let document = try regionDocument(regions, name: names.regions)
        // Each image is brought to the working size as its rows are decoded, so that
        // neither is held at full size (an interlaced PNG or a HEIC is, while it is decoded).
        var working: (width: Int, height: Int) = (0, 0)
        let picture = try designImage(before, maximumPixels: request.maximumPixels, name: names.before) { width, height in
            working = DriftCheck.workingSize(width: width, height: height)
            return working
        }
        _ = consume before
        try checkSize(document, width: picture.fullWidth, height: picture.fullHeight, names: (names.regions, names.before))
        let (width, height) = (picture.fullWidth, picture.fullHeight)
        let labBefore = DriftCheck.workingLab(picture.image.pixels)
        // An `after` of another size is first brought to `before`'s, as `composite` does.
        var scaledAfter = false
        var edit = try designImage(after, maximumPixels: request.maximumPixels, name: names.after) { w, h in
            scaledAfter = (w, h) != (width, height)
            return scaledAfter ? (w, h) : working
        }
        _ = consume after
        if scaledAfter {
            let full = ImageScaling.scale(
                edit.image.pixels, width: edit.image.width, height: edit.image.height, toWidth: width, toHeight: height,
                premultiplied: edit.image.hadTransparency)
            edit.image.pixels = ImageScaling.scale(
                full, width: width, height: height, toWidth: working.width, toHeight: working.height, premultiplied: false)
        }
        let labAfter = DriftCheck.workingLab(edit.image.pixels)
        let mask = try coverage(
            document, regions: document.regions, grow: request.grow, feather: 0, maximumPixels: request.maximumPixels, name: names.regions)
        let report = DriftCheck.compare(before: labBefore, after: labAfter, width: width, height: height, excluded: mask.values)
        return DriftResult(report: report, scaledAfter: scaledAfter)
    }
}
