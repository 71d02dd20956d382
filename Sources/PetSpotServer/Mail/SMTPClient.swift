import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// Where and how to hand mail over: `smtp://user:pass@host:port` (STARTTLS whenever the server offers
/// it) or `smtps://…` (TLS from the first byte).
public struct SMTPSettings: Sendable {
    public enum Security: Sendable, Equatable { case startTLSWhenOffered, implicitTLS }

    public var host: String
    public var port: Int
    public var username: String?
    public var password: String?
    public var security: Security
    /// Certificates to trust instead of the system's (`PETSPOT_SMTP_CA_FILE`, or a test's own CA).
    public var trustRoots: NIOSSLTrustRoots = .default
    /// The name this side gives in EHLO.
    public var localName = "petspot.localhost"
    /// How long one whole conversation may take.
    public var timeout: TimeAmount = .seconds(60)

    /// Parses `PETSPOT_SMTP_URL`; user and password may be percent-encoded.
    public init(url text: String) throws {
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(), ["smtp", "smtps"].contains(scheme),
            let host = url.host, !host.isEmpty
        else { throw SMTPError.invalidURL }
        self.host = host
        security = scheme == "smtps" ? .implicitTLS : .startTLSWhenOffered
        port = url.port ?? (scheme == "smtps" ? 465 : 25)
        username = url.user.flatMap { $0.isEmpty ? nil : $0 }
        password = url.password
        guard (1...65535).contains(port) else { throw SMTPError.invalidURL }
    }

    /// The URL without its password, for logs.
    public var redacted: String {
        "\(security == .implicitTLS ? "smtps" : "smtp")://\(username.map { "\($0):***@" } ?? "")\(host):\(port)"
    }

    var isLoopback: Bool { ["localhost", "127.0.0.1", "::1"].contains(host.lowercased()) }
}

public enum SMTPError: Error, Equatable, CustomStringConvertible {
    case invalidURL
    /// The server answered `code`: 5xx is a refusal for good, 4xx a "try later".
    case rejected(code: Int, message: String)
    /// The server wants a password but offers no TLS and is not on this machine: it is not sent.
    case insecureAuthentication
    case unsupportedAuthentication
    case connectionClosed
    /// The recipient's address names no host (`a@x,y.com`, which the contract's address rule lets through).
    case unusableRecipient

    public var isPermanent: Bool {
        switch self {
        case .rejected(let code, _): return code >= 500
        case .invalidURL, .insecureAuthentication, .unsupportedAuthentication, .unusableRecipient: return true
        case .connectionClosed: return false
        }
    }

    public var description: String {
        switch self {
        case .invalidURL: return "PETSPOT_SMTP_URL must look like smtp://user:password@host:port or smtps://…"
        case .rejected(let code, let message): return "SMTP server answered \(code) \(message)"
        case .insecureAuthentication: return "the SMTP server offers no TLS; the password is not sent in the clear"
        case .unsupportedAuthentication: return "the SMTP server offers neither AUTH PLAIN nor AUTH LOGIN"
        case .connectionClosed: return "the SMTP connection closed early"
        case .unusableRecipient: return "the recipient's address names no host; not sent"
        }
    }
}

/// One SMTP conversation a message (RFC 5321): greeting, EHLO, STARTTLS, AUTH, MAIL, RCPT, DATA, QUIT.
public struct SMTPClient: Sendable {
    public let settings: SMTPSettings

    public init(settings: SMTPSettings) {
        self.settings = settings
    }

