import RemoImage
import RemoLasso
import RemoRender

#if canImport(Glibc)
    import Glibc
#endif

extension Jobs {
    /// Whether `composite` can blend row by row: both images PNGs of the document's size
    /// that are not interlaced (the usual case: a design image and a generator's answer).
    static func compositesByRows(before: [UInt8], after: [UInt8], width: Int, height: Int) -> Bool {
        [before, after].allSatisfy { bytes in
            PNGCodec.header(bytes).map { ($0.width, $0.height, $0.interlaced) == (width, height, false) } ?? false
        }
    }

    /// `composite` without holding `before` whole: `after`'s rows are decoded on a second
    /// thread into the buffer that becomes the composite, while `before`'s rows are decoded
    /// here, a few at a time, and blended into it as soon as `after`'s same rows are in. The
    /// same bytes as blending two whole images (``blend(before:after:mask:count:into:)``), with
    /// one full-size image held instead of two. Only for what
    /// ``compositesByRows(before:after:width:height:)`` accepts.
    static func compositeByRows(
        before: Handover<[UInt8]>, after: Handover<[UInt8]>, document: RegionDocument, width: Int, height: Int,
        request: CompositeRequest, names: (before: String, after: String, regions: String)
    ) throws(JobError) -> CompositeResult {
        let rowBytes = width * 4
        var output = [UInt8](repeating: 0, count: rowBytes * height)
        let afterRows = RowsDone()
        var kept: (alpha: Bool, colour: ColourChunks)?
        let afterAlpha = try output.withUnsafeMutableBufferPointer { (output) throws(JobError) -> Bool in
            let target = output.baseAddress!
            let decodeAfter = { () -> Result<Bool, JobError> in
                defer { afterRows.finish() }
                do throws(PNGError) {
                    return .success(
                        try PNGCodec.withRows(after.take(), maximumPixels: request.maximumPixels) { (rows) throws(PNGError) in
                            while rows.done < rows.height {
                                try rows.read(16, into: target + rows.done * rowBytes)
                                afterRows.update(rows.done)
                            }
                            return rows.hadTransparency
                        })
                } catch {
                    return .failure(JobError(ImageDecoder.imageError(error), name: names.after))
                }
            }
            let (afterResult, _) = try SideThread.run(decodeAfter) { () throws(JobError) in
                let mask = try coverage(
                    document, regions: document.regions, grow: request.grow, feather: request.feather,
                    maximumPixels: request.maximumPixels, name: names.regions)
                do throws(PNGError) {
                    kept = try PNGCodec.withRows(before.take(), maximumPixels: request.maximumPixels) { (rows) throws(PNGError) in
                        var chunk = [UInt8](repeating: 0, count: 16 * rowBytes)
                        try chunk.withUnsafeMutableBufferPointer { (chunk) throws(PNGError) in
                            try mask.values.withUnsafeBufferPointer { (mask) throws(PNGError) in
                                while rows.done < rows.height {
                                    let first = rows.done
                                    try rows.read(16, into: chunk.baseAddress!)
                                    // `after` stopped early: its error is thrown below.
                                    guard afterRows.wait(for: rows.done) else { return }
                                    let start = target + first * rowBytes
                                    blend(
                                        before: chunk.baseAddress!, after: start, mask: mask.baseAddress! + first * width,
                                        count: (rows.done - first) * width, into: start)
                                }
                            }
                        }
                        return (rows.hadTransparency, rows.colour)
                    }
                } catch {
                    throw JobError(ImageDecoder.imageError(error), name: names.before)
                }
            }
            return try afterResult.get()
        }
        guard let kept else { preconditionFailure("blended without before's header") }
        let picture = RGBAImage(
            width: width, height: height, pixels: consume output, hadTransparency: kept.alpha || afterAlpha, colour: kept.colour)
        do {
            return CompositeResult(
                png: try PNGCodec.encode(consume picture, compression: request.compression), width: width, height: height,
                scaledAfter: false)
        } catch {
            throw JobError(.encodingFailed, message: "the composite could not be encoded: \(error)")
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

/// How many of an image's rows a second thread has decoded so far: the thread says so after
/// writing them, and a reader waits for the rows it needs before it reads them, so no row
/// is written and read at once. (POSIX primitives: the module does not import Foundation.)
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

    /// The first `rows` rows are written.
    func update(_ rows: Int) {
        change { $0.done = rows }
    }

    /// No more rows will come (all are in, or the decoder stopped).
    func finish() {
        change { $0.finished = true }
    }

    /// Waits until the first `rows` rows are in; false when the decoder stopped before them.
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
