import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1

/// Uploads in parts, and the file reading they need.
extension S3Client {
    func putInParts(_ key: String, file: URL, size: Int, contentType: String) async throws {
        guard let created = try await send(.POST, key: key, query: [("uploads", "")], headers: [("content-type", contentType)]) else {
            throw S3Error.badResponse("no upload id")
        }
        let uploadID = try S3XML.value("UploadId", in: Array(try await created.body.collect(upTo: 1 << 20).readableBytesView))
        do {
            var etags: [String] = []
            for (index, start) in stride(from: 0, to: size, by: partSize).enumerated() {
                let range = Int64(start)..<Int64(min(start + partSize, size))
                let response = try await send(
                    .PUT, key: key, query: [("partNumber", String(index + 1)), ("uploadId", uploadID)],
                    body: Self.fileBody(file, range: range), payloadHash: try Self.sha256(file, range: range))
                guard let etag = response?.headers.first(name: "etag") else { throw S3Error.badResponse("a part without an ETag") }
                etags.append(etag)
            }
            let parts = etags.enumerated().map { "<Part><PartNumber>\($0.offset + 1)</PartNumber><ETag>\(S3XML.escape($0.element))</ETag></Part>" }
            let body = Array("<CompleteMultipartUpload>\(parts.joined())</CompleteMultipartUpload>".utf8)
            let done = try await send(
                .POST, key: key, query: [("uploadId", uploadID)], body: .bytes(ByteBuffer(bytes: body)),
                payloadHash: SigV4.hex(SHA256.hash(data: body)))
            // S3 may answer 200 and report the failure in the body.
            if let answer = try await done?.body.collect(upTo: 1 << 20), let error = S3XML.error(Array(answer.readableBytesView)) { throw error }
        } catch {
            _ = try? await send(.DELETE, key: key, query: [("uploadId", uploadID)], allowing: [404])
            throw error
        }
    }

    static func fileSize(_ file: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        return (attributes[.size] as? NSNumber)?.intValue ?? 0
    }

    /// A part of a file as a request body, read in 256 KiB chunks as the request sends it.
    static func fileBody(_ file: URL, range: Range<Int64>) -> HTTPClientRequest.Body {
        .stream(FileRangeChunks(path: file.path, range: range), length: .known(range.upperBound - range.lowerBound))
    }

    /// The hex SHA-256 of a part of a file, read in chunks.
    static func sha256(_ file: URL, range: Range<Int64>) throws -> String {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(range.lowerBound))
        var hash = SHA256()
        var left = Int(range.upperBound - range.lowerBound)
        while left > 0, let chunk = try handle.read(upToCount: min(left, 256 << 10)), !chunk.isEmpty {
            hash.update(data: chunk)
            left -= chunk.count
        }
        return SigV4.hex(hash.finalize())
    }
}

/// The bytes of `range` of a file, in 256 KiB chunks, read when asked for (so an upload holds one chunk).
public struct FileRangeChunks: AsyncSequence, Sendable {
    public typealias Element = ByteBuffer
    let path: String
    let range: Range<Int64>

    public init(path: String, range: Range<Int64>) {
        self.path = path
        self.range = range
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let handle: Foundation.FileHandle?
        var left: Int64

        public mutating func next() async throws -> ByteBuffer? {
            guard let handle, left > 0 else {
                try? handle?.close()
                return nil
            }
            guard let data = try handle.read(upToCount: Int(Swift.min(left, 256 << 10))), !data.isEmpty else {
                throw S3Error.badResponse("the file being sent got shorter")
            }
            left -= Int64(data.count)
            return ByteBuffer(bytes: data)
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        let handle = Foundation.FileHandle(forReadingAtPath: path)
        try? handle?.seek(toOffset: UInt64(range.lowerBound))
        return AsyncIterator(handle: handle, left: range.upperBound - range.lowerBound)
    }
}
