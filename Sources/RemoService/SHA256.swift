import CRemoCrypto

/// The SHA-256 of a job's output, as results give it, through the system's libcrypto
/// (OpenSSL, Debian's libssl-dev): one call, where swift-crypto would compile a copy of
/// BoringSSL into every clean build.
public enum SHA256 {
    /// The digest of `bytes` in lower-case hexadecimal.
    public static func hex(_ bytes: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        let done = bytes.withUnsafeBytes { remo_sha256($0.baseAddress, $0.count, &digest) }
        precondition(done == 1, "OpenSSL could not compute a SHA-256")  // only without memory
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }
}
