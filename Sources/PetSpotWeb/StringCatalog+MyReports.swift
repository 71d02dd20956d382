/// The texts of "my reports".
extension StringCatalog {
    static let myReports: [TextKey: (en: String, pl: String)] = [
        .mailMyReportsFooter: ("Lost your code? Get a link to all your reports", "Zgubiony kod? Poproś o link do wszystkich swoich zgłoszeń"),
        .mailMyReportsSubject: ("Your PetSpot reports", "Twoje zgłoszenia w PetSpot"),
        .mailMyReportsBody: (
            "Someone, we hope you, asked for a link to everything this address has on PetSpot: your reports, the sightings you asked to hear about and your alerts. The link works once, for 24 hours.",
            "Ktoś, mamy nadzieję, że Ty, poprosił o link do wszystkiego, co ten adres ma w PetSpot: Twoich zgłoszeń, zauważeń, o których chcesz wiedzieć, i alertów. Link działa raz, przez 24 godziny."
        ),
        .mailMyReportsOpen: ("Open my reports", "Otwórz moje zgłoszenia"),
        .mailMyReportsIgnore: (
            "If you did not ask for it, ignore this e-mail: nothing changes.", "Jeśli to nie Ty, zignoruj tę wiadomość: nic się nie zmieni."
        ),
        .myReportsLink: ("Lost your code? Get a link to all your reports", "Zgubiony kod? Poproś o link do wszystkich swoich zgłoszeń"),
        .myReportsTitle: ("My reports", "Moje zgłoszenia"),
        .myReportsIntro: (
            "No account needed. Type the e-mail address you filed with: PetSpot sends it a link to all its reports, where you can mark a pet home, edit a report, see its sightings and get a new code.",
            "Konto nie jest potrzebne. Wpisz adres e-mail podany w zgłoszeniu: PetSpot wyśle na niego link do wszystkich zgłoszeń, gdzie możesz oznaczyć powrót zwierzęcia, edytować zgłoszenie, zobaczyć zauważenia i dostać nowy kod."
        ),
        .myReportsEmail: ("Your e-mail address", "Twój adres e-mail"),
        .myReportsSend: ("Send me the link", "Wyślij mi link"),
        .myReportsSentTitle: ("Check your inbox", "Sprawdź skrzynkę"),
        .myReportsSentBody: (
            "If PetSpot has anything for this address, a link is on its way. It works once, for 24 hours.",
            "Jeśli PetSpot ma coś dla tego adresu, link jest już w drodze. Działa raz, przez 24 godziny."
        ),
        .myReportsLimited: (
            "Too many links were asked for just now. Please try again in 15 minutes.",
            "Poproszono o zbyt wiele linków. Spróbuj ponownie za 15 minut."
        ),
        .myReportsOpenTitle: ("Open your reports", "Otwórz swoje zgłoszenia"),
        .myReportsOpenBody: (
            "This link works once. The page it opens stays open in this browser for 30 minutes.",
            "Ten link działa raz. Strona, którą otwiera, pozostaje otwarta w tej przeglądarce przez 30 minut."
        ),
        .myReportsOpenButton: ("Show my reports", "Pokaż moje zgłoszenia"),
        .myReportsInvalidTitle: ("This link no longer works", "Ten link już nie działa"),
        .myReportsInvalidBody: (
            "A link works once and for 24 hours. Ask for a new one on the My reports page.",
            "Link działa raz i przez 24 godziny. Poproś o nowy na stronie „Moje zgłoszenia”."
        ),
        .myReportsListTitle: ("Your reports", "Twoje zgłoszenia"),
        .myReportsListIntro: (
            "Everything PetSpot has for {email}. This page stays open in this browser for 30 minutes at most, until the browser closes.",
            "Wszystko, co PetSpot ma dla adresu {email}. Ta strona pozostaje otwarta w tej przeglądarce najwyżej przez 30 minut, do jej zamknięcia."
        ),
        .myReportsNone: ("No reports were filed with this address.", "Z tym adresem nie złożono żadnych zgłoszeń."),
        .myReportsManage: ("Manage this report", "Zarządzaj zgłoszeniem"),
        .myReportsReunite: ("Mark as reunited", "Zwierzę wróciło do domu"),
        .myReportsNewCode: ("Replace the code", "Wymień kod"),
        .myReportsCodeTitle: ("Your new code", "Twój nowy kod"),
        .myReportsCodeBody: (
            "The old code no longer works. Keep this one: it was e-mailed to you too.",
            "Stary kod już nie działa. Zachowaj ten: wysłaliśmy go też e-mailem."
        ),
        .myReportsWatchesTitle: ("Sightings you asked to hear about", "Zauważenia, o których chcesz wiedzieć"),
        .myReportsWatchStop: ("Stop telling me", "Nie powiadamiaj mnie"),
        .myReportsSignOut: ("Close my reports on this device", "Wyloguj się z „Moich zgłoszeń” na tym urządzeniu"),
        .myReportsWatchStopped: (
            "Done: you will not hear about that sighting, and your address is deleted from it.",
            "Gotowe: nie dostaniesz wiadomości o tym zauważeniu, a Twój adres został z niego usunięty."
        ),
        .myReportsAlertsTitle: ("Your nearby alerts", "Twoje alerty w okolicy"),
        .myReportsAlertManage: ("Change this alert", "Zmień ten alert"),
        .myReportsAlertUnsubscribe: ("Unsubscribe", "Wypisz się"),
        .myReportsSeen: ("Sighting of", "Zauważenie:"),
        .myReportsStatus: ("Status", "Status"),
        .ownerMessagesTitle: ("Messages from finders", "Wiadomości od znalazców"),
        .ownerMessagesIntro: (
            "What people wrote to you through PetSpot in the last 30 days (each also came by e-mail). Never pay before you have seen the pet.",
            "Co ludzie napisali do Ciebie przez PetSpot w ostatnich 30 dniach (każda wiadomość przyszła też e-mailem). Nigdy nie płać, zanim zobaczysz zwierzę."
        ),
        .addEmailLabel: (
            "Your e-mail address, so that you can get back in without the code next time",
            "Twój adres e-mail, aby następnym razem wejść bez kodu"
        ),
        .addEmailButton: ("Add the e-mail address", "Dodaj adres e-mail"),
        .addEmailDone: ("Saved. Next time, My reports sends a link to this address.", "Zapisano. Następnym razem link z „Moich zgłoszeń” trafi na ten adres."),
    ]
}
