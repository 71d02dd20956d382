import Foundation
import PetSpotServer
import Testing

/// The settings are declared once (`ServerSetting.all`) and read through swift-configuration; the
/// table in docs/CONFIGURATION.md is held against the declarations.
@Suite struct ServerSettingsTests {
    @Test func theReadmeTableListsExactlyTheDeclaredSettings() throws {
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../docs/CONFIGURATION.md").standardized, encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        let header = try #require(lines.firstIndex(of: "| flag | environment | default | meaning |"))
        var rows: [[String]] = []
        for line in lines[(header + 2)...] {
            guard line.hasPrefix("|") else { break }
            // Cells split on " | " (a pipe inside a cell is escaped as \|).
            let cells = line.replacingOccurrences(of: "\\|", with: "¦").split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "") }
            rows.append(Array(cells[1...3]))
        }
        let declared = ServerSetting.all.map { [$0.flag.map { "--\($0)" } ?? "", $0.environment ?? "", $0.defaultText] }
        #expect(rows == declared)
    }

    @Test func aFlagWinsOverItsVariableWhichWinsOverTheDefault() throws {
        let configuration = try ServerConfiguration.load(
            arguments: ["--port", "4001", "--check-in-days=3,9", "--trusted-proxy", "10.0.0.0/8,::1", "--demo"],
            environment: ["PETSPOT_PORT": "4000", "PETSPOT_HOST": "0.0.0.0", "PETSPOT_CONTACT_LIMIT": "7", "PETSPOT_MAP_TILES_URL": ""])
        #expect(configuration.port == 4001)
        #expect(configuration.host == "0.0.0.0")
        #expect(configuration.contactLimit == 7)
        #expect(configuration.checkInDays == (3, 9))
        #expect(configuration.loadDemoData)
        #expect(configuration.map.tilesURL == nil)
        #expect(try ServerConfiguration.load(environment: [:]).port == 3000)
        #expect(try !ServerConfiguration.load(environment: [:]).loadDemoData)
    }

    @Test func unknownFlagsBadValuesAndSecretsOnTheCommandLineAreRefused() {
        #expect(throws: ConfigurationError.self) { try ServerConfiguration.load(arguments: ["--prot", "1"], environment: [:]) }
        #expect(throws: ConfigurationError.self) { try ServerConfiguration.load(arguments: ["--port", "70000"], environment: [:]) }
        #expect(throws: ConfigurationError.self) { try ServerConfiguration.load(arguments: ["--demo", "stray"], environment: [:]) }
        #expect(throws: ConfigurationError.self) { try ServerConfiguration.load(arguments: ["--port", "4000", "stray"], environment: [:]) }
        #expect(throws: ConfigurationError.self) { try ServerConfiguration.load(arguments: ["-p", "4000"], environment: [:]) }
        #expect(throws: ConfigurationError.self) { try ServerConfiguration.load(arguments: [], environment: ["PETSPOT_ALERT_DAILY_CAP": "0"]) }
        // The JWT secret and admin token are read from the environment only.
        #expect(throws: ConfigurationError.self) {
            try ServerConfiguration.load(arguments: ["--petspot-admin-token", String(repeating: "a", count: 40)], environment: [:])
        }
    }

    /// Each refusal names the setting it is about.
    @Test func refusalsNameTheirSettingAndAFlagIsGivenOnce() {
        func message(_ arguments: [String], _ environment: [String: String] = [:]) -> String {
            do {
                _ = try ServerConfiguration.load(arguments: arguments, environment: environment)
                return ""
            } catch { return "\(error)" }
        }
        #expect(message(["--data-dir", "/tmp/a", "--data-dir", "/tmp/b"]) == "--data-dir is given more than once; give it once")
        #expect(message(["--public-url=https://a.example", "--public-url", "https://b.example"]).hasPrefix("--public-url is given more than once"))
        #expect(message(["--report-limit", "0"]).hasPrefix("PETSPOT_REPORT_LIMIT (--report-limit) must be"))
        #expect(message(["--jobs", "bogus"]) == "PETSPOT_JOBS (--jobs) must be on or paused, got 'bogus'")
        #expect(message([], ["PETSPOT_JOBS": "bogus"]) == "PETSPOT_JOBS (--jobs) must be on or paused, got 'bogus'")
        #expect(message(["--body-deadline", "5000"]).hasPrefix("PETSPOT_BODY_DEADLINE (--body-deadline) must be a number of seconds"))
        #expect(message(["--idle-timeout", "-5"]) == "PETSPOT_IDLE_TIMEOUT (--idle-timeout) must be a number of seconds above 0 and at most 3600, got '-5'")
        #expect(message(["--demo=maybe"]) == "--demo must be true or false (--demo alone is true), got 'maybe'")
        #expect(message(["-5"]).hasPrefix("unknown option '-5'"), "a lone value is no setting")
        #expect(
            message(["--smtp-url", "smtp://127.0.0.1:2525"], ["PETSPOT_SMTP_CA_FILE": "/nonexistent.pem"])
                == "PETSPOT_SMTP_CA_FILE: cannot read the file /nonexistent.pem")
    }

    /// A setting's documented default is the configuration's own: setting it explicitly changes nothing.
    /// Defaults that describe rather than state a value ("unset: …", "made once, …") are not values to set.
    @Test func everyDocumentedDefaultIsTheConfigurationsOwn() throws {
        let plain = String(describing: try ServerConfiguration.load(environment: [:]))
        for setting in ServerSetting.all {
            let value = setting.defaultText
            guard !value.contains(" "), !value.contains("<"), value != "unset" else { continue }
            let configuration =
                try setting.flag.map { try ServerConfiguration.load(arguments: ["--\($0)=\(value)"], environment: [:]) }
                ?? ServerConfiguration.load(environment: [setting.environment ?? "": value])
            #expect(String(describing: configuration) == plain, "\(setting.flag ?? setting.environment ?? "") = \(value)")
        }
    }
}
