/// The texts of moderation seen by the public: flags, the owner's "this message is a scam",
/// blocks, reports under review and the reporter's e-mails.
extension StringCatalog {
    static let moderation: [TextKey: (en: String, pl: String)] = [
        .flagLink: ("Report a problem", "Zgłoś problem"),
        .flagTitle: ("Report a problem with this report", "Zgłoś problem z tym zgłoszeniem"),
        .flagSightingTitle: ("Report a problem with this sighting", "Zgłoś problem z tym zauważeniem"),
        .flagIntro: (
            "Tell PetSpot's team what is wrong. No account needed and nobody sees who reported it. Something reported by several people is hidden until the team has looked at it.",
            "Powiedz zespołowi PetSpot, co jest nie tak. Konto nie jest potrzebne i nikt nie zobaczy, kto zgłosił. To, co zgłosi kilka osób, zostaje ukryte do czasu sprawdzenia."
        ),
        .flagReasonLabel: ("What is wrong?", "Co jest nie tak?"),
        .flagReasonScam: ("A scam or a request for money", "Oszustwo lub prośba o pieniądze"),
        .flagReasonOffensive: ("Offensive", "Obraźliwe treści"),
        .flagReasonSpam: ("Spam, or not about a pet", "Spam lub nie dotyczy zwierzęcia"),
        .flagReasonDuplicate: ("A duplicate of another report", "Duplikat innego zgłoszenia"),
        .flagReasonPetHome: ("The pet is home already", "Zwierzę jest już w domu"),
        .flagReasonOther: ("Something else", "Coś innego"),
        .flagDetail: ("More detail (needed for “Something else”, up to 500 characters)", "Szczegóły (wymagane przy „Coś innego”, do 500 znaków)"),
        .flagDuplicateOf: (
            "For a duplicate: the link, short link or id of the report it repeats",
            "Przy duplikacie: link, krótki link lub identyfikator powtórzonego zgłoszenia"
        ),
        .flagSend: ("Send to PetSpot's team", "Wyślij do zespołu PetSpot"),
        .flagThanksTitle: ("Thank you for telling us", "Dziękujemy za zgłoszenie"),
        .flagThanksBody: (
            "PetSpot's team reviews what people report. You do not need to do anything else.",
            "Zespół PetSpot sprawdza zgłoszone treści. Nie musisz robić nic więcej."
        ),
        .flagReasonMissing: ("Choose what is wrong", "Wybierz, co jest nie tak"),
        .flagDetailLong: ("Keep the detail under 500 characters", "Szczegóły mogą mieć najwyżej 500 znaków"),
        .flagDetailMissing: ("Tell us what is wrong", "Napisz, co jest nie tak"),
        .flagDuplicateMissing: ("Give the link of the report it repeats", "Podaj link do powtórzonego zgłoszenia"),
        .flagDuplicateUnknown: ("No other open report has that link or id", "Żadne inne otwarte zgłoszenie nie ma takiego linku ani identyfikatora"),
        .flagLimited: (
            "Too many reports of problems from your connection just now. Please try again later.",
            "Zbyt wiele zgłoszeń problemów z Twojego połączenia. Spróbuj ponownie później."
        ),
        .messageFlagTitle: ("Is this message a scam?", "Czy ta wiadomość to oszustwo?"),
        .messageFlagBody: (
            "If the message asks for money, your code or personal details, or you believe it is a scam, tell us: its sender will not be able to message you or anyone else on PetSpot until PetSpot's team has looked at it.",
            "Jeśli wiadomość prosi o pieniądze, Twój kod lub dane osobowe albo uważasz ją za oszustwo, daj nam znać: jej nadawca nie będzie mógł pisać do Ciebie ani do nikogo innego w PetSpot, dopóki zespół PetSpot jej nie sprawdzi."
        ),
        .messageFlagButton: ("Report this message as a scam", "Zgłoś tę wiadomość jako oszustwo"),
        .messageFlaggedTitle: ("Thank you: the sender is stopped", "Dziękujemy: nadawca został zablokowany"),
        .messageFlaggedBody: (
            "The sender cannot message anyone through PetSpot while our team reviews it. Never pay or share your code with anyone who contacts you about your pet.",
            "Nadawca nie może pisać do nikogo przez PetSpot, dopóki nasz zespół tego nie sprawdzi. Nigdy nie płać i nie podawaj swojego kodu nikomu, kto pisze w sprawie Twojego zwierzęcia."
        ),
        .mailRelayFlag: ("Is this message a scam? Report it", "Czy ta wiadomość to oszustwo? Zgłoś ją"),
        .blockedTitle: ("This cannot be accepted", "Nie można tego przyjąć"),
        .blockedBody: (
            "PetSpot cannot accept this from you right now. If you think this is a mistake, write to PetSpot's team.",
            "PetSpot nie może teraz tego od Ciebie przyjąć. Jeśli uważasz, że to pomyłka, napisz do zespołu PetSpot."
        ),
        .underReviewTitle: ("This report is under review", "To zgłoszenie jest sprawdzane"),
        .underReviewBody: (
            "People reported a problem with it and PetSpot's team is checking it. It is hidden until then.",
            "Ktoś zgłosił z nim problem i zespół PetSpot je sprawdza. Do tego czasu jest ukryte."
        ),
        .duplicateNotice: ("That report repeated this one, so you have been brought here.", "Tamto zgłoszenie powtarzało to, więc przenieśliśmy Cię tutaj."),
        .mailHeldSubject: ("Your PetSpot report is being reviewed", "Twoje zgłoszenie w PetSpot jest sprawdzane"),
        .mailHeldBody: (
            "Several people reported a problem with your report, so it is hidden from the lists while PetSpot's team checks it. If all is well it comes back as it was.",
            "Kilka osób zgłosiło problem z Twoim zgłoszeniem, więc jest ukryte na listach, dopóki zespół PetSpot go nie sprawdzi. Jeśli wszystko jest w porządku, wróci bez zmian."
        ),
        .mailHiddenSubject: ("Your PetSpot report was hidden", "Twoje zgłoszenie w PetSpot zostało ukryte"),
        .mailHiddenBody: (
            "PetSpot's team reviewed your report and hid it from the public.", "Zespół PetSpot sprawdził Twoje zgłoszenie i ukrył je przed innymi."
        ),
        .mailRemovedSubject: ("Your PetSpot report was removed", "Twoje zgłoszenie w PetSpot zostało usunięte"),
        .mailRemovedBody: ("PetSpot's team reviewed your report and removed it.", "Zespół PetSpot sprawdził Twoje zgłoszenie i je usunął."),
        .mailDuplicateSubject: ("Your PetSpot report was merged with another", "Twoje zgłoszenie w PetSpot połączono z innym"),
        .mailDuplicateBody: (
            "PetSpot's team found that your report repeats another one. Its page now points to the other report, and its sightings moved there.",
            "Zespół PetSpot ustalił, że Twoje zgłoszenie powtarza inne. Jego strona wskazuje teraz tamto zgłoszenie, a zauważenia zostały tam przeniesione."
        ),
        .mailModerationReason: ("Reason", "Powód"),
        .ownerUnderReview: (
            "People reported a problem with this report, so it is hidden from the public while PetSpot's team checks it. You can still manage it here.",
            "Ktoś zgłosił problem z tym zgłoszeniem, więc jest ukryte przed innymi, dopóki zespół PetSpot go nie sprawdzi. Nadal możesz nim tu zarządzać."
        ),
        .ownerHidden: (
            "PetSpot's team has hidden this report from the public. To ask for a review, reply to the e-mail that told you.",
            "Zespół PetSpot ukrył to zgłoszenie przed innymi. Aby poprosić o ponowne sprawdzenie, odpowiedz na wiadomość, która Cię o tym poinformowała."
        ),
        .mailModerationReview: (
            "If you think this is a mistake, reply to this e-mail with a few words and PetSpot's team will look at it again.",
            "Jeśli uważasz, że to pomyłka, odpowiedz na tę wiadomość kilkoma słowami, a zespół PetSpot sprawdzi to ponownie."
        ),
    ]
}
