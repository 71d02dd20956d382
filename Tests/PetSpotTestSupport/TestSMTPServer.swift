import Crypto
import Foundation
import PetSpotLooks
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL

/// A real SMTP server on 127.0.0.1 for the tests: EHLO, STARTTLS (a certificate for `localhost`
/// made at start, trusted through `trustRoots`), AUTH PLAIN and LOGIN, MAIL, RCPT, DATA, QUIT.
/// It keeps every message it accepts, and can refuse the first few with a 4xx to exercise retries.
public final class TestSMTPServer: Sendable {
    public struct Message: Sendable, Equatable {
        public var from: String
        public var recipients: [String]
        /// The message as sent, dots un-stuffed, CRLF line ends.
        public var data: String
        public var overTLS: Bool
        public var user: String?
        /// Whether MAIL asked for SMTPUTF8 (an address beyond ASCII).
        public var smtpUTF8 = false
    }

    struct State {
        var messages: [Message] = []
        var temporaryFailures: Int
    }

    public let port: Int
    /// Trusts this server's certificate (and only it).
    public let trustRoots: NIOSSLTrustRoots
    let channel: Channel
    let state: NIOLockedValueBox<State>

    /// Starts a server; `credentials` makes AUTH required, `temporaryFailures` answers that many
    /// MAIL commands with 451, `implicitTLS` speaks TLS from the first byte (smtps) instead of STARTTLS,
    /// `smtpUTF8` offers addresses beyond ASCII (RFC 6531).
    public static func start(
        credentials: (user: String, password: String)? = nil, temporaryFailures: Int = 0,
        offerTLS: Bool = true, implicitTLS: Bool = false, smtpUTF8: Bool = false
    ) async throws -> TestSMTPServer {
        let (certificate, key) = try selfSignedCertificate()
        let tls =
            offerTLS
            ? try NIOSSLContext(
                configuration: .makeServerConfiguration(
                    certificateChain: [.certificate(certificate)], privateKey: .privateKey(key))) : nil
        let state = NIOLockedValueBox(State(temporaryFailures: temporaryFailures))
        let config = SessionConfig(
            tls: tls, credentials: credentials.map { [$0.user, $0.password] }, implicitTLS: implicitTLS, smtpUTF8: smtpUTF8)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                child.eventLoop.makeCompletedFuture {
                    if implicitTLS, let tls { try child.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
                    try child.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineDecoder()))
                    try child.pipeline.syncOperations.addHandler(SMTPSessionHandler(config: config, state: state))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return TestSMTPServer(port: channel.localAddress?.port ?? 0, trustRoots: .certificates([certificate]), channel: channel, state: state)
    }

    init(port: Int, trustRoots: NIOSSLTrustRoots, channel: Channel, state: NIOLockedValueBox<State>) {
        self.port = port
        self.trustRoots = trustRoots
        self.channel = channel
        self.state = state
    }

    public var messages: [Message] { state.withLockedValue { $0.messages } }

    /// Waits until at least `count` messages arrived (or `timeout` passed) and returns them all.
    public func waitForMessages(_ count: Int, timeout: Duration = .seconds(120)) async throws -> [Message] {
        let deadline = ContinuousClock.now + timeout
        while messages.count < count && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        return messages
    }

    public func stop() async {
        try? await channel.close()
    }

    /// A certificate for `localhost`, signed by its own key, made by the `openssl` command (in every
    /// Debian and Swift image), so the tests need no X.509 package.
    static func selfSignedCertificate() throws -> (NIOSSLCertificate, NIOSSLPrivateKey) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-smtp-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = folder.appendingPathComponent("key.pem").path, certificate = folder.appendingPathComponent("certificate.pem").path
        // With `posix_spawn`: Foundation's `Process` crashed the test run, which holds many descriptors open.
        let arguments = [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
            "-keyout", key, "-out", certificate, "-days", "1", "-subj", "/CN=localhost",
            "-addext", "subjectAltName=DNS:localhost", "-addext", "basicConstraints=critical,CA:TRUE",
        ]
        guard ToolProcess.run("/usr/bin/env", arguments, timeout: 30)?.succeeded == true else {
            throw CertificateError(said: "`\(arguments.prefix(3).joined(separator: " ")) …` failed")
        }
        return (try NIOSSLCertificate(file: certificate, format: .pem), try NIOSSLPrivateKey(file: key, format: .pem))
    }

    struct CertificateError: Error, CustomStringConvertible {
        let said: String
        var description: String { "openssl could not make the test certificate: \(said)" }
    }
}

struct SessionConfig: Sendable {
    var tls: NIOSSLContext?
    var credentials: [String]?
    var implicitTLS: Bool
    var smtpUTF8: Bool
}

/// Splits the stream into lines (without CRLF).
final class LineDecoder: ByteToMessageDecoder {
    typealias InboundOut = String

    func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let end = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else { return .needMoreData }
        var bytes = buffer.readBytes(length: end - buffer.readerIndex + 1) ?? []
        while let last = bytes.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { bytes.removeLast() }
        context.fireChannelRead(wrapInboundOut(String(decoding: bytes, as: UTF8.self)))
        return .continue
    }
}

