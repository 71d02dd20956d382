import Testing
@testable import PetSpotClient

/// Seed 000's microchip table: what is stored and what is shown for each input.
@Suite struct MicrochipNumberFormatterTests {
    @Test(arguments: [
        ("", "", ""),
        ("123", "123", "123"),
        ("12345", "12345", "12345"),
        ("123456", "123456", "12345-6"),
        ("1234567890", "1234567890", "12345-67890"),
        ("123456789012345", "123456789012345", "12345-67890-12345"),
        ("1234567890123456", "123456789012345", "12345-67890-12345"),
        ("12a34b56", "123456", "12345-6"),
    ])
    func seedTableRow(input: String, stored: String, display: String) {
        #expect(MicrochipNumberFormatter.extractDigits(input) == stored)
        #expect(MicrochipNumberFormatter.format(input) == display)
    }

    @Test func onlyASCIIDigitsCount() {
        #expect(MicrochipNumberFormatter.extractDigits("1½2٣3") == "123")
        #expect(MicrochipNumberFormatter.format("١٢٣٤٥٦") == "")
    }

    @Test func reformattingAFormattedNumberKeepsIt() {
        #expect(MicrochipNumberFormatter.format("12345-67890-12") == "12345-67890-12")
    }
}
