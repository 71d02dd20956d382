import Foundation
@testable import PetSpotServer
import Testing

/// The streaming multipart parser gives the same parts however the body is cut into chunks.
@Suite struct MultipartStreamTests {
    static let body =
        "preamble\r\n--XyZ\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nRex\r\n"
        + "--XyZ\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"a.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"
        + "\r\n--Xy almost a delimiter\r\n-\r\n--XyZ--\r\nepilogue"

    func parse(chunkSize: Int) throws -> [String] {
        var stream = MultipartStream(boundary: "XyZ")
        var events: [String] = []
        var body = ""
        let bytes = Array(Self.body.utf8)
        for start in stride(from: 0, to: bytes.count, by: chunkSize) {
            try stream.feed(Data(bytes[start..<min(start + chunkSize, bytes.count)])) { event in
                switch event {
                case .headers(let headers): events.append("headers:" + headers.map { "\($0.name)=\($0.value)" }.joined(separator: ";"))
                case .body(let data): body += String(decoding: data, as: UTF8.self)
                case .partEnd:
                    events.append("body:" + body)
                    body = ""
                }
            }
        }
        #expect(stream.isComplete)
        return events
    }

    @Test(arguments: [1, 2, 3, 7, 16, 1000])
    func chunkingDoesNotChangeTheParts(_ size: Int) throws {
        #expect(
            try parse(chunkSize: size) == [
                "headers:content-disposition=form-data; name=\"name\"", "body:Rex",
                "headers:content-disposition=form-data; name=\"photo\"; filename=\"a.jpg\";content-type=image/jpeg",
                "body:\r\n--Xy almost a delimiter\r\n-",
            ])
    }

    @Test func garbageAfterADelimiterIsMalformed() {
        var stream = MultipartStream(boundary: "b")
        #expect(throws: MultipartStream.Malformed.self) { try stream.feed(Data("--bXX".utf8)) { _ in } }
    }
}