    /// Hands `message` (a complete RFC 5322 message) for `recipient` to the server.
    public func send(_ message: String, from sender: String, to recipient: String) async throws {
        let settings = self.settings
        let tls = try Self.tlsContext(settings)
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(15))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if settings.security == .implicitTLS {
                        try channel.pipeline.syncOperations.addHandler(try Self.tlsHandler(tls, host: settings.host))
                    }
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(SMTPReplyDecoder()))
                    try channel.pipeline.syncOperations.addHandler(SMTPClientHandler())
                }
            }
            .connect(host: settings.host, port: settings.port).get()
        // One deadline for the whole conversation: closing the channel fails whatever is awaited.
        let deadline = channel.eventLoop.scheduleTask(in: settings.timeout) { channel.close(promise: nil) }
        defer {
            deadline.cancel()
            channel.close(promise: nil)
        }
        let conversation = SMTPConversation(channel: channel)
        try await conversation.expect(nil, 220)
        var capabilities = try await conversation.expect("EHLO \(settings.localName)", 250).lines
        var secure = settings.security == .implicitTLS
        if !secure, capabilities.contains(where: { $0.uppercased() == "STARTTLS" }) {
            try await conversation.expect("STARTTLS", 220)
            try await channel.eventLoop.submit {
                try channel.pipeline.syncOperations.addHandler(try Self.tlsHandler(tls, host: settings.host), position: .first)
            }.get()
            secure = true
            capabilities = try await conversation.expect("EHLO \(settings.localName)", 250).lines
        }
        if let username = settings.username {
            guard secure || settings.isLoopback else { throw SMTPError.insecureAuthentication }
            try await authenticate(conversation, username: username, password: settings.password ?? "", capabilities: capabilities)
        }
        // An address beyond ASCII (`zażółć@example.pl`, RFC 6531) goes only to a server that says it takes
        // one (SMTPUTF8); to any other it could not be delivered, so it is given up for good.
        let international = !(sender + recipient).unicodeScalars.allSatisfy(\.isASCII)
        if international, !capabilities.contains(where: { $0.uppercased() == "SMTPUTF8" }) { throw SMTPError.unusableRecipient }
        try await conversation.expect("MAIL FROM:<\(sender)>" + (international ? " SMTPUTF8" : ""), 250)
        try await conversation.expect("RCPT TO:<\(recipient)>", 250, 251)
        try await conversation.expect("DATA", 354)
        try await conversation.expect(Self.dotStuffed(message) + ".", 250)
        _ = try? await conversation.reply(to: "QUIT")
    }

    private func authenticate(_ conversation: SMTPConversation, username: String, password: String, capabilities: [String]) async throws {
        let mechanisms = capabilities.first { $0.uppercased().hasPrefix("AUTH") }?.uppercased().split(separator: " ").dropFirst() ?? []
        if mechanisms.contains("PLAIN") {
            let token = Data("\u{0}\(username)\u{0}\(password)".utf8).base64EncodedString()
            try await conversation.expect("AUTH PLAIN \(token)", 235)
        } else if mechanisms.contains("LOGIN") {
            try await conversation.expect("AUTH LOGIN", 334)
            try await conversation.expect(Data(username.utf8).base64EncodedString(), 334)
            try await conversation.expect(Data(password.utf8).base64EncodedString(), 235)
        } else {
            throw SMTPError.unsupportedAuthentication
        }
    }

    /// CRLF line ends, and a dot doubled at the start of a line (RFC 5321 §4.5.2); ends with CRLF.
    static func dotStuffed(_ message: String) -> String {
        let lines = message.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        let body = lines.map { $0.hasPrefix(".") ? "." + $0 : String($0) }.joined(separator: "\r\n")
        return body.hasSuffix("\r\n") ? body : body + "\r\n"
    }

    static func tlsContext(_ settings: SMTPSettings) throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = settings.trustRoots
        return try NIOSSLContext(configuration: configuration)
    }

    /// A TLS client handler that checks the certificate names `host` (an IP address is checked
    /// against the certificate's IP entries, as SNI cannot carry one).
    static func tlsHandler(_ context: NIOSSLContext, host: String) throws -> NIOSSLClientHandler {
        let isAddress = (try? SocketAddress(ipAddress: host, port: 0)) != nil
        return try NIOSSLClientHandler(context: context, serverHostname: isAddress ? nil : host)
    }
}
