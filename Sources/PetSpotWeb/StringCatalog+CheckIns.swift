/// The texts of "still missing?" check-ins.
extension StringCatalog {
    static let checkIns: [TextKey: (en: String, pl: String)] = [
        .mailCheckInSubject: ("Is your pet still missing?", "Czy Twój pupil nadal się nie odnalazł?"),
        .mailCheckInFoundSubject: ("Is the pet you found still waiting for its owner?", "Czy znalezione zwierzę nadal czeka na właściciela?"),
        .mailCheckInBody: (
            "Your report of a missing pet is on PetSpot. Please tell us whether it is still missing, so that the list stays true for everyone searching.",
            "Twoje zgłoszenie zaginięcia jest w PetSpot. Daj nam znać, czy zwierzę nadal się nie odnalazło, aby lista była aktualna dla wszystkich szukających."
        ),
        .mailCheckInFoundBody: (
            "Your report of a pet you found is on PetSpot. Please tell us whether it is still waiting for its owner.",
            "Twoje zgłoszenie znalezionego zwierzęcia jest w PetSpot. Daj nam znać, czy nadal czeka na właściciela."
        ),
        .mailCheckInsBody: (
            "You have several reports on PetSpot. For each one, please tell us whether it is still current, so that the list stays true for everyone searching. Each report has its own links.",
            "Masz w PetSpot kilka zgłoszeń. Przy każdym daj nam znać, czy jest nadal aktualne, aby lista była prawdziwa dla wszystkich szukających. Każde zgłoszenie ma własne linki."
        ),
        .mailCheckInStale: (
            "A report nobody confirms for 90 days leaves the list (it is not deleted: you can bring it back with your code).",
            "Zgłoszenie niepotwierdzone przez 90 dni znika z listy (nie jest usuwane: możesz je przywrócić swoim kodem)."
        ),
        .mailCheckInStill: ("Still missing: keep my report listed", "Nadal zaginione: zostaw zgłoszenie na liście"),
        .mailCheckInStillFound: ("Still waiting: keep my report listed", "Nadal czeka: zostaw zgłoszenie na liście"),
        .mailCheckInReunited: ("We are reunited: close my report", "Jesteśmy razem: zamknij zgłoszenie"),
        .mailCheckInOnce: ("Each link works once, and only from this e-mail.", "Każdy link działa raz i tylko z tej wiadomości."),
        .checkInStillTitle: ("Keep your report listed?", "Zostawić zgłoszenie na liście?"),
        .checkInStillButton: ("Yes, still missing", "Tak, nadal zaginione"),
        .checkInReunitedTitle: ("Close your report as reunited?", "Zamknąć zgłoszenie, bo zwierzę wróciło do domu?"),
        .checkInReunitedButton: ("Yes, we are reunited", "Tak, jesteśmy razem"),
        .checkInKeptTitle: ("Thank you", "Dziękujemy"),
        .checkInKeptBody: ("Your report stays listed. We will ask again in two weeks.", "Zgłoszenie zostaje na liście. Zapytamy ponownie za dwa tygodnie."),
        .checkInReunitedDoneTitle: ("Wonderful news!", "Wspaniała wiadomość!"),
        .checkInReunitedDoneBody: (
            "Your report is closed: its page now says REUNITED, so old flyers stop misleading people.",
            "Zgłoszenie jest zamknięte: jego strona pokazuje teraz „W DOMU”, więc stare plakaty nie wprowadzą nikogo w błąd."
        ),
        .checkInInvalidTitle: ("This link does not work any more", "Ten link już nie działa"),
        .checkInInvalidBody: (
            "Each link in a check-in e-mail works once. To change your report, use its manage page and your code.",
            "Każdy link z wiadomości działa raz. Aby zmienić zgłoszenie, użyj strony zarządzania i swojego kodu."
        ),
        .staleNotice: (
            "This report has left the list: nobody confirmed it for 90 days. If the pet is still missing, list it again.",
            "To zgłoszenie zniknęło z listy: nikt go nie potwierdził przez 90 dni. Jeśli zwierzę nadal się nie odnalazło, przywróć zgłoszenie na listę."
        ),
        .keepListed: ("Still missing: list it again", "Nadal zaginione: przywróć na listę"),
        .keptListed: ("Your report is listed again.", "Zgłoszenie znów jest na liście."),
        // The owner's way in by e-mail, when the code is lost or locked by strangers' guesses.
        .ownerLinkAsk: ("E-mail me a link instead", "Wyślij mi link e-mailem"),
        .ownerLinkHint: (
            "Lost your code, or locked out? We can e-mail a link to the address this report was filed with.",
            "Zgubiony kod albo blokada? Możemy wysłać link na adres e-mail podany w zgłoszeniu."
        ),
        .ownerLinkSentTitle: ("Check your inbox", "Sprawdź skrzynkę"),
        .ownerLinkSentBody: (
            "If this report has an e-mail address, a link to manage it is on its way there. It works once, for 24 hours.",
            "Jeśli zgłoszenie ma adres e-mail, wysłaliśmy na niego link do zarządzania. Działa raz, przez 24 godziny."
        ),
        .ownerLinkTitle: ("Manage your report", "Zarządzaj zgłoszeniem"),
        .ownerLinkBody: (
            "This link opens your report's owner view once, without the code.",
            "Ten link jednorazowo otwiera widok właściciela, bez kodu."
        ),
        .ownerLinkButton: ("Open my report", "Otwórz moje zgłoszenie"),
        .ownerLinkInvalidTitle: ("This link does not work any more", "Ten link już nie działa"),
        .ownerLinkInvalidBody: (
            "A link to manage a report works once, for 24 hours. Ask for a new one on the report's manage page.",
            "Link do zarządzania działa raz, przez 24 godziny. Poproś o nowy na stronie zarządzania zgłoszeniem."
        ),
        .mailOwnerLinkSubject: ("Your link to manage your PetSpot report", "Twój link do zarządzania zgłoszeniem w PetSpot"),
        .mailOwnerLinkBody: (
            "Someone, hopefully you, asked for a link to manage this report without its code. It works once, for 24 hours.",
            "Ktoś, mamy nadzieję, że Ty, poprosił o link do zarządzania tym zgłoszeniem bez kodu. Działa raz, przez 24 godziny."
        ),
        .mailOwnerLinkOpen: ("Manage your report", "Zarządzaj zgłoszeniem"),
        .mailOwnerLinkIgnore: (
            "If you did not ask for it, ignore this e-mail: nothing changes without the link.",
            "Jeśli to nie Ty, zignoruj tę wiadomość: bez linku nic się nie zmieni."
        ),
    ]
}
