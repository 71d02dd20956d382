import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

/// The rules both sides share: microchip formatting, calendar days, distances and bounding boxes.
@Suite struct DomainRuleTests {
    @Test(arguments: [
        ("", "", ""), ("123", "123", "123"), ("12345", "12345", "12345"), ("123456", "123456", "12345-6"),
        ("1234567890", "1234567890", "12345-67890"), ("123456789012345", "123456789012345", "12345-67890-12345"),
        ("1234567890123456", "123456789012345", "12345-67890-12345"), ("12a34b56", "123456", "12345-6"),
        ("١٢٣45", "45", "45"),
    ])
    func microchipFormatting(_ input: String, _ digits: String, _ display: String) {
        #expect(MicrochipNumberFormatter.extractDigits(input) == digits)
        #expect(MicrochipNumberFormatter.format(input) == display)
    }

    /// A Found collar is a chip number (public) only when it is an ISO chip's 15 digits alone; anything else,
    /// a phone on a tag above all, is the tag's text, kept private.
    @Test(
        arguments: [
            ("985112345678901", "985112345678901"), ("985 112 345 678 901", "985112345678901"), ("98511-23456-78901", "985112345678901"),
            ("600 111 222", nil), ("600-111-222", nil), ("0048 600 111 222", nil), ("12345", nil), ("9851123456789012", nil),
            ("Burek 985112345678901", nil), ("+48 600 111 222", nil), ("", nil),
        ] as [(String, String?)])
    func aFoundCollarIsAChipNumberOnlyAsAnISOChip(_ collar: String, _ chip: String?) {
        var form = ReportForm(kind: .found)
        form.collar = collar
        #expect(form.chipNumber == chip)
        #expect(form.collarTag == (chip == nil && !collar.isEmpty ? collar : nil))
    }

    @Test func reportDatesAreRealCalendarDays() {
        #expect(ReportDate("2024-02-29")?.text == "2024-02-29")
        for invalid in ["2025-02-29", "2025-02-30", "2025-13-01", "2025-00-10", "2025-01-32", "2025-1-01", "25-01-01", "2025/01/01", " 2025-01-01", ""] {
            #expect(ReportDate(invalid) == nil, "\(invalid)")
        }
        #expect(ReportDate("2025-01-31")!.days(until: ReportDate("2025-03-01")!) == 29)
        #expect(ReportDate("2025-01-01")! < ReportDate("2025-01-02")!)
    }

    @Test func todayIsTheLatestDayOnEarth() {
        let justAfterUTCMidnight = Date(timeIntervalSince1970: 1_763_683_300) // 2025-11-21T00:01:40Z
        #expect(ReportDate.latestToday(now: justAfterUTCMidnight).text == "2025-11-21")
        let lateEvening = Date(timeIntervalSince1970: 1_763_676_000) // 2025-11-20T22:00:00Z, already the 21st in Kiribati
        #expect(ReportDate.latestToday(now: lateEvening).text == "2025-11-21")
    }

    @Test func distanceIsTheContractsFormulaAndZeroForTheSamePoint() {
        let krakow = Coordinate(latitude: 50.0614, longitude: 19.9383)
        #expect(krakow.distanceKm(to: krakow) == 0)
        #expect(abs(krakow.distanceKm(to: Coordinate(latitude: 50.07, longitude: 19.95)) - 1.27) < 0.05)
        #expect(abs(krakow.distanceKm(to: Coordinate(latitude: 52.2297, longitude: 21.0122)) - 252) < 2)
        let east = Coordinate(latitude: 0, longitude: 179.99), west = Coordinate(latitude: 0, longitude: -179.99)
        #expect(east.distanceKm(to: west) < 2.3)
    }

    @Test func boundingBoxesWrapAtTheDatelineAndCoverThePoles() {
        let dateline = Coordinate(latitude: 0, longitude: 179.95).boundingBox(radiusKm: 20)
        #expect(dateline.longitudes.count == 2)
        #expect(dateline.contains(Coordinate(latitude: 0, longitude: -179.95)))
        let pole = Coordinate(latitude: 89.95, longitude: 10).boundingBox(radiusKm: 20)
        #expect(pole.longitudes == [-180...180])
        #expect(pole.contains(Coordinate(latitude: 89.95, longitude: -170)))
    }

