import Configuration
import Foundation
import PetSpotStore

extension ServerConfiguration {
    /// The configuration `petspot serve` runs with: the flags in `arguments` (e.g. `["--port", "8080"]`),
    /// then the environment, then the defaults, read through swift-configuration's providers. An unknown
    /// flag, or a value a setting refuses, stops with the reason.
    public static func load(arguments: [String] = [], environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> ServerConfiguration
    {
        // Each word is a known `--flag`, `--flag=value`, or the one value after a `--flag`.
        let flags = Set(ServerSetting.all.compactMap(\.flag))
        var takesValue = false, given: Set<String> = []
        for argument in arguments {
            // A value may start with one dash (`--idle-timeout -5` is refused for its value, not as a flag).
            guard argument.hasPrefix("--") || (argument.hasPrefix("-") && !takesValue) else {
                guard takesValue else { throw ConfigurationError.unknownFlag(argument) }
                takesValue = false
                continue
            }
            let name = argument.drop(while: { $0 == "-" }).prefix(while: { $0 != "=" })
            guard argument.hasPrefix("--"), flags.contains(String(name)) else { throw ConfigurationError.unknownFlag(argument) }
            // Given twice, a flag's values would be joined into one ("a,b"): which one was meant is asked.
            guard given.insert(String(name)).inserted else { throw ConfigurationError.repeatedFlag("--\(name)") }
            takesValue = !argument.contains("=")
        }
        // A setting's key is its flag's words (`data-dir`), or its variable's for an environment-only one;
        // the environment provider is asked under the setting's own variable name (`PETSPOT_…`, `DATABASE_URL`).
        let variableNames = Dictionary(
            ServerSetting.all.compactMap { setting in setting.environment.map { (setting.key, $0) } },
            uniquingKeysWith: { first, _ in first })
        let commandLine = CommandLineArgumentsProvider(arguments: ["petspot"] + arguments)
        let variables = KeyMappingProvider(upstream: EnvironmentVariablesProvider(environmentVariables: environment)) { key in
            AbsoluteConfigKey(ServerSetting.words(variableNames[key.components] ?? key.components.joined(separator: "_")))
        }
        let readers = (
            both: ConfigReader(providers: [commandLine, variables]), flagOnly: ConfigReader(provider: commandLine),
            environmentOnly: ConfigReader(provider: variables)
        )
        var configuration = ServerConfiguration()
        for setting in ServerSetting.all {
            let reader = setting.flag == nil ? readers.environmentOnly : setting.environment == nil ? readers.flagOnly : readers.both
            // Read as a list and joined, so values with commas (proxies, check-in days) come through whole.
            guard let parts = reader.stringArray(forKey: ConfigKey(setting.key)) else { continue }
            let value = parts.joined(separator: ",")
            if value.isEmpty && !setting.keepsEmpty { continue }
            do {
                try setting.apply(&configuration, value)
            } catch let error as ConfigurationError {
                throw error.naming(setting)
            }
        }
        return configuration
    }

    /// The settings the environment alone gives, over the defaults.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ServerConfiguration {
        try load(environment: environment)
    }
}
