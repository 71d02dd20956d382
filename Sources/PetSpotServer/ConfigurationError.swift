import Foundation
import NIOCore
import PetSpotStore

/// A setting of `petspot serve` that cannot be used, said with the setting's name and what it takes.
public enum ConfigurationError: Error, CustomStringConvertible {
    case invalidPort(String)
    case invalidContactLimit(String)
    case invalidReportLimit(String)
    case repeatedFlag(String)
    case unreadableFile(String, String)
    case invalidAlertDailyCap(String)
    case invalidFlagThreshold(String)
    case invalidFlagHoldAfter(String)
    case invalidOperatorAlertEmail(String)
    case invalidCheckInDays(String)
    case invalidMapTilesURL(String)
    case invalidGeocoderURL(String)
    case weakSecret(String, minimum: Int)
    case invalidMailFrom(String)
    case invalidPublicURL(String)
    case invalidListCacheSeconds(String)
    case invalidTrustedProxy(String)
    case invalidTimeout(String)
    case invalidConnections(String)
    case unknownFlag(String)
    /// A photo store setting that cannot be used, with the reason.
    case invalidPhotoStore(String)
    case invalidClockDays(String)
    case invalidOutboxLease(String)
    case invalidJobs(String)
    /// A value a setting refuses, said with the setting's names (`PETSPOT_JOBS (--jobs)`) and what it must be.
    case invalidSetting(String, mustBe: String)

    public var description: String {
        switch self {
        case .invalidSetting(let names, let requirement): return "\(names) must be \(requirement)"
        case .invalidJobs(let value): return "PETSPOT_JOBS must be on or paused, got '\(value)'"
        case .invalidOutboxLease(let seconds): return "PETSPOT_TEST_OUTBOX_LEASE_SECONDS must be a whole number from 1 to 3600, got '\(seconds)'"
        case .invalidClockDays(let days): return "PETSPOT_TEST_CLOCK_DAYS must be a whole number of days from 0 to 3650, got '\(days)'"
        case .invalidPort(let port): return "PETSPOT_PORT must be a port number (0-65535), got '\(port)'"
        case .invalidContactLimit(let limit): return "PETSPOT_CONTACT_LIMIT must be a whole number from 1 to 1000000, got '\(limit)'"
        case .invalidReportLimit(let limit): return "PETSPOT_REPORT_LIMIT (--report-limit) must be a whole number from 1 to 1000000, got '\(limit)'"
        case .repeatedFlag(let flag): return "\(flag) is given more than once; give it once"
        case .unreadableFile(let setting, let path): return "\(setting): cannot read the file \(path)"
        case .invalidFlagThreshold(let count): return "PETSPOT_FLAG_THRESHOLD must be a whole number from 1 to 1000, got '\(count)'"
        case .invalidFlagHoldAfter(let minutes):
            return "PETSPOT_FLAG_HOLD_AFTER_MINUTES must be a whole number of minutes from 0 to 10080, got '\(minutes)'"
        case .invalidOperatorAlertEmail(let value): return "PETSPOT_OPERATOR_ALERT_EMAIL must be an e-mail address, got '\(value)'"
        case .invalidAlertDailyCap(let cap): return "PETSPOT_ALERT_DAILY_CAP must be a whole number from 1 to 1000, got '\(cap)'"
        case .invalidCheckInDays(let days): return "PETSPOT_CHECK_IN_DAYS must be two numbers of days from 1 to 365, first,every (e.g. 7,14), got '\(days)'"
        case .invalidGeocoderURL(let url): return "PETSPOT_GEOCODER_URL must be an http(s) URL, got '\(url)'"
        case .invalidMapTilesURL(let url):
            return "PETSPOT_MAP_TILES_URL must be empty (no maps) or an http(s) URL with {z}, {x} and {y}, got '\(url)'"
        case .weakSecret(let name, let minimum): return "\(name) must be at least \(minimum) characters long"
        case .invalidMailFrom(let value): return "PETSPOT_MAIL_FROM must be an e-mail address or 'Name <address>', got '\(value)'"
        case .invalidPublicURL(let value): return "PETSPOT_PUBLIC_URL must be an http(s) URL such as https://petspot.example, got '\(value)'"
        case .invalidListCacheSeconds(let text): return "the list cache lifetime must be 0 to 60 seconds, got '\(text)'"
        case .invalidTrustedProxy(let text): return "a trusted proxy must be an IP address or a CIDR network such as 10.0.0.0/8, got '\(text)'"
        case .invalidConnections(let text): return "connections per client must be a whole number from 1 to 100000, got '\(text)'"
        case .invalidTimeout(let text): return "a timeout must be a number of seconds above 0 and at most 3600, got '\(text)'"
        case .unknownFlag(let flag): return "unknown option '\(flag)' (`petspot serve --help` lists the settings)"
        case .invalidPhotoStore(let reason): return reason
        }
    }
}

extension ConfigurationError {
    /// The same refusal naming both ways to give `setting`, variable and flag, whatever its own text names.
    func naming(_ setting: ServerSetting) -> ConfigurationError {
        let text = description
        guard let range = text.range(of: " must be ") else { return self }
        return .invalidSetting(setting.names, mustBe: String(text[range.upperBound...]))
    }
}

extension ServerConfiguration {
    /// An http(s) URL with a host, without a trailing slash.
    public static func checkedPublicURL(_ text: String) throws -> String {
        guard let url = URLComponents(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            url.host?.isEmpty == false, url.query == nil, url.fragment == nil
        else { throw ConfigurationError.invalidPublicURL(text) }
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }
}

/// The JWT secret: the configured one, or a random one made once and kept in the data folder, readable
/// by its owner only.
enum SecretFile {
    static func secret(configured: String?, in directory: URL) throws -> String {
        if let configured {
            guard configured.count >= 32 else { throw ConfigurationError.weakSecret("PETSPOT_JWT_SECRET", minimum: 32) }
            return configured
        }
        let url = directory.appendingPathComponent("jwt-secret")
        if let existing = try? String(contentsOf: url, encoding: .utf8), existing.count >= 32 {
            return existing.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let secret = Hex.random(bytes: 32)
        guard FileManager.default.createFile(atPath: url.path, contents: Data(secret.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown)
        }
        return secret
    }
}

extension ConfigurationError {
    /// What to change when the server could not listen: the address in use, or one this machine does
    /// not have, named by its settings; nil for any other failure.
    public static func listening(_ error: any Error, host: String, port: Int) -> String? {
        if let error = error as? IOError {
            switch error.errnoCode {
            case EADDRINUSE: return "--port \(port) (PETSPOT_PORT): \(host):\(port) is already in use (another petspot, or another program)"
            case EADDRNOTAVAIL, EACCES: return "--host \(host) / --port \(port) (PETSPOT_HOST, PETSPOT_PORT): cannot listen there (\(error.description))"
            default: return nil
            }
        }
        if error is SocketAddressError || error is SocketAddressError.UnknownHost {
            return "--host \(host) (PETSPOT_HOST): not an address this machine can listen on"
        }
        return nil
    }
}
