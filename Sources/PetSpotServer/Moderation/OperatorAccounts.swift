import Foundation
import Logging
import PetSpotDomain
import PetSpotStore

/// `petspot operator add`, `reset`, `list` and `remove`: the operators of the console, in the configured database.
public enum OperatorAccounts {
    /// What the new operator needs to sign in the first time: the password (the given one, or a new random
    /// one); the authenticator is set up on the first sign-in.
    public struct Created: Sendable {
        public let name: String
        public let password: String
    }

    public enum Failure: Error, CustomStringConvertible {
        case invalidName(String)
        case weakPassword
        case taken(String)
        case unknown(String)

        public var description: String {
            switch self {
            case .invalidName(let name): "Operator names are 2 to 40 lower-case letters, digits, - and _; got '\(name)'"
            case .weakPassword: "An operator's password must be at least 12 characters long"
            case .taken(let name): "There is an operator named '\(name)' already"
            case .unknown(let name): "There is no operator named '\(name)'"
            }
        }
    }

    /// Adds operator `name` with `password` (nil: a random one) to the database `configuration` names.
    public static func add(
        name: String, password: String?, configuration: ServerConfiguration,
        logger: Logger = Logger(label: "petspot.operator")
    ) async throws -> Created {
        let (password, hash) = try await credentials(name: name, password: password)
        // Sessions end at its creation: a name used before opens none of those its earlier holder signed in.
        let now = Date()
        let account = OperatorAccount(name: name, passwordHash: hash, totpSecret: TOTP.makeSecret(), createdAt: now, sessionsEndedAt: now)
        try await StorageSelection.withStore(configuration, logger: logger) { store in
            do {
                try await store.addOperator(account)
            } catch StoreError.conflict {
                throw Failure.taken(name)
            }
            try await store.appendAudit(AuditEntry(at: account.createdAt, actor: "command-line", action: "add-operator", itemKind: "operator", itemID: name))
        }
        return Created(name: name, password: password)
    }

    /// What `petspot operator list` shows of an operator: never a secret.
    public struct Listed: Sendable, Equatable {
        public let name: String
        public let createdAt: Date
        /// False until the first sign-in has set up the authenticator app (and again after a reset).
        public let authenticatorSetUp: Bool
    }

    /// Every operator, by name.
    public static func list(configuration: ServerConfiguration, logger: Logger = Logger(label: "petspot.operator")) async throws -> [Listed] {
        try await StorageSelection.withStore(configuration, logger: logger) { store in
            try await store.operatorAccounts().map { Listed(name: $0.name, createdAt: $0.createdAt, authenticatorSetUp: $0.enrolled) }
        }
    }

    /// Removes operator `name`: the console signs it out at its next request, on every instance; the
    /// audit trail keeps what it did.
    public static func remove(name: String, configuration: ServerConfiguration, logger: Logger = Logger(label: "petspot.operator")) async throws {
        try await StorageSelection.withStore(configuration, logger: logger) { store in
            do {
                try await store.removeOperator(named: name)
            } catch StoreError.notFound {
                throw Failure.unknown(name)
            }
            try await store.appendAudit(AuditEntry(at: Date(), actor: "command-line", action: "remove-operator", itemKind: "operator", itemID: name))
        }
    }

    /// A new password (nil: a random one) and a new authenticator for operator `name`, who lost either;
    /// the authenticator is set up again at the next sign-in.
    public static func reset(
        name: String, password: String?, configuration: ServerConfiguration,
        logger: Logger = Logger(label: "petspot.operator")
    ) async throws -> Created {
        let (password, hash) = try await credentials(name: name, password: password)
        try await StorageSelection.withStore(configuration, logger: logger) { store in
            do {
                try await store.resetOperator(named: name, passwordHash: hash, totpSecret: TOTP.makeSecret())
            } catch StoreError.notFound {
                throw Failure.unknown(name)
            }
            // A reset locks out whoever holds the lost password or authenticator: every session ends.
            try await store.endOperatorSessions(named: name, at: Date())
            try await store.appendAudit(AuditEntry(at: Date(), actor: "command-line", action: "reset-operator", itemKind: "operator", itemID: name))
        }
        return Created(name: name, password: password)
    }

    private static func credentials(name: String, password: String?) async throws -> (String, String) {
        guard OperatorName.isValid(name) else { throw Failure.invalidName(name) }
        let password = password ?? randomPassword()
        guard password.count >= 12 else { throw Failure.weakPassword }
        return (password, try await PasswordHasher().hash(password))
    }

    /// 20 characters from an alphabet without look-alikes (about 110 bits).
    static func randomPassword() -> String {
        let alphabet = Array("abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<20).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }
}
