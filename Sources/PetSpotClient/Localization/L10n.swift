import Foundation

/// The app's strings as SwiftGen's generated `L10n` names them and the seeds write them, in the device's
/// language (`LocalizedStrings.current()`): `L10n.tr("owners_details.phone.error")`, `L10n.reportCreatedTitle`,
/// `L10n.AnimalDescription.Error.missingLatitude`. View models take a `LocalizedStrings` instead, so a
/// test or a screen can choose the language.
public enum L10n {
    /// The text for a key as written in the strings files (`owners_details.phone.error`, or seed 003's
    /// `report_created_title`), with printf-style arguments; the key itself when the app has none.
    public static func tr(_ key: String, _ arguments: any CVarArg...) -> String {
        let strings = LocalizedStrings.current()
        guard let text = strings[key] else { return key }
        return arguments.isEmpty ? text : String(format: text, locale: strings.language.locale, arguments: arguments)
    }

    static func text(_ key: StringKey) -> String { LocalizedStrings.current()[key] }

    public static var reportCreatedTitle: String { text(.reportCreatedTitle) }
    public static var reportCreatedBodyParagraph1: String { text(.reportCreatedBodyParagraph1) }
    public static var reportCreatedBodyParagraph2: String { text(.reportCreatedBodyParagraph2) }
    public static var reportCreatedCodeCopied: String { text(.reportCreatedCodeCopied) }
    public static var reportCreatedCloseButton: String { text(.reportCreatedCloseButton) }

    public enum AnimalDescription {
        public enum Error {
            public static var missingSpecies: String { text(.errorMissingSpecies) }
            public static var missingGender: String { text(.errorMissingGender) }
            public static var invalidAge: String { text(.errorInvalidAge) }
            public static var missingLatitude: String { text(.errorMissingLatitude) }
            public static var invalidLatitude: String { text(.errorInvalidLatitude) }
            public static var missingLongitude: String { text(.errorMissingLongitude) }
            public static var invalidLongitude: String { text(.errorInvalidLongitude) }
            public static var invalidCoordinateFormat: String { text(.errorInvalidCoordinateFormat) }
        }
    }

    public enum ReportMissing {
        public enum Summary {
            /// What a summary shows for a value not given.
            public static var notProvided: String { text(.detailsNotProvided) }
        }
    }

    public enum OwnersDetails {
        public enum Phone { public static var error: String { text(.ownersPhoneError) } }
        public enum Email { public static var error: String { text(.ownersEmailError) } }
        public enum Error {
            public enum NoConnection { public static var message: String { text(.ownersNoConnectionMessage) } }
            public enum Generic { public static var message: String { text(.ownersGenericErrorMessage) } }
        }
    }
}
