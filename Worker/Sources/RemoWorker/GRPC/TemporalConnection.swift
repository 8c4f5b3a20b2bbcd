import NIOCore
import NIOSSL

/// How the worker reaches Temporal's frontend: its address, TLS (server-authenticated, or
/// mutual with a client certificate) and an API key, as Temporal Cloud and TLS-fronted
/// self-hosted clusters take them (docs/worker.md).
public struct TemporalConnection: Sendable {
    /// TLS settings.
    public struct TLS: Sendable {
        /// A PEM file of the CAs to trust; nil: the system's roots.
        public var caFile: String?
        /// A PEM certificate chain and its private key, for mutual TLS.
        public var certificateFile: String?
        /// The private key of ``certificateFile``.
        public var keyFile: String?
        /// The name to expect in the server's certificate (and send as SNI); nil: the host,
        /// or, for an IP address, the address itself (checked against the certificate's IP
        /// names).
        public var serverName: String?

        /// TLS with the system's roots and no client certificate.
        public init() {}
    }

    /// The frontend's host.
    public var host: String
    /// The frontend's port.
    public var port: Int
    /// TLS, or nil for plaintext.
    public var tls: TLS?
    /// Sent as `authorization: Bearer …` on every call (with the namespace as
    /// `temporal-namespace`, which Temporal Cloud routes API-key calls by).
    public var apiKey: String?

    /// A plaintext connection to `host:port`.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// The TLS context, made once: the files are read and checked here, so that a bad one
    /// stops the worker at its start, named.
    ///
    /// - Throws: ``TemporalConnectionError`` naming the option whose file is wrong.
    func makeTLSContext() throws(TemporalConnectionError) -> NIOSSLContext? {
        guard let tls else { return nil }
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.applicationProtocols = ["h2"]
        configuration.minimumTLSVersion = .tlsv12
        if let caFile = tls.caFile {
            do {
                configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(caFile))
            } catch {
                throw TemporalConnectionError(option: "tlsCa", "cannot read the CA certificates in \(caFile) (\(error))")
            }
        }
        switch (tls.certificateFile, tls.keyFile) {
        case (let certificate?, let key?):
            do {
                configuration.certificateChain = try NIOSSLCertificate.fromPEMFile(certificate).map { .certificate($0) }
            } catch {
                throw TemporalConnectionError(option: "tlsCert", "cannot read the certificate chain in \(certificate) (\(error))")
            }
            do {
                configuration.privateKey = .privateKey(try NIOSSLPrivateKey(file: key, format: .pem))
            } catch {
                throw TemporalConnectionError(option: "tlsKey", "cannot read the private key in \(key) (\(error))")
            }
        case (nil, nil): break
        case (nil, _?): throw TemporalConnectionError(option: "tlsCert", "is needed with a key: mutual TLS takes both")
        case (_?, nil): throw TemporalConnectionError(option: "tlsKey", "is needed with a certificate: mutual TLS takes both")
        }
        do {
            return try NIOSSLContext(configuration: configuration)
        } catch {
            throw TemporalConnectionError(option: "tlsCert", "the certificate and key do not make a TLS context (\(error))")
        }
    }

    /// The name sent as SNI and checked against the certificate: nil for an IP address
    /// without `serverName` (the address is checked against the certificate's IP names).
    var serverHostname: String? {
        if let name = tls?.serverName { return name }
        let isAddress = (try? SocketAddress(ipAddress: host, port: 0)) != nil
        return isAddress ? nil : host
    }

    /// The metadata every call carries.
    func metadata(namespace: String) -> [(String, String)] {
        guard let apiKey else { return [] }
        return [("authorization", "Bearer \(apiKey)"), ("temporal-namespace", namespace)]
    }
}

/// A connection setting that cannot be used: the option (by its setting name, camel case)
/// and what is wrong with it.
public struct TemporalConnectionError: Error, Sendable {
    /// The setting's name (`tlsCA`).
    public var option: String
    /// What is wrong.
    public var message: String

    init(option: String, _ message: String) {
        self.option = option
        self.message = message
    }
}
