import Foundation
import Logging
import PetSpotS3

/// Where photos are kept (`--photo-store`): the data folder, or an S3 bucket and prefix reached at
/// `endpoint` in `region`, path-style for MinIO and Ceph. The keys come from the usual environment
/// variables only, so they are never on a command line (where every user of the machine sees them) and
/// never in a log.
public struct PhotoStoreSettings: Sendable {
    /// The bucket and key prefix; nil keeps photos in the data folder.
    public var bucket: (name: String, prefix: String)?
    public var endpoint: URL?
    public var region = S3Location.defaultRegion
    public var pathStyle = false
    public var accessKeyID: String?
    public var secretAccessKey: String?
    public var sessionToken: String?
    /// Above 0: a photo in a bucket is answered with a redirect to a presigned URL good this long.
    public var redirectSeconds = 0

    public init() {}

    /// `folder`, or `s3://bucket/prefix`.
    static func store(_ text: String) throws -> (name: String, prefix: String)? {
        if text == "folder" { return nil }
        guard let (bucket, prefix) = S3Location.parse(text) else {
            throw ConfigurationError.invalidPhotoStore(
                "PETSPOT_PHOTO_STORE must be 'folder' or s3://bucket/prefix (a bucket name of 3 to 63 lower-case letters, digits, dots and hyphens), got '\(text)'"
            )
        }
        return (bucket, prefix)
    }

    /// An http(s) endpoint with a host and no user or password in it (keys go in the environment).
    static func endpoint(_ text: String) throws -> URL {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false,
            url.user == nil, url.password == nil, url.query == nil
        else {
            throw ConfigurationError.invalidPhotoStore(
                "PETSPOT_S3_ENDPOINT must be an http(s) URL without a user, password or query, such as http://127.0.0.1:9000")
        }
        return url
    }

    static func region(_ text: String) throws -> String {
        guard !text.isEmpty, text.count <= 40, text.allSatisfy({ $0.isLetter && $0.isASCII && $0.isLowercase || $0.isNumber || $0 == "-" }) else {
            throw ConfigurationError.invalidPhotoStore("PETSPOT_S3_REGION must be a region name such as eu-central-1, got '\(text)'")
        }
        return text
    }

    static func flag(_ text: String, name: String) throws -> Bool {
        guard let value = ["true": true, "false": false, "1": true, "0": false][text.lowercased()] else {
            throw ConfigurationError.invalidPhotoStore("\(name) must be true or false, got '\(text)'")
        }
        return value
    }

    static func redirect(_ text: String) throws -> Int {
        guard let seconds = Int(text), (0...3600).contains(seconds) else {
            throw ConfigurationError.invalidPhotoStore("PETSPOT_PHOTO_REDIRECT_SECONDS must be a whole number from 0 to 3600, got '\(text)'")
        }
        return seconds
    }

    /// The bucket's location, when photos go to one.
    public var location: S3Location? {
        bucket.map { S3Location(bucket: $0.name, prefix: $0.prefix, endpoint: endpoint, region: region, pathStyle: pathStyle) }
    }

    /// The objects photos go to: nil for the data folder; a bucket needs both keys.
    public func objects(logger: Logger) throws -> (any PhotoObjects)? {
        guard let location else { return nil }
        guard let accessKeyID, let secretAccessKey else {
            throw ConfigurationError.invalidPhotoStore("the photo store \(location) needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY in the environment")
        }
        let credentials = S3Credentials(accessKeyID: accessKeyID, secretAccessKey: secretAccessKey, sessionToken: sessionToken)
        return BucketPhotoObjects(client: S3Client(location: location, credentials: credentials), logger: logger)
    }
}
