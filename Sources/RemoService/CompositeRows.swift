import RemoImage
import RemoLasso
import RemoRender

#if canImport(Glibc)
    import Glibc
#endif

extension Jobs {
    /// Whether `composite` can blend row by row: both images PNGs of the document's size
    /// that are not interlaced (the usual case: a design image and a generator's answer).
    static func compositesByRows(before: ImageInput, after: ImageInput, width: Int, height: Int) -> Bool {
        [before, after].allSatisfy { input in
            PNGCodec.header(input.prefix(PNGCodec.headerBytes)).map { ($0.width, $0.height, $0.interlaced) == (width, height, false) }
                ?? false
        }
    }

    /// `composite` without holding an image whole: three threads pass the rows along a
    /// ring of a few bands. A second thread decodes `after` into the ring; a third decodes
    /// `before` a band at a time and blends it into `after`'s band there, by the mask; this
    /// thread compresses the blended rows as they come (``PNGCodec/encode(width:height:alpha:colour:compression:row:)``),
    /// and each band is decoded into again once compressed. The same pixels as blending two
    /// whole images (``blend(before:after:mask:count:into:)``), with the mask and the PNG
    /// held instead of three images. Only for what
    /// ``compositesByRows(before:after:width:height:)`` accepts.
    static func compositeByRows(
        before: Handover<ImageInput>, after: Handover<ImageInput>, document: RegionDocument, width: Int, height: Int,
        request: CompositeRequest, names: (before: String, after: String, regions: String)
    ) throws(JobError) -> CompositeResult {
        let opened: Result<CompositeResult, JobError>
        do throws(PNGError) {
            opened = try PNGCodec.withRows(after.take(), maximumPixels: request.maximumPixels) { (afterRows) throws(PNGError) in
                do throws(PNGError) {
                    return try PNGCodec.withRows(before.take(), maximumPixels: request.maximumPixels) { (beforeRows) throws(PNGError) in
                        compositeRows(
                            before: beforeRows, after: afterRows, document: document, width: width, height: height, request: request,
                            names: names)
                    }
                } catch {
                    return .failure(JobError(ImageDecoder.imageError(error), name: names.before))
                }
            }
        } catch {
            throw JobError(ImageDecoder.imageError(error), name: names.after)
        }
        return try opened.get()
    }

    /// ``compositeByRows(before:after:document:width:height:request:names:)`` once both PNGs
    /// are open.
    private static func compositeRows(
        before: PNGRows, after: PNGRows, document: RegionDocument, width: Int, height: Int, request: CompositeRequest,
        names: (before: String, after: String, regions: String)
    ) -> Result<CompositeResult, JobError> {
        let ring = RowRing(width: width)
        // How far each step has come: rows of `after` decoded into the ring, rows blended,
        // and rows the encoder no longer needs (whose bands may be decoded into again).
        // Whichever step stops early finishes its count, and the steps waiting on it stop.
        let (decoded, blended, released) = (RowsDone(), RowsDone(), RowsDone())
        var afterRows = after
        let decodeAfter = { () -> Result<Void, JobError> in
            defer { decoded.finish() }
            do throws(PNGError) {
                while afterRows.done < height {
                    let first = afterRows.done
                    guard released.wait(for: ring.reusableAfter(first)) else { return .success(()) }
                    try afterRows.read(ring.bandRows, into: ring.row(first))
                    decoded.update(afterRows.done)
                }
                return .success(())
            } catch {
                return .failure(JobError(ImageDecoder.imageError(error), name: names.after))
            }
        }
        var beforeRows = before
        let blendBefore = { () -> Result<Void, JobError> in
            defer { blended.finish() }
            let mask: CoverageMask
            do throws(JobError) {
                mask = try coverage(
                    document, regions: document.regions, grow: request.grow, feather: request.feather,
                    maximumPixels: request.maximumPixels, name: names.regions)
            } catch {
                return .failure(error)
            }
            var band = [UInt8](repeating: 0, count: ring.bandRows * width * 4)
            do throws(PNGError) {
                try band.withUnsafeMutableBufferPointer { (band) throws(PNGError) in
                    try mask.values.withUnsafeBufferPointer { (mask) throws(PNGError) in
                        while beforeRows.done < height {
                            let first = beforeRows.done
                            try beforeRows.read(ring.bandRows, into: band.baseAddress!)
                            // `after` stopped early: its error is the one reported.
                            guard decoded.wait(for: beforeRows.done) else { return }
                            let target = ring.row(first)
                            blend(
                                before: band.baseAddress!, after: target, mask: mask.baseAddress! + first * width,
                                count: (beforeRows.done - first) * width, into: target)
                            blended.update(beforeRows.done)
                        }
                    }
                }
                return .success(())
            } catch {
                return .failure(JobError(ImageDecoder.imageError(error), name: names.before))
            }
        }
        let encode = { () -> Result<[UInt8], PNGError> in
            defer { released.finish() }
            var doneWith = 0  // rows above the one before the row asked for
            return Result { () throws(PNGError) in
                try PNGCodec.encode(
                    width: width, height: height, alpha: before.hadTransparency || after.hadTransparency, colour: before.colour,
                    compression: request.compression
                ) { y in
                    doneWith = max(doneWith, y - 1)
                    released.update(doneWith)
                    return blended.wait(for: y + 1) ? UnsafePointer(ring.row(y)) : nil
                }
            }
        }
        let steps: (Result<Void, JobError>, (Result<Void, JobError>, Result<[UInt8], PNGError>))
        do throws(JobError) {
            // The three run at once, each waiting for the others' rows: without a thread for
            // each, none runs (and `after`'s decoder, once started, is told to stop).
            steps = try SideThread.run(decodeAfter, together: true) { () throws(JobError) in
                do throws(JobError) {
                    return try SideThread.run(blendBefore, together: true, while: encode)
                } catch {
                    released.finish()
                    throw error
                }
            }
        } catch {
            return .failure(error)
        }
        let (decodedAfter, (blendedBefore, encoded)) = steps
        if case .failure(let error) = decodedAfter { return .failure(error) }
        if case .failure(let error) = blendedBefore { return .failure(error) }
        return encoded.map { CompositeResult(png: $0, width: width, height: height, scaledAfter: false) }.mapError { error in
            JobError(.encodingFailed, message: "the composite could not be encoded: \(error)")
        }
    }

