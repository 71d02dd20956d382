import Foundation
import Logging
import PetSpotDomain
import PetSpotStore

/// `petspot operator add`: creates an operator of the console in the configured database (issue 26).
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

        public var description: String {
            switch self {
            case .invalidName(let name): "Operator names are 2 to 40 lower-case letters, digits, - and _; got '\(name)'"
            case .weakPassword: "An operator's password must be at least 12 characters long"
            case .taken(let name): "There is an operator named '\(name)' already"
            }
        }
    }

    /// Adds operator `name` with `password` (nil: a random one) to the database `configuration` names.
    public static func add(name: String, password: String?, configuration: ServerConfiguration,
                           logger: Logger = Logger(label: "petspot.operator")) async throws -> Created {
        guard OperatorName.isValid(name) else { throw Failure.invalidName(name) }
        let password = password ?? randomPassword()
        guard password.count >= 12 else { throw Failure.weakPassword }
        let account = OperatorAccount(name: name, passwordHash: try await PasswordHasher().hash(password), totpSecret: TOTP.makeSecret(),
                                      createdAt: Date())
        try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true)
        let storage = try await StorageSelection.open(configuration, logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for service in storage.services { group.addTask { try await service.run() } }
            defer { group.cancelAll() }
            try await storage.prepare()
            do {
                try await storage.store.addOperator(account)
                try await storage.store.appendAudit(AuditEntry(at: account.createdAt, actor: "command-line", action: "add-operator",
                                                               itemKind: "operator", itemID: name))
            } catch StoreError.conflict {
                try? await storage.store.close()
                throw Failure.taken(name)
            }
        }
        try await storage.store.close()
        return Created(name: name, password: password)
    }

    /// 20 characters from an alphabet without look-alikes (about 110 bits).
    static func randomPassword() -> String {
        let alphabet = Array("abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<20).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }
}
