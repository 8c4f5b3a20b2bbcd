import RemoImage
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A JPEG's rows decoded on a thread of their own while the caller works on the rows
/// already done: the photo check measures the top of a photo while libjpeg-turbo is still
/// decoding the bottom.
///
/// The decoding thread writes the rows in order and only then says how many are done; the
/// caller waits for the rows it needs and reads only those, so no row is written and read
/// at once. (A thread of its own, not a Dispatch queue: the caller may itself be one of a
/// pool's threads, and a pool whose every thread waits for work queued behind it stalls.
/// A POSIX thread, not Foundation's `Thread`, whose `start()` does not say when no thread
/// could be made: then the caller would wait for ever. Here the rows are then decoded
/// first, on the caller's thread.)
final class RowsInFlight: @unchecked Sendable {  // the state below is guarded by `condition`
    private let condition = NSCondition()
    private var rowsDone = 0
    private var failure: ImageError?
    private var finished = false

    /// What the decoding thread works on.
    private let rows: JPEGRows
    private let target: UnsafeMutablePointer<UInt8>
    private let chunk: Int

    private init(rows: JPEGRows, target: UnsafeMutablePointer<UInt8>, chunk: Int) {
        (self.rows, self.target, self.chunk) = (rows, target, chunk)
    }

    /// Decodes `rows` into `pixels` (`rows.width * rows.channels` bytes a row) on a new
    /// thread, `chunk` rows at a time, and meanwhile runs `work` here. `work` is given a
    /// function that waits until the first *n* rows are in `pixels`, or throws the decoder's
    /// error. Returns once both are done; throws the decoder's error even when `work` did
    /// not need the rows it stopped at.
    ///
    /// - Parameter newThread: false decodes every row here before `work` starts, as when
    ///   no thread can be made.
    static func decode<Result>(
        _ rows: JPEGRows, into pixels: UnsafeMutableBufferPointer<UInt8>, chunk: Int, newThread: Bool = true,
        while work: (_ waitForRows: (Int) throws(ImageError) -> Void) throws(ImageError) -> Result
    ) throws(ImageError) -> Result {
        precondition(pixels.count >= rows.width * rows.height * rows.channels)
        let flight = RowsInFlight(rows: rows, target: pixels.baseAddress!, chunk: chunk)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(flight).toOpaque()
        let started =
            newThread
            && pthread_create(
                &thread, nil,
                { context in
                    Unmanaged<RowsInFlight>.fromOpaque(context!).takeRetainedValue().decode()
                    return nil
                }, context) == 0
        if !started {
            Unmanaged<RowsInFlight>.fromOpaque(context).release()
            flight.decode()
        }
        // The thread writes to `pixels` until it ends, so this waits for it even when `work`
        // throws.
        let result: Result
        do {
            result = try work(flight.waitForRows)
        } catch {
            if started { pthread_join(thread, nil) }
            throw error
        }
        if started { pthread_join(thread, nil) }
        if let failure = flight.failure { throw failure }  // the thread has ended: no lock needed
        return result
    }

    /// The decoding thread: the rows a chunk at a time, each chunk announced when written.
    private func decode() {
        var rows = self.rows
        let rowBytes = rows.width * rows.channels
        do {
            while rows.done < rows.height {
                try rows.read(chunk, into: target + rows.done * rowBytes)
                let done = rows.done
                update { $0.rowsDone = done }
            }
        } catch {
            update { $0.failure = error }
        }
        update { $0.finished = true }
    }

    private func update(_ change: (RowsInFlight) -> Void) {
        condition.lock()
        change(self)
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the first `count` rows are decoded; throws the decoder's error if it
    /// stopped before them.
    private func waitForRows(_ count: Int) throws(ImageError) {
        condition.lock()
        while rowsDone < count && failure == nil && !finished { condition.wait() }
        let (done, failure) = (rowsDone, failure)
        condition.unlock()
        if let failure { throw failure }
        precondition(done >= count, "waited for \(count) rows; the image has \(done)")
    }
}
