import Foundation
import NIOCore
import NIOPosix
import NIOSSL

// The SMTP conversation on the wire: replies, requests, the decoder and the channel handler.
/// A reply: its code and the text of each line.
struct SMTPReply: Sendable {
    var code: Int
    var lines: [String]
}

/// Sends commands on the channel and awaits their replies, one at a time.
struct SMTPConversation {
    let channel: Channel

    func reply(to command: String?) async throws -> SMTPReply {
        let promise = channel.eventLoop.makePromise(of: SMTPReply.self)
        let bytes = command.map { channel.allocator.buffer(string: $0 + "\r\n") }
        do {
            try await channel.writeAndFlush(SMTPRequest(bytes: bytes, reply: promise)).get()
        } catch {
            // A write the channel refused (it closed meanwhile) never reached the handler: its reply
            // promise would leak unanswered. A second completion of a promise is a no-op.
            promise.fail(error)
            throw error
        }
        return try await promise.futureResult.get()
    }

    /// The reply to `command` (nil: the greeting), which must carry one of `codes`.
    @discardableResult
    func expect(_ command: String?, _ codes: Int...) async throws -> SMTPReply {
        let reply = try await reply(to: command)
        guard codes.contains(reply.code) else {
            throw SMTPError.rejected(code: reply.code, message: reply.lines.joined(separator: " "))
        }
        return reply
    }
}

struct SMTPRequest: Sendable {
    var bytes: ByteBuffer?
    var reply: EventLoopPromise<SMTPReply>
}

/// Reads replies: lines `250-…` continue, `250 …` ends one.
final class SMTPReplyDecoder: ByteToMessageDecoder {
    typealias InboundOut = SMTPReply
    private var lines: [String] = []

    func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let end = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.readableBytes > 4096 { throw SMTPError.rejected(code: 500, message: "reply line too long") }
            return .needMoreData
        }
        let line = Self.readLine(&buffer, through: end)
        let characters = Array(line)
        guard characters.count >= 3, let code = Int(String(characters[0..<3])) else {
            throw SMTPError.rejected(code: 500, message: "malformed reply")
        }
        lines.append(characters.count > 4 ? String(characters[4...]) : "")
        if characters.count < 4 || characters[3] != "-" {
            context.fireChannelRead(wrapInboundOut(SMTPReply(code: code, lines: lines)))
            lines = []
        }
        return .continue
    }

    /// The text up to the LF at `end`, without the CR LF (a Swift `Character` joins CR LF into one).
    static func readLine(_ buffer: inout ByteBuffer, through end: Int) -> String {
        var bytes = buffer.readBytes(length: end - buffer.readerIndex + 1) ?? []
        while let last = bytes.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Matches replies to the requests awaiting them; a reply that comes first (the greeting) waits. Once
/// the connection failed or closed, every request fails at once (none may wait for a reply that
/// cannot come).
final class SMTPClientHandler: ChannelDuplexHandler {
    typealias InboundIn = SMTPReply
    typealias OutboundIn = SMTPRequest
    typealias OutboundOut = ByteBuffer

    private var waiting = CircularBuffer<EventLoopPromise<SMTPReply>>()
    private var early = CircularBuffer<SMTPReply>()
    private var failure: Error?

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let request = unwrapOutboundIn(data)
        if let failure {
            request.reply.fail(failure)
            promise?.fail(failure)
            return
        }
        if let reply = early.popFirst() { request.reply.succeed(reply) } else { waiting.append(request.reply) }
        if let bytes = request.bytes {
            context.write(wrapOutboundOut(bytes), promise: promise)
        } else {
            promise?.succeed()
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let reply = unwrapInboundIn(data)
        if let promise = waiting.popFirst() { promise.succeed(reply) } else { early.append(reply) }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        failAll(error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        failAll(SMTPError.connectionClosed)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        failAll(SMTPError.connectionClosed)
    }

    private func failAll(_ error: Error) {
        if failure == nil { failure = error }
        while let promise = waiting.popFirst() { promise.fail(error) }
    }
}
