import Foundation

/// A PostgreSQL connection URL, `postgres://user:password@host:port/database` (or `postgresql://`),
/// parsed strictly. Its description never shows the password.
public struct DatabaseURL: Sendable, Equatable, CustomStringConvertible {
    /// How the connection uses TLS, as libpq's `sslmode` names it.
    public enum TLSMode: String, Sendable, Equatable {
        case disable, prefer, require
    }

    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String
    public var tls: TLSMode

    public init(host: String, port: Int = 5432, username: String, password: String?, database: String, tls: TLSMode = .prefer) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.tls = tls
    }

    /// Parses `text` (user, password and database may be percent-encoded); throws `DatabaseURLError` saying what is wrong (never echoing the password).
    public init(_ text: String) throws {
        guard let components = URLComponents(string: text) else { throw DatabaseURLError.malformed }
        guard let scheme = components.scheme?.lowercased(), ["postgres", "postgresql"].contains(scheme) else {
            throw DatabaseURLError.scheme
        }
        guard let host = components.host, !host.isEmpty else { throw DatabaseURLError.missing("host") }
        guard let username = components.user, !username.isEmpty else { throw DatabaseURLError.missing("user name") }
        let database = String(components.path.dropFirst())
        guard components.path.hasPrefix("/"), !database.isEmpty, !database.contains("/") else {
            throw DatabaseURLError.missing("database name")
        }
        let port = components.port ?? 5432
        guard (1...65535).contains(port) else { throw DatabaseURLError.port }
        self.init(
            host: host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host, port: port,
            username: username, password: components.password, database: database,
            tls: try Self.tlsMode(components.queryItems ?? []))
    }

    /// The URL with the password replaced by `***`, for logs and errors.
    public var description: String {
        let credentials = password == nil ? username : "\(username):***"
        return "postgres://\(credentials)@\(host.contains(":") ? "[\(host)]" : host):\(port)/\(database)?sslmode=\(tls.rawValue)"
    }

    private static func tlsMode(_ items: [URLQueryItem]) throws -> TLSMode {
        var mode = TLSMode.prefer
        for item in items {
            guard item.name == "sslmode" else { throw DatabaseURLError.unknownParameter(item.name) }
            guard let value = item.value.flatMap(TLSMode.init(rawValue:)) else { throw DatabaseURLError.sslmode(item.value ?? "") }
            mode = value
        }
        return mode
    }
}

/// Why a database URL was refused. The messages name the setting and never repeat the URL itself,
/// which may hold a password.
public enum DatabaseURLError: Error, Equatable, CustomStringConvertible {
    case malformed
    case scheme
    case missing(String)
    case port
    case unknownParameter(String)
    case sslmode(String)

    public var description: String {
        let expected = "expected postgres://user:password@host:port/database"
        switch self {
        case .malformed: return "The database URL is not a valid URL (\(expected))"
        case .scheme: return "The database URL must start with postgres:// or postgresql:// (\(expected))"
        case .missing(let part): return "The database URL has no \(part) (\(expected))"
        case .port: return "The database URL has a port outside 1-65535"
        case .unknownParameter(let name): return "The database URL has an unsupported parameter '\(name)' (only sslmode is understood)"
        case .sslmode(let value): return "The database URL sslmode must be disable, prefer or require, got '\(value)'"
        }
    }
}