/// One client's conversation.
final class SMTPSessionHandler: ChannelInboundHandler {
    typealias InboundIn = String
    typealias OutboundOut = ByteBuffer

    enum Mode { case command, data, authLoginUser, authLoginPassword(String) }

    let config: SessionConfig
    let state: NIOLockedValueBox<TestSMTPServer.State>
    var mode = Mode.command
    lazy var overTLS = config.implicitTLS
    var user: String?
    var from: String?
    var smtpUTF8 = false
    var recipients: [String] = []
    var data: [String] = []

    init(config: SessionConfig, state: NIOLockedValueBox<TestSMTPServer.State>) {
        self.config = config
        self.state = state
    }

    func channelActive(context: ChannelHandlerContext) {
        reply(context, "220 localhost PetSpot test ESMTP")
        context.fireChannelActive()
    }

    func reply(_ context: ChannelHandlerContext, _ lines: String...) {
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(string: lines.map { $0 + "\r\n" }.joined())), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let line = unwrapInboundIn(data)
        switch mode {
        case .data:
            if line == "." {
                let message = TestSMTPServer.Message(
                    from: from ?? "", recipients: recipients,
                    data: self.data.joined(separator: "\r\n") + "\r\n", overTLS: overTLS, user: user, smtpUTF8: smtpUTF8)
                state.withLockedValue { $0.messages.append(message) }
                self.data = []
                mode = .command
                reply(context, "250 2.0.0 queued")
            } else {
                self.data.append(line.hasPrefix(".") ? String(line.dropFirst()) : line)
            }
        case .authLoginUser:
            mode = .authLoginPassword(decode(line))
            reply(context, "334 UGFzc3dvcmQ6")
        case .authLoginPassword(let name):
            mode = .command
            finishAuth(context, name, decode(line))
        case .command:
            command(context, line)
        }
    }

    func command(_ context: ChannelHandlerContext, _ line: String) {
        let verb = line.split(separator: " ").first.map { $0.uppercased() } ?? ""
        switch verb {
        case "EHLO", "HELO":
            var lines = ["250-localhost greets you"]
            if config.tls != nil && !overTLS { lines.append("250-STARTTLS") }
            if config.credentials != nil { lines.append("250-AUTH LOGIN PLAIN") }
            if config.smtpUTF8 { lines.append("250-SMTPUTF8") }
            lines.append("250 8BITMIME")
            reply(context, lines.joined(separator: "\r\n"))
        case "STARTTLS":
            guard let tls = config.tls, !overTLS else { return reply(context, "502 5.5.1 not offered") }
            reply(context, "220 2.0.0 ready to start TLS")
            overTLS = true
            try? context.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls), position: .first)
        case "AUTH":
            let parts = line.split(separator: " ").map(String.init)
            if parts.count >= 3, parts[1].uppercased() == "PLAIN" {
                let fields = decode(parts[2]).split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
                finishAuth(context, fields.count == 3 ? fields[1] : "", fields.last ?? "")
            } else if parts.count >= 2, parts[1].uppercased() == "LOGIN" {
                mode = .authLoginUser
                reply(context, "334 VXNlcm5hbWU6")
            } else {
                reply(context, "504 5.5.4 unknown mechanism")
            }
        case "MAIL":
            if config.credentials != nil && user == nil { return reply(context, "530 5.7.0 authentication required") }
            let refuse = state.withLockedValue { state -> Bool in
                guard state.temporaryFailures > 0 else { return false }
                state.temporaryFailures -= 1
                return true
            }
            if refuse { return reply(context, "451 4.3.0 try again later") }
            from = address(line)
            smtpUTF8 = line.uppercased().hasSuffix(" SMTPUTF8")
            recipients = []
            reply(context, "250 2.1.0 ok")
        case "RCPT":
            guard from != nil else { return reply(context, "503 5.5.1 MAIL first") }
            recipients.append(address(line))
            reply(context, "250 2.1.5 ok")
        case "DATA":
            guard !recipients.isEmpty else { return reply(context, "503 5.5.1 RCPT first") }
            mode = .data
            reply(context, "354 end with <CRLF>.<CRLF>")
        case "RSET", "NOOP":
            reply(context, "250 2.0.0 ok")
        case "QUIT":
            reply(context, "221 2.0.0 bye")
            context.close(promise: nil)
        default:
            reply(context, "502 5.5.2 unknown command")
        }
    }

    func finishAuth(_ context: ChannelHandlerContext, _ name: String, _ password: String) {
        if let credentials = config.credentials, credentials == [name, password] {
            user = name
            reply(context, "235 2.7.0 authenticated")
        } else {
            reply(context, "535 5.7.8 bad credentials")
        }
    }

    func decode(_ base64: String) -> String {
        Data(base64Encoded: base64).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    func address(_ line: String) -> String {
        guard let open = line.firstIndex(of: "<"), let close = line.lastIndex(of: ">"), open < close else { return "" }
        return String(line[line.index(after: open)..<close])
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}
