#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An encoded image as a job is given it: the file's bytes in memory, or the file itself,
/// read as it is decoded so that it is not held whole beside the pixels (`composite` reads
/// two PNG files so; decoders that take only memory read it whole first).
public enum ImageInput: Sendable {
    /// The whole file's bytes.
    case bytes([UInt8])
    /// An open file.
    case file(ImageFile)

    /// Up to `count` bytes from the start: enough to read a header.
    public func prefix(_ count: Int) -> [UInt8] {
        switch self {
        case .bytes(let bytes): Array(bytes.prefix(count))
        case .file(let file): (try? file.read(at: 0, count: min(count, file.size)).get()) ?? []
        }
    }

    /// The whole file's bytes; the reason when a file cannot be read.
    public func bytes() -> Result<[UInt8], ImageFile.ReadError> {
        switch self {
        case .bytes(let bytes): .success(bytes)
        case .file(let file): file.read(at: 0, count: file.size)
        }
    }
}

/// An open regular file, read with `pread` (its descriptor's offset is never used, so that
/// reads from several threads do not disturb each other) and closed when the last
/// reference to it goes.
public final class ImageFile: Sendable {
    /// Why a file could not be read: the system's reason.
    public struct ReadError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The system's reason, such as "Input/output error".
        public let description: String
    }

    /// The open descriptor.
    let descriptor: Int32
    /// The file's size when it was opened; a file that shrinks afterwards reads as
    /// truncated.
    public let size: Int

    /// Takes over `descriptor`, open on a regular file of `size` bytes: it is closed with
    /// this object.
    public init(descriptor: Int32, size: Int) {
        self.descriptor = descriptor
        self.size = size
    }

    deinit {
        close(descriptor)
    }

    /// `count` bytes from `offset`, fewer when the file ends first.
    func read(at offset: Int, count: Int) -> Result<[UInt8], ReadError> {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, done in
            done = 0
            while done < count {
                let n = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
                if n > 0 {
                    done += n
                } else if n == 0 {
                    break
                } else if errno != EINTR {
                    failure = errno
                    break
                }
            }
        }
        guard failure == 0 else { return .failure(ReadError(description: String(cString: strerror(failure)))) }
        return .success(bytes)
    }
}
