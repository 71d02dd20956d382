/// The texts of nearby alerts: the subscription pages and the e-mails.
extension StringCatalog {
    static let alerts: [TextKey: (en: String, pl: String)] = [
        .alertsNav: ("Alerts", "Powiadomienia"),
        .alertsTitle: ("Get alerts near you", "Powiadomienia z okolicy"),
        .alertsIntro: (
            "Hear by e-mail when a pet goes missing or is found near a place you choose. No account needed; we first send one e-mail to confirm the address, and every alert has a one-click unsubscribe.",
            "Otrzymuj e-mail, gdy w wybranej okolicy zaginie lub znajdzie się zwierzę. Konto nie jest potrzebne; najpierw wyślemy jedną wiadomość, aby potwierdzić adres, a każde powiadomienie można wyłączyć jednym kliknięciem."
        ),
        .alertEmail: ("Your e-mail", "Twój e-mail"),
        .alertEmailHint: ("Used only for these alerts; deleted when you unsubscribe.", "Używany tylko do tych powiadomień; usuwany po wypisaniu się."),
        .alertPlace: ("Near", "W pobliżu"),
        .alertRadius: ("Within", "W promieniu"),
        .alertKinds: ("Tell me about", "Informuj mnie o"),
        .alertKindsBoth: ("Missing and found pets", "Zaginionych i znalezionych zwierzętach"),
        .alertKindsMissing: ("Missing pets", "Zaginionych zwierzętach"),
        .alertKindsFound: ("Found pets", "Znalezionych zwierzętach"),
        .alertSpecies: ("Species", "Gatunek"),
        .alertFrequency: ("How often", "Jak często"),
        .alertFrequencyInstant: ("At once, for each report", "Od razu, o każdym zgłoszeniu"),
        .alertFrequencyDaily: ("One e-mail a day", "Jeden e-mail dziennie"),
        .alertSubscribe: ("Send me alerts", "Wysyłaj mi powiadomienia"),
        .alertSave: ("Save changes", "Zapisz zmiany"),
        .alertUnsubscribeButton: ("Unsubscribe and delete my address", "Wypisz mnie i usuń mój adres"),
        .alertCheckInboxTitle: ("Check your inbox", "Sprawdź skrzynkę"),
        .alertCheckInboxBody: (
            "We sent a link to confirm your address. Nothing else is sent until you follow it; an unconfirmed request is deleted after 48 hours.",
            "Wysłaliśmy link do potwierdzenia adresu. Nic więcej nie wyślemy, dopóki go nie otworzysz; niepotwierdzona prośba zostanie usunięta po 48 godzinach."
        ),
        .alertConfirmTitle: ("Confirm your alerts", "Potwierdź powiadomienia"),
        .alertConfirmBody: (
            "E-mails to {email} about lost and found pets {area}.", "E-maile na adres {email} o zaginionych i znalezionych zwierzętach {area}."
        ),
        .alertConfirmButton: ("Yes, send me these alerts", "Tak, wysyłaj mi te powiadomienia"),
        .alertConfirmedTitle: ("Alerts on", "Powiadomienia włączone"),
        .alertConfirmedBody: (
            "You will hear about new reports in this area. Each e-mail has a link to change or stop them.",
            "Otrzymasz informacje o nowych zgłoszeniach w tej okolicy. Każdy e-mail ma link do zmiany lub wyłączenia powiadomień."
        ),
        .alertManageTitle: ("Your alerts", "Twoje powiadomienia"),
        .alertSavedBody: ("Your alerts are changed.", "Powiadomienia zostały zmienione."),
        .alertUnsubscribedTitle: ("Unsubscribed", "Wypisano"),
        .alertUnsubscribedBody: (
            "You will get no more alerts, and your address is deleted.", "Nie otrzymasz więcej powiadomień, a Twój adres został usunięty."
        ),
        .alertLinkInvalidTitle: ("This link does not work", "Ten link nie działa"),
        .alertLinkInvalidBody: (
            "It may be incomplete, or the alerts were already stopped or expired.", "Może być niepełny albo powiadomienia zostały już wyłączone lub wygasły."
        ),
        .alertWhereMissing: (
            "Choose a place: type it, pick a suggestion or use your location", "Wybierz miejsce: wpisz je, wybierz podpowiedź lub użyj swojej lokalizacji"
        ),
        .alertRadiusInvalid: ("Choose one of the distances offered", "Wybierz jedną z podanych odległości"),
        .alertKindsInvalid: ("Choose missing, found or both", "Wybierz: zaginione, znalezione lub jedne i drugie"),
        .alertSpeciesInvalid: ("Choose species from the list", "Wybierz gatunki z listy"),
        .alertFrequencyInvalid: ("Choose at once or daily", "Wybierz: od razu lub raz dziennie"),
        .alertLimited: ("Too many requests from here just now. Please try again later.", "Zbyt wiele próśb z Twojego połączenia. Spróbuj ponownie później."),
        .alertsLinkFromList: ("Get an e-mail when a pet is reported near here", "Otrzymuj e-mail, gdy w pobliżu pojawi się zgłoszenie"),
        .mailAlertConfirmSubject: ("Confirm your PetSpot alerts", "Potwierdź powiadomienia PetSpot"),
        .mailAlertConfirmBody: (
            "Someone (we hope you) asked PetSpot to e-mail this address about lost and found pets {area}.",
            "Ktoś (mamy nadzieję, że Ty) poprosił PetSpot o powiadomienia na ten adres o zaginionych i znalezionych zwierzętach {area}."
        ),
        .mailAlertConfirmIgnore: (
            "If it was not you, ignore this e-mail: nothing more is sent, and the request is deleted in 48 hours.",
            "Jeśli to nie Ty, zignoruj tę wiadomość: nic więcej nie wyślemy, a prośba zostanie usunięta po 48 godzinach."
        ),
        .mailAlertConfirmLink: ("Confirm the alerts", "Potwierdź powiadomienia"),
        .mailAlertChangedSubject: ("Your PetSpot alerts were changed", "Twoje powiadomienia PetSpot zostały zmienione"),
        .mailAlertChangedBody: (
            "Your PetSpot alerts now cover lost and found pets {area}. If you did not change them, change them back or stop them here.",
            "Twoje powiadomienia PetSpot obejmują teraz zaginione i znalezione zwierzęta {area}. Jeśli to nie Ty je zmieniłeś(-aś), przywróć je lub wyłącz tutaj."
        ),
        .mailAlertArea: ("within {km} km of {place}", "(okolica: {place}, promień {km} km)"),
        .mailAlertIntro: ("A new report {area}:", "Nowe zgłoszenie {area}:"),
        .mailAlertDistance: ("Distance", "Odległość"),
        .mailAlertKm: ("about {km} km", "około {km} km"),
        .mailAlertPhoto: ("Photo", "Zdjęcie"),
        .mailAlertSee: ("See the report (and write to the reporter)", "Zobacz zgłoszenie (i napisz do zgłaszającego)"),
        .mailAlertManage: ("Change these alerts", "Zmień powiadomienia"),
        .mailAlertUnsubscribe: ("Unsubscribe", "Wypisz się"),
        .mailAlertWhy: (
            "You get this because you asked PetSpot for alerts near this place.",
            "Otrzymujesz tę wiadomość, bo poprosiłeś(-aś) PetSpot o powiadomienia z tej okolicy."
        ),
        .mailDigestIntro: ("{reports} {area}:", "{reports} {area}:"),
    ]
}
