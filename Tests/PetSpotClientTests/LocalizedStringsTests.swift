import Foundation
import Testing
@testable import PetSpotClient

@Suite struct LocalizedStringsTests {
    @Test func everyKeyHasEnglishAndPolishText() {
        for key in StringKey.allCases {
            #expect(LocalizedStrings.english[key]?.isEmpty == false, "English lacks \(key.rawValue)")
            #expect(LocalizedStrings.polish[key]?.isEmpty == false, "Polish lacks \(key.rawValue)")
        }
    }

    /// The pet's one-line texts (`PetText.plainLines`) are labelled by keys named after their form field:
    /// each has its step label, placeholder and details label in both languages, never the bare name.
    @Test func everyPetTextHasItsWordsInBothLanguages() throws {
        for text in PetText.plainLines {
            for words: PetText.AppWords in [.label, .placeholder, .details] {
                let key = try #require(text.appKey(words), "\(text) \(words)")
                #expect(LocalizedStrings.english[key] != nil && LocalizedStrings.polish[key] != nil, "\(key.rawValue)")
            }
        }
        #expect(PetText.breed.appKey(.label) == .descriptionRaceLabel && PetText.breed.appKey(.details) == .detailsRaceLabel)
        let model = PetDetailsModel(
            Announcement(
                id: AnnouncementID("a"), species: "DOG", breed: "Beagle", sex: "MALE", location: Coordinate(latitude: 1, longitude: 2),
                lastSeenDate: "2026-01-02", status: .missing, createdAt: Date(), updatedAt: Date()),
            formatting: DisplayFormatting(strings: LocalizedStrings(language: .polish)))
        #expect(model.texts.first == LabelledText(label: "Rasa zwierzęcia", text: "Beagle"))
    }

    @Test func reportCreatedScreenInEnglishIsSeed003Verbatim() {
        let en = LocalizedStrings(language: .english)
        #expect(en[.reportCreatedTitle] == "Report created")
        #expect(
            en[.reportCreatedBodyParagraph1]
                == "Your report has been created, and your missing animal has been added to the database. If your pet is found, you will receive a notification immediately."
        )
        #expect(
            en[.reportCreatedBodyParagraph2]
                == "If you wish to remove your report from the database, use the code provided below in the removal form. This code has also been sent to your email address"
        )
        #expect(en[.reportCreatedCodeCopied] == "Code copied to clipboard")
        #expect(en[.reportCreatedCloseButton] == "Close")
    }

    @Test func reportCreatedScreenInPolishIsSeed003Verbatim() {
        let pl = LocalizedStrings(language: .polish)
        #expect(pl[.reportCreatedTitle] == "Raport utworzony")
        #expect(
            pl[.reportCreatedBodyParagraph1]
                == "Twój raport został utworzony, a Twoje zagubione zwierzę zostało dodane do bazy danych. Jeśli Twój pupil zostanie odnaleziony, natychmiast otrzymasz powiadomienie."
        )
        #expect(
            pl[.reportCreatedBodyParagraph2]
                == "Jeśli chcesz usunąć swój raport z bazy danych, użyj kodu podanego poniżej w formularzu usuwania. Ten kod został również wysłany na Twój adres e-mail"
        )
        #expect(pl[.reportCreatedCodeCopied] == "Skopiowano kod do schowka")
        #expect(pl[.reportCreatedCloseButton] == "Zamknij")
    }

    /// A strings file's keys read as written: seed 003's (`report_created_title`) and the reference app's.
    @Test func keysAreFoundAsTheStringsFilesSpellThem() {
        let pl = LocalizedStrings(language: .polish)
        #expect(pl["report_created_title"] == "Raport utworzony" && pl["report_created.title"] == "Raport utworzony")
        #expect(pl["report_created_close_button"] == "Zamknij")
        #expect(LocalizedStrings()["owners_details.phone.error"] == LocalizedStrings()[.ownersPhoneError])
        #expect(pl["no.such.key"] == nil)
    }

    @Test func languageFollowsTheLocaleIdentifier() {
        #expect(AppLanguage(localeIdentifier: "pl_PL") == .polish)
        #expect(AppLanguage(localeIdentifier: "pl") == .polish)
        #expect(AppLanguage(localeIdentifier: "en-GB") == .english)
        #expect(AppLanguage(localeIdentifier: "de_DE") == .english)
    }

    @Test func formatFillsNumbers() {
        #expect(LocalizedStrings(language: .polish).format(.progressFormat, 2, 4) == "2/4")
    }

    @Test func polishTextsDifferFromEnglishWhereTheyShould() {
        let en = LocalizedStrings(language: .english), pl = LocalizedStrings(language: .polish)
        #expect(pl[.photoMandatoryToast] == "Zdjęcie jest obowiązkowe")
        #expect(pl[.ownersPhoneError] == "Wpisz co najmniej 7 cyfr")
        #expect(en[.ownersPhoneError] == "Enter at least 7 digits")
        #expect(pl[.errorMissingLatitude] == "Uzupełnij szer. geogr.")
    }
}