    @Test func contactRulesOfTheApps() {
        #expect(ContactRules.isValidPhone("+48 123 456 789"))
        #expect(!ContactRules.isValidPhone("123456"))
        #expect(!ContactRules.isValidPhone("123456789012"))
        #expect(!ContactRules.isValidPhone("555-PETS-123"))
        #expect(ContactRules.sanitizedPhone("+48 (123) 456-789") == "+48123456789")
        #expect(ContactRules.isValidEmail("john.doe+tag@example.co.uk"))
        for invalid in ["john", "john@", "@example.com", "john@example", "john@example.c", "jo hn@example.com", "<a>@example.com"] {
            #expect(!ContactRules.isValidEmail(invalid), "\(invalid)")
        }
        #expect(ContactRules.isReportAddress("o'brien@example.ie") && ContactRules.isReportAddress("zażółć@example.pl"))
        for refused in ["a\u{1}b@example.ie", "a\u{202E}ei.elpmaxe@b.ie", "a\u{2066}b@example.ie", "\"a\"@example.ie", "nobody@localhost"] {
            #expect(!ContactRules.isReportAddress(refused), "\(refused.debugDescription)")
        }
    }

    /// A field that stops the typing at its limit keeps whole characters and never more code points than
    /// the limit, so a thumb or a letter with its accent is not cut in two and the server takes the text.
    @Test func aLimitedTextKeepsWholeCharactersWithinItsCodePoints() {
        let thumb = "\u{1F44D}\u{1F3FD}", accented = "e\u{301}"
        #expect("abc".limited(to: 5) == "abc" && "abcdef".limited(to: 3) == "abc")
        #expect(("ab" + thumb).limited(to: 3) == "ab", "the thumb and its skin tone are two code points")
        #expect(("ab" + thumb).limited(to: 4) == "ab" + thumb)
        #expect(("caf" + accented + "!").limited(to: 4) == "caf")
        #expect(String(repeating: thumb, count: 300).limited(to: 500).limitLength == 500)
        let form = RelayMessageForm(name: "Ola", email: "ola@example.com", message: String(repeating: accented, count: 1500))
        #expect(form.message.limitLength == RelayMessageForm.messageLimit)
    }

    /// An alert's circle is measured to the report's public area, as nearby search is: measured to the
    /// exact point, which e-mails arrive would tell a grid of small circles where the finder lives.
    @Test func anAlertCoversAReportByItsPublicArea() {
        let exact = Coordinate(latitude: 50.0024, longitude: 20.0024)
        let published = PublicArea(around: exact).center
        #expect(published == Coordinate(latitude: 50.0, longitude: 20.0))
        // Two subscribers on the line through both points: one nearer the public point, one nearer the exact one.
        let step = (lat: exact.latitude - published.latitude, lng: exact.longitude - published.longitude)
        let scale = 0.95 / published.distanceKm(to: exact)
        let nearPublic = Coordinate(latitude: published.latitude - step.lat * scale, longitude: published.longitude - step.lng * scale)
        let nearExact = Coordinate(latitude: exact.latitude + step.lat * scale, longitude: exact.longitude + step.lng * scale)
        #expect(nearPublic.distanceKm(to: exact) > 1.2 && nearExact.distanceKm(to: published) > 1.2)
        func circle(_ center: Coordinate) -> AlertSubscription {
            AlertSubscription(
                email: "a@example.com", center: center, radiusKm: 1, placeName: nil, statuses: [.found], species: nil,
                frequency: .instant, language: "en", createdAt: Date())
        }
        let report = Announcement.mock(location: exact, status: .found)
        #expect(circle(nearPublic).covers(report))
        #expect(!circle(nearExact).covers(report))
    }

    @Test func speciesAndSexReadUnknownTextSafely() {
        #expect(AnimalSpecies(apiValue: " dog ") == .dog)
        #expect(AnimalSpecies(apiValue: "Golden Retriever") == .other)
        #expect(AnimalSex(apiValue: "male") == .male)
        #expect(AnimalSex(apiValue: "?") == .unknown)
    }
}

