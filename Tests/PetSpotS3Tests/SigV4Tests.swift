import Foundation
@testable import PetSpotS3
import Testing

/// The signer against AWS's published examples: the S3 documentation's header-signing and presigning
/// examples (examplebucket, 2013-05-24) and cases of the generic Signature Version 4 test suite
/// (example.amazonaws.com, 2015-08-30). A signature that matches cannot match by chance.
@Suite struct SigV4Tests {
    static let s3Date = Date(timeIntervalSince1970: 1_369_353_600) // 20130524T000000Z
    static let s3Signer = SigV4(
        credentials: S3Credentials(
            accessKeyID: "AKIAIOSFODNN7EXAMPLE",
            secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
        region: "us-east-1")

    @Test func amzDateIsUTCBasicFormat() {
        #expect(SigV4.amzDate(Self.s3Date) == "20130524T000000Z")
        #expect(SigV4.amzDate(Date(timeIntervalSince1970: 1_440_938_160)) == "20150830T123600Z")
    }

    @Test func s3GetObjectWithRange() {
        let headers = [
            ("Host", "examplebucket.s3.amazonaws.com"), ("Range", "bytes=0-9"),
            ("x-amz-content-sha256", SigV4.emptyPayloadHash), ("x-amz-date", "20130524T000000Z"),
        ]
        let authorization = Self.s3Signer.authorization(
            method: "GET", path: "/test.txt", query: [], headers: headers,
            payloadHash: SigV4.emptyPayloadHash, date: Self.s3Date)
        #expect(
            authorization == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, "
                + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
    }

    @Test func s3PutObjectSignsItsPayloadAndEncodesTheKey() {
        let payload = "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072" // SHA-256 of "Welcome to Amazon S3."
        let headers = [
            ("Host", "examplebucket.s3.amazonaws.com"), ("Date", "Fri, 24 May 2013 00:00:00 GMT"),
            ("x-amz-date", "20130524T000000Z"), ("x-amz-storage-class", "REDUCED_REDUNDANCY"), ("x-amz-content-sha256", payload),
        ]
        let path = "/" + SigV4.encode("test$file.text", keepSlash: true)
        #expect(path == "/test%24file.text")
        let authorization = Self.s3Signer.authorization(method: "PUT", path: path, query: [], headers: headers, payloadHash: payload, date: Self.s3Date)
        #expect(
            authorization.hasSuffix(
                "SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, "
                    + "Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd"))
    }

    @Test func s3GetBucketLifecycleSignsAnEmptyQueryValue() {
        let headers = [
            ("Host", "examplebucket.s3.amazonaws.com"), ("x-amz-date", "20130524T000000Z"),
            ("x-amz-content-sha256", SigV4.emptyPayloadHash),
        ]
        let authorization = Self.s3Signer.authorization(
            method: "GET", path: "/", query: [("lifecycle", "")], headers: headers,
            payloadHash: SigV4.emptyPayloadHash, date: Self.s3Date)
        #expect(authorization.hasSuffix("Signature=fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543"))
    }

    @Test func s3ListObjectsSortsTheQuery() {
        let headers = [
            ("Host", "examplebucket.s3.amazonaws.com"), ("x-amz-date", "20130524T000000Z"),
            ("x-amz-content-sha256", SigV4.emptyPayloadHash),
        ]
        let authorization = Self.s3Signer.authorization(
            method: "GET", path: "/", query: [("prefix", "J"), ("max-keys", "2")], headers: headers,
            payloadHash: SigV4.emptyPayloadHash, date: Self.s3Date)
        #expect(authorization.hasSuffix("Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7"))
    }

    @Test func s3PresignedURL() {
        let query = Self.s3Signer.presignedQuery(
            method: "GET", path: "/test.txt", host: "examplebucket.s3.amazonaws.com",
            expires: 86_400, date: Self.s3Date)
        #expect(query.last?.0 == "X-Amz-Signature")
        #expect(query.last?.1 == "aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404")
        #expect(query.first { $0.0 == "X-Amz-Credential" }?.1 == "AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request")
    }

    static let suiteSigner = SigV4(
        credentials: S3Credentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"),
        region: "us-east-1", service: "service")
    static let suiteDate = Date(timeIntervalSince1970: 1_440_938_160)

    @Test(arguments: [
        ("get-vanilla", [(String, String)](), "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"),
        (
            "get-vanilla-query-order-key-case", [("Param2", "value2"), ("Param1", "value1")],
            "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"
        ),
    ])
    func signatureVersion4TestSuite(name: String, query: [(String, String)], signature: String) {
        let headers = [("Host", "example.amazonaws.com"), ("X-Amz-Date", "20150830T123600Z")]
        let authorization = Self.suiteSigner.authorization(
            method: "GET", path: "/", query: query, headers: headers,
            payloadHash: SigV4.emptyPayloadHash, date: Self.suiteDate)
        #expect(
            authorization == "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, "
                + "SignedHeaders=host;x-amz-date, Signature=\(signature)", "\(name)")
    }

    @Test func headerValuesAreTrimmedAndFolded() {
        let (request, signed) = SigV4.canonicalRequest(
            method: "GET", path: "/", query: [],
            headers: [("My-Header1", "  value1  two   words "), ("Host", "example.amazonaws.com")],
            payloadHash: "x")
        #expect(request.contains("my-header1:value1 two words\n"))
        #expect(signed == "host;my-header1")
    }

    @Test func keysAreEncodedSegmentBySegment() {
        #expect(SigV4.encode("images/a b+c~d.jpg", keepSlash: true) == "images/a%20b%2Bc~d.jpg")
        #expect(SigV4.encode("images/x", keepSlash: false) == "images%2Fx")
        #expect(SigV4.encode("żółw") == "%C5%BC%C3%B3%C5%82w")
    }

    @Test func locationsAddressPathStyleOrVirtualHosted() {
        let virtual = S3Location(bucket: "photos", prefix: "petspot", region: "eu-central-1")
        #expect(virtual.target("images/a.jpg").url == "https://photos.s3.eu-central-1.amazonaws.com/petspot/images/a.jpg")
        let minio = S3Location(bucket: "photos", endpoint: URL(string: "http://127.0.0.1:9000")!, pathStyle: true)
        #expect(minio.target("images/a.jpg").url == "http://127.0.0.1:9000/photos/images/a.jpg")
        #expect(minio.target("images/a.jpg").host == "127.0.0.1:9000")
        let parsed = S3Location.parse("s3://my-bucket/some/prefix")
        #expect(parsed?.bucket == "my-bucket" && parsed?.prefix == "some/prefix")
        #expect(S3Location.parse("s3://Bad_Bucket") == nil && S3Location.parse("folder") == nil && S3Location.parse("s3://ab") == nil)
        #expect(S3Location.parse("s3://bucket/../x") == nil)
    }
}
