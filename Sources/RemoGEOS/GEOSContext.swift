import CRemoGEOS
import Foundation

/// A GEOS reentrant context, one per thread, created on first use and finished
/// when the thread ends.
///
/// GEOS reports errors through a message handler; the context keeps the last
/// message so that each call can turn a failure into a ``GEOSError``.
final class GEOSContext {
    let handle: GEOSContextHandle_t
    /// Messages from GEOS since the last call to `takeMessage()`.
    fileprivate var lastError: String?
    fileprivate var lastNotice: String?

    private init?() {
        guard let handle = GEOS_init_r() else { return nil }
        self.handle = handle
        let me = Unmanaged.passUnretained(self).toOpaque()
        GEOSContext_setErrorMessageHandler_r(
            handle,
            { message, userdata in
                guard let message, let userdata else { return }
                let context = Unmanaged<GEOSContext>.fromOpaque(userdata).takeUnretainedValue()
                context.lastError = String(cString: message)
            }, me)
        GEOSContext_setNoticeMessageHandler_r(
            handle,
            { message, userdata in
                guard let message, let userdata else { return }
                let context = Unmanaged<GEOSContext>.fromOpaque(userdata).takeUnretainedValue()
                context.lastNotice = String(cString: message)
            }, me)
    }

    deinit {
        GEOS_finish_r(handle)
    }

    private static let key = "remo-geom.GEOSContext"

    /// The calling thread's context.
    ///
    /// - Throws: ``GEOSError/contextUnavailable`` when GEOS cannot create one.
    static func current() throws(GEOSError) -> GEOSContext {
        let dictionary = Thread.current.threadDictionary
        if let context = dictionary[key] as? GEOSContext { return context }
        guard let context = GEOSContext() else { throw .contextUnavailable }
        dictionary[key] = context
        return context
    }

    /// The error GEOS reported for the call that just failed, as a Swift error.
    func failure(_ operation: String) -> GEOSError {
        defer { lastError = nil }
        return .operationFailed(operation: operation, message: lastError ?? "no message from GEOS")
    }

    /// The GEOS version string, such as `3.11.1-CAPI-1.17.1`.
    static var version: String { String(cString: GEOSversion()) }
}

/// A failure inside GEOS, with GEOS's own message.
public enum GEOSError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `GEOS_init_r` failed.
    case contextUnavailable
    /// A GEOS call failed; `message` is what GEOS said.
    case operationFailed(operation: String, message: String)

    public var description: String {
        switch self {
        case .contextUnavailable: return "GEOS: could not create a context"
        case .operationFailed(let operation, let message): return "GEOS \(operation): \(message)"
        }
    }
}
