import ArgumentParser
import Foundation
import Hummingbird
import Logging
import PetSpotDomain
import PetSpotServer
import PetSpotStore

/// `petspot`: the PetSpot server and its operator tasks.
@main
struct PetSpotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "petspot", abstract: "PetSpot: report lost and found pets.",
        subcommands: [Serve.self, Mailbox.self, Operator.self, Photos.self, Directory.self, Model.self, Bench.self])
}

/// `petspot serve`: runs the API and the web app until SIGINT or SIGTERM. Its settings are declared once
/// in `ServerSetting.all`; the flags given here are read through swift-configuration with the environment.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the PetSpot server.",
        discussion: "Settings (a flag wins over its environment variable, which wins over the default):\n\n" + ServerSetting.helpText)

    @Argument(parsing: .allUnrecognized, help: "Settings, as --name value or --name=value (listed below).")
    var settings: [String] = []

    func run() async throws {
        LoggingSystem.bootstrap(JSONLogHandler.init)
        defer { JSONLogHandler.flush() }
        let configuration: ServerConfiguration
        do {
            configuration = try ServerConfiguration.load(arguments: settings)
        } catch let error as ConfigurationError {
            throw ValidationError(error.description)
        }
        let logger = Logger(label: "petspot")
        let host = configuration.host
        let app = try await buildApplication(configuration, logger: logger) { port in
            logger.info("PetSpot is ready", metadata: ["url": "http://\(host):\(port)"])
        }
        do {
            try await app.runService()
        } catch {
            guard let reason = ConfigurationError.listening(error, host: host, port: configuration.port) else { throw error }
            throw ValidationError(reason)
        }
    }
}

/// `petspot mailbox`: what PetSpot would have e-mailed, when it runs without SMTP (the `.eml` files in
/// `<data-dir>/mailbox/`).
struct Mailbox: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the e-mails written to the data folder's mailbox (when PETSPOT_SMTP_URL is not set).")

    @Option(name: .customLong("data-dir"), help: "The server's data folder (PETSPOT_DATA_DIR, default ./petspot-data).")
    var dataDir: String?
    @Option(help: "Print message number N of the list (1 is the oldest) as plain text.") var show: Int?

    func run() async throws {
        let directory = try dataDir.map { URL(fileURLWithPath: $0) } ?? ServerConfiguration.fromEnvironment().dataDirectory
        let messages = try MailboxMessage.all(in: directory)
        if let show {
            guard messages.indices.contains(show - 1) else {
                throw ValidationError("There is no message \(show); the mailbox holds \(messages.count).")
            }
            let message = messages[show - 1]
            print("Date: \(message.date)\nTo: \(shown(message.to))\nSubject: \(shown(message.subject))\nFile: \(message.file.path)\n")
            print(shown(message.text, lines: true))
            return
        }
        guard !messages.isEmpty else {
            print("No messages in \(directory.appendingPathComponent("mailbox").path).")
            return
        }
        for (index, message) in messages.enumerated() {
            print("\(index + 1)\t\(shown(message.date))\t\(shown(message.to))\t\(shown(message.subject))")
        }
        print("\n\(messages.count) message(s) in \(directory.appendingPathComponent("mailbox").path); `petspot mailbox --show N` prints one.")
    }

    /// Text for the terminal: a control character a stranger typed (an escape sequence that would clear
    /// the screen or retitle the window) is printed as `\u{1B}`, never sent to the terminal.
    func shown(_ text: String, lines: Bool = false) -> String {
        (lines ? text.replacingOccurrences(of: "\r\n", with: "\n") : text).unicodeScalars.map { scalar in
            scalar.isControl(allowingLines: lines) || scalar == "\r" ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
        }.joined()
    }
}
