import Testing
@testable import PetSpotClient

/// Seed 000's microchip table: what is stored and what is shown for each input.
@Suite struct MicrochipNumberFormatterTests {
    @Test(arguments: Fixtures.microchipTable)
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