    /// `count` pixels (RGBA) of `before` and `after` blended by `mask` into `output`, which
    /// may be either of them: `after`'s where the mask is 255, `before`'s where it is 0;
    /// between, each sample (b·(255 − m) + a·m + 127) / 255.
    static func blend(
        before: UnsafePointer<UInt8>, after: UnsafePointer<UInt8>, mask: UnsafePointer<UInt8>, count: Int,
        into output: UnsafeMutablePointer<UInt8>
    ) {
        var i = 0
        while i < count {
            let m = mask[i]
            guard m == 0 || m == 255 else {
                let (keep, take, at) = (255 - Int(m), Int(m), i * 4)
                for c in 0..<4 {
                    output[at + c] = UInt8((Int(before[at + c]) * keep + Int(after[at + c]) * take + 127) / 255)
                }
                i += 1
                continue
            }
            // A run of one image's pixels, copied at once (or left, when `output` is that image).
            var end = i + 1
            while end < count && mask[end] == m { end += 1 }
            let source = m == 0 ? before : after
            if UnsafePointer(output) != source { (output + i * 4).update(from: source + i * 4, count: (end - i) * 4) }
            i = end
        }
    }
}

/// A few bands of an image's rows, each used again once the rows in it are done with: the
/// rows of `composite` on their way from the decoders to the encoder.
final class RowRing: @unchecked Sendable {  // each band is used by one thread at a time, as RowsDone orders
    /// Rows per band: 16, fewer for rows over 64 KB, so that a band holds at most 1 MB.
    let bandRows: Int
    private let bands = 8
    private let rowBytes: Int
    private let samples: UnsafeMutablePointer<UInt8>

    init(width: Int) {
        rowBytes = width * 4
        bandRows = max(1, min(16, (1 << 20) / rowBytes))
        samples = .allocate(capacity: bands * bandRows * rowBytes)
    }

    deinit {
        samples.deallocate()
    }

    /// Where row `y` is kept (its band's rows are contiguous).
    func row(_ y: Int) -> UnsafeMutablePointer<UInt8> {
        samples + ((y / bandRows) % bands * bandRows + y % bandRows) * rowBytes
    }

    /// How many rows must be done with before the band starting at row `first` may be
    /// written: those of the band that used its place before.
    func reusableAfter(_ first: Int) -> Int {
        max(0, (first / bandRows - bands + 1) * bandRows)
    }
}

/// How far a thread has come through an image's rows (decoded, blended, or done with): the
/// thread says so after it is done with them, and another waits for the rows it needs before
/// it touches them, so that no row is written and read at once. (POSIX primitives: the module
/// does not import Foundation.)
final class RowsDone: @unchecked Sendable {  // `done` and `finished` are guarded by `mutex`
    // Allocated, not stored inline: a POSIX mutex must not move, and a stored property's
    // address passed with `&` is not promised to be its storage.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var done = 0
    private var finished = false

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// The first `rows` rows are done.
    func update(_ rows: Int) {
        change { $0.done = rows }
    }

    /// No more rows will come (all are done, or the thread stopped).
    func finish() {
        change { $0.finished = true }
    }

    /// Waits until the first `rows` rows are done; false when the thread stopped before them.
    func wait(for rows: Int) -> Bool {
        pthread_mutex_lock(mutex)
        while done < rows && !finished { pthread_cond_wait(condition, mutex) }
        let enough = done >= rows
        pthread_mutex_unlock(mutex)
        return enough
    }

    private func change(_ body: (RowsDone) -> Void) {
        pthread_mutex_lock(mutex)
        body(self)
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }
}