/// Timestamps print to the millisecond they stand for, whatever floating-point error the Date carries.
@Suite struct TimestampTests {
    @Test func knownInstants() {
        #expect(Timestamp.string(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(Timestamp.string(Date(timeIntervalSince1970: 1_763_987_696.789)) == "2025-11-24T12:34:56.789Z")
        #expect(Timestamp.string(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00.000Z")
        #expect(Timestamp.string(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59.000Z")
        #expect(Timestamp.string(Date(timeIntervalSince1970: -62_167_219_200)) == "0000-01-01T00:00:00.000Z")
        #expect(Timestamp.string(Date(timeIntervalSince1970: 253_402_300_799.999)) == "9999-12-31T23:59:59.999Z")
        #expect(Timestamp.string(Date(timeIntervalSince1970: 253_402_300_800)) == "10000-01-01T00:00:00.000Z")
    }

    @Test func everyMillisecondSurvivesATripThroughFoundationsParser() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let millis = Int64.random(in: 0...4_102_444_800_000, using: &generator)
            let text = Timestamp.string(Date(timeIntervalSince1970: Double(millis) / 1000))
            let parsed = try Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
            #expect(Timestamp.string(parsed) == text)
        }
    }
}

/// Public pages show an area that always holds the point and never gives it away.
@Suite struct PublicAreaTests {
    @Test func theAreaHoldsThePointAndIsTheSameForNeighbours() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let point = Coordinate(latitude: Double.random(in: -80...80, using: &generator), longitude: Double.random(in: -179...179, using: &generator))
            let area = PublicArea(around: point)
            #expect(area.center.distanceKm(to: point) * 1000 < PublicArea.radiusMeters)
            // Snapped to the grid: printed with at most three decimals.
            #expect(String(area.center.latitude).count <= String(format: "%.3f", area.center.latitude).count)
        }
        let a = PublicArea(around: Coordinate(latitude: 52.22971, longitude: 21.01219))
        let b = PublicArea(around: Coordinate(latitude: 52.23001, longitude: 21.01188))
        #expect(a == b && a.center.latitude == 52.23 && a.center.longitude == 21.01)
    }
}

@Suite struct TypedTextRuleTests {
    @Test func controlCharactersGoAndLineBreaksBecomeLF() {
        #expect("a\u{0}b\u{1B}[2J\u{7}c\u{7F}d\u{85}e".withoutControlCharacters(allowingLines: true) == "ab[2Jcde")
        #expect("one\r\ntwo\rthree\n\tfour".withoutControlCharacters(allowingLines: true) == "one\ntwo\nthree\n\tfour")
        #expect("one\r\ntwo\tthree".withoutControlCharacters(allowingLines: false) == "onetwothree")
        #expect("Zażółć 🐕 gęślą".withoutControlCharacters(allowingLines: false) == "Zażółć 🐕 gęślą")
        #expect(!"Line one\nLine two\t.".hasControlCharacters(allowingLines: true) && "Line one\nLine two".hasControlCharacters(allowingLines: false))
        #expect("\u{9F}".hasControlCharacters(allowingLines: true) && !"\u{A0}".hasControlCharacters(allowingLines: false))
        // Direction overrides, embeddings and isolates reorder the text after them; the marks and right-to-left letters do not.
        #expect(["\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}"].allSatisfy { $0.hasControlCharacters(allowingLines: true) })
        #expect(!"\u{200F}שלום \u{0627}".hasControlCharacters(allowingLines: false))
    }

    /// What the API reads: one character for one, so the contract's lengths and patterns hold as sent.
    @Test func controlCharactersAreReplacedOneForOne() {
        let sent = "a\u{0}b\u{1B}[2J\u{7}c\u{7F}d\u{85}e\u{C}f\r\n\tg"
        let lines = sent.replacingControlCharacters(allowingLines: true), line = sent.replacingControlCharacters(allowingLines: false)
        #expect(lines == "a\u{FFFD}b\u{FFFD}[2J\u{FFFD}c\u{FFFD}d\ne\nf\r\n\tg")
        #expect(line == "a\u{FFFD}b\u{FFFD}[2J\u{FFFD}c\u{FFFD}d e f   g")
        #expect(lines.limitLength == sent.limitLength && line.limitLength == sent.limitLength)
        #expect(!line.hasControlCharacters(allowingLines: true) && !lines.hasControlCharacters(allowingLines: true))
        #expect("Zażółć 🐕 gęślą".replacingControlCharacters(allowingLines: false) == "Zażółć 🐕 gęślą")
    }
}
