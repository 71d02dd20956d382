/// The texts of sightings: the form, the timeline, the owner's controls and the e-mails.
extension StringCatalog {
    static let sightings: [TextKey: (en: String, pl: String)] = [
        .sightingsTitle: ("Sightings", "Zauważenia"),
        .sightingsNone: (
            "No sightings yet. Have you seen this pet? Every sighting helps.",
            "Brak zauważeń. Widziałeś(-aś) to zwierzę? Każda informacja pomaga."
        ),
        .sightingAddLink: ("I saw this pet", "Widziałem(-am) to zwierzę"),
        .sightingFormTitle: ("Report a sighting", "Zgłoś zauważenie"),
        .sightingIntro: (
            "Tell the owner where and when you saw this pet. No account needed; the owner is told by e-mail. The map shows an area, never the exact spot.",
            "Powiedz właścicielowi, gdzie i kiedy widziałeś(-aś) to zwierzę. Konto nie jest potrzebne; właściciel dostanie e-mail. Mapa pokazuje obszar, nigdy dokładne miejsce."
        ),
        .sightingWhen: ("When did you see it?", "Kiedy je widziałeś(-aś)?"),
        .sightingWhenHint: ("Your local time; leave as it is for now.", "Twój czas lokalny; zostaw bez zmian, jeśli to teraz."),
        .sightingWhere: (
            "Where? Type a place, pick it on the map or use your location.",
            "Gdzie? Wpisz miejsce, wskaż je na mapie lub użyj swojej lokalizacji."
        ),
        .sightingWhereNoMap: ("Where? Type a place or use your location.", "Gdzie? Wpisz miejsce lub użyj swojej lokalizacji."),
        .sightingNote: ("What did you see? (optional, up to 500 characters)", "Co widziałeś(-aś)? (opcjonalnie, do 500 znaków)"),
        .sightingNotePlaceholder: (
            "e.g. running towards the park, looked scared, still had its red collar",
            "np. biegł w stronę parku, wyglądał na przestraszonego, miał czerwoną obrożę"
        ),
        .sightingPhoto: ("Photo (optional)", "Zdjęcie (opcjonalnie)"),
        .sightingEmail: (
            "Your e-mail, to hear when the pet is found (optional)",
            "Twój e-mail, aby dowiedzieć się, gdy zwierzę się odnajdzie (opcjonalnie)"
        ),
        .sightingEmailHint: (
            "Used only for that one message, then deleted. Never shown.",
            "Użyjemy go tylko do tej jednej wiadomości, potem go usuniemy. Nigdy nie jest pokazywany."
        ),
        .sightingSend: ("Add sighting", "Dodaj zauważenie"),
        .sightingClosedTitle: ("This report takes no sightings", "To zgłoszenie nie przyjmuje zauważeń"),
        .sightingClosedBody: (
            "Sightings are for pets that are still missing. This report was closed, or it is about a pet someone found: its page says where it stands.",
            "Zauważenia dotyczą zwierząt, które nadal są zaginione. To zgłoszenie zostało zamknięte albo dotyczy znalezionego zwierzęcia: jego strona mówi, jak sprawa wygląda."
        ),
        .sightingThanks: (
            "Thank you! Your sighting is on the timeline and the owner has been told.",
            "Dziękujemy! Twoje zauważenie jest na osi czasu, a właściciel został powiadomiony."
        ),
        .sightingWhenInvalid: ("Enter the date and time as YYYY-MM-DD HH:MM", "Wpisz datę i godzinę w formacie RRRR-MM-DD GG:MM"),
        .sightingWhenFuture: ("The time cannot be in the future", "Czas nie może być w przyszłości"),
        .sightingWhenOld: ("Sightings older than a year are not taken", "Zauważenia starsze niż rok nie są przyjmowane"),
        .sightingWhereMissing: (
            "Tell us where: type a place or use your location",
            "Podaj miejsce: wpisz je lub użyj swojej lokalizacji"
        ),
        .sightingWhereInvalid: (
            "That place could not be read: check the latitude and longitude",
            "Nie udało się odczytać miejsca: sprawdź szerokość i długość geograficzną"
        ),
        .sightingNoteLong: ("Keep the note under 500 characters", "Notatka może mieć najwyżej 500 znaków"),
        .sightingLimited: (
            "Too many sightings from here just now. Please try again in a few minutes.",
            "Zbyt wiele zauważeń z Twojego połączenia w krótkim czasie. Spróbuj ponownie za kilka minut."
        ),
        .sightingSeenAt: ("Seen", "Widziane"),
        .sightingMapLabel: (
            "Map of the report's area and its sightings, numbered as in the timeline",
            "Mapa obszaru zgłoszenia i zauważeń, ponumerowanych jak na osi czasu"
        ),
        .sightingPhotoAlt: ("Photo from the sighting", "Zdjęcie z zauważenia"),
        .sightingHide: ("Hide", "Ukryj"),
        .sightingShow: ("Show again", "Pokaż ponownie"),
        .sightingHidden: ("Hidden", "Ukryte"),
        .sightingsOwnerIntro: (
            "Hide a sighting that is spam or a mistake; it leaves the public timeline and map.",
            "Ukryj zauważenie, które jest spamem lub pomyłką; zniknie z publicznej osi czasu i mapy."
        ),
        .mailSightingSubject: ("New sighting for your PetSpot report", "Nowe zauważenie w Twoim zgłoszeniu w PetSpot"),
        .mailSightingOne: ("Someone has reported seeing your pet.", "Ktoś zgłosił, że widział Twojego pupila."),
        .sightingScamWarning: (
            "Only you see this note: it mentions money, payments or codes. Never pay, and never pass on a code, before you see the pet.",
            "Tę notatkę widzisz tylko Ty: wspomina o pieniądzach, płatnościach lub kodach. Nigdy nie płać ani nie podawaj kodu, zanim zobaczysz zwierzę."
        ),
        .mailSightingMoney: (
            "A note below mentions money, payments or codes: only you see it. Be careful: never pay, and never pass on a code, before you see the pet.",
            "Notatka poniżej wspomina o pieniądzach, płatnościach lub kodach: widzisz ją tylko Ty. Uważaj: nigdy nie płać ani nie podawaj kodu, zanim zobaczysz zwierzę."
        ),
        .mailSightingCheck: (
            "Times are the place's local time. Places are areas of about 450 m, not exact spots.",
            "Godziny podano w czasie lokalnym miejsca. Miejsca to obszary o promieniu ok. 450 m, nie dokładne punkty."
        ),
        .localTime: ("{time} ({zone} time)", "{time} ({zone})"),
        .mailSightingTimeline: ("See the timeline and the map", "Zobacz oś czasu i mapę"),
        .mailSightingHide: ("Hide a sighting (with your management code)", "Ukryj zauważenie (kodem zarządzania)"),
        .mailFoundAgainSubject: ("Good news: a pet you saw is home", "Dobra wiadomość: zwierzę, które widziałeś(-aś), jest w domu"),
        .mailFoundAgainBody: (
            "You told us you saw a missing pet. Its report is now closed: the pet is back with its owner. Thank you for helping.",
            "Zgłosiłeś(-aś), że widziałeś(-aś) zaginione zwierzę. Zgłoszenie jest już zamknięte: zwierzę wróciło do właściciela. Dziękujemy za pomoc."
        ),
        .mailFoundAgainFooter: ("We have now deleted your e-mail address.", "Twój adres e-mail został już usunięty."),
        .mailSeeTheReport: ("See the report", "Zobacz zgłoszenie"),
        .contactsWithheld: (
            "Contact details are hidden for a while: many were shown to your connection in the last hour. You can still send a message.",
            "Dane kontaktowe są chwilowo ukryte: z Twojego połączenia wyświetlono ich w ostatniej godzinie zbyt wiele. Nadal możesz wysłać wiadomość."
        ),
        .privateTraitLabel: (
            "A private detail only you know (optional, never shown)",
            "Prywatny szczegół, który znasz tylko Ty (opcjonalnie, nigdy niepokazywany)"
        ),
        .privateTraitPlaceholder: (
            "e.g. a small scar under the chin, a pink spot on the tongue",
            "np. mała blizna pod brodą, różowa plamka na języku"
        ),
        .privateTraitHint: (
            "Leave something out of the public description. When someone writes that they found your pet, we ask them to describe it, and show you their answer next to this, so you can tell a real finder from a scammer.",
            "Podaj coś, czego nie ma w publicznym opisie. Gdy ktoś napisze, że znalazł Twojego pupila, poprosimy go o opis i pokażemy Ci jego odpowiedź obok tego szczegółu, abyś mógł(-ogła) odróżnić prawdziwego znalazcę od oszusta."
        ),
    ]
}
