/// Formats microchip numbers as `12345-67890-12345`: ASCII digits only, at most 15, a dash after every
/// fifth digit. Shared by the app core, the web pages and the server.
public enum MicrochipNumberFormatter {
    /// The longest chip number (ISO 11784/11785 chips carry 15 digits).
    public static let maxDigits = 15

    /// The ASCII digits of `input`, in order, capped at ``maxDigits``.
    public static func extractDigits(_ input: String) -> String {
        String(input.unicodeScalars.filter { $0.isASCIIDigit }.prefix(maxDigits).map(Character.init))
    }

    /// The digits of `input` grouped by five with dashes: `"1234567"` → `"12345-67"`.
    public static func format(_ input: String) -> String {
        let digits = Array(extractDigits(input))
        return stride(from: 0, to: digits.count, by: 5)
            .map { String(digits[$0..<min($0 + 5, digits.count)]) }
            .joined(separator: "-")
    }
}
