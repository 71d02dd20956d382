import Logging
import PostgresNIO

extension PostgresStore {
    /// Why the server refuses to let PetSpot in, when it does: a wrong password or user (SQLSTATE 28P01,
    /// 28000), a database that does not exist (3D000) or a server without TLS when the URL requires it
    /// will not mend by waiting, unlike a database still starting. Nil when one connection opens, or fails
    /// for another reason (not reached: worth the wait).
    public func loginRefusal() async -> String? {
        do {
            let configuration = PostgresConnection.Configuration(
                host: url.host, port: url.port, username: url.username, password: url.password, database: url.database,
                tls: try Self.tls(url.tls))
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
            try? await connection.close()
            return nil
        } catch let error as PSQLError where ["28P01", "28000", "3D000"].contains(error.serverInfo?[.sqlState] ?? "") {
            return error.serverInfo?[.message] ?? "the login was refused"
        } catch let error as PSQLError where error.code == .sslUnsupported {
            return "the server does not offer TLS, and the URL's sslmode=require asks for it"
        } catch {
            return nil
        }
    }

    private static func tls(_ mode: DatabaseURL.TLSMode) throws -> PostgresConnection.Configuration.TLS {
        switch mode {
        case .disable: .disable
        case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
    }
}
