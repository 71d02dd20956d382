import ArgumentParser
import Foundation
import PetSpotDomain
import PetSpotServer

/// `petspot operator add|reset|list|remove`: the operators of the moderation console at `/admin`.
struct Operator: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Manage the operators of the moderation console.", subcommands: [Add.self, Reset.self, List.self, Remove.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create an operator. Prints a new password (or reads one from standard input with --password-stdin); "
                + "the authenticator app is set up at the first sign-in at /admin.",
            discussion: "The database is the server's: DATABASE_URL, or the SQLite file in PETSPOT_DATA_DIR (or the settings given).")

        @Argument(help: "The operator's name: 2 to 40 lower-case letters, digits, - and _.") var name: String
        @ArgumentParser.Flag(help: "Read the password (at least 12 characters) from the first line of standard input.") var passwordStdin = false
        @Argument(parsing: .allUnrecognized, help: "Server settings, as for serve (--data-dir, --database-url).") var settings: [String] = []

        func run() async throws {
            try await Operator.change(settings: settings, passwordStdin: passwordStdin, done: "created") {
                try await OperatorAccounts.add(name: name, password: $0, configuration: $1)
            }
        }
    }

    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give an operator who lost the password or the authenticator a new password (printed, or read with "
                + "--password-stdin) and a new authenticator, set up at the next sign-in at /admin.",
            discussion: "The database is the server's: DATABASE_URL, or the SQLite file in PETSPOT_DATA_DIR (or the settings given).")

        @Argument(help: "The operator's name: 2 to 40 lower-case letters, digits, - and _.") var name: String
        @ArgumentParser.Flag(help: "Read the password (at least 12 characters) from the first line of standard input.") var passwordStdin = false
        @Argument(parsing: .allUnrecognized, help: "Server settings, as for serve (--data-dir, --database-url).") var settings: [String] = []

        func run() async throws {
            try await Operator.change(settings: settings, passwordStdin: passwordStdin, done: "reset") {
                try await OperatorAccounts.reset(name: name, password: $0, configuration: $1)
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the operators: name, when added, and whether the authenticator app is set up (never a secret).",
            discussion: "The database is the server's: DATABASE_URL, or the SQLite file in PETSPOT_DATA_DIR (or the settings given).")

        @Argument(parsing: .allUnrecognized, help: "Server settings, as for serve (--data-dir, --database-url).") var settings: [String] = []

        func run() async throws {
            let operators = try await OperatorAccounts.list(configuration: try Operator.configuration(settings))
            guard !operators.isEmpty else { return print("No operators yet: add one with `petspot operator add NAME`.") }
            let width = operators.map(\.name.count).max() ?? 0
            for listed in operators {
                let state = listed.authenticatorSetUp ? "authenticator set up" : "authenticator not set up (first sign-in pending)"
                print("\(listed.name.padding(toLength: width, withPad: " ", startingAt: 0))  added \(Timestamp.string(listed.createdAt))  \(state)")
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove an operator: the console signs them out at their next request, on every instance; the audit trail keeps what they did.",
            discussion: "The database is the server's: DATABASE_URL, or the SQLite file in PETSPOT_DATA_DIR (or the settings given).")

        @Argument(help: "The operator's name.") var name: String
        @Argument(parsing: .allUnrecognized, help: "Server settings, as for serve (--data-dir, --database-url).") var settings: [String] = []

        func run() async throws {
            do {
                try await OperatorAccounts.remove(name: name, configuration: try Operator.configuration(settings))
            } catch let failure as OperatorAccounts.Failure {
                throw ValidationError(failure.description)
            }
            print("Operator \(name) removed.")
        }
    }

    static func configuration(_ settings: [String]) throws -> ServerConfiguration {
        do {
            return try ServerConfiguration.load(arguments: settings)
        } catch let error as ConfigurationError {
            throw ValidationError(error.description)
        }
    }

    /// Reads the settings and the password, makes the change, prints the outcome (and a new password).
    static func change(
        settings: [String], passwordStdin: Bool, done: String,
        _ action: (String?, ServerConfiguration) async throws -> OperatorAccounts.Created
    ) async throws {
        let configuration = try configuration(settings)
        do {
            let changed = try await action(passwordStdin ? readLine(strippingNewline: true) ?? "" : nil, configuration)
            print("Operator \(changed.name) \(done).")
            if !passwordStdin { print("Password (shown once): \(changed.password)") }
            print("Sign in at /admin/sign-in; that sign-in sets up the authenticator app.")
        } catch let failure as OperatorAccounts.Failure {
            throw ValidationError(failure.description)
        }
    }
}
