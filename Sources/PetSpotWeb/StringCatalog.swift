import PetSpotRoutes
/// The en/pl text of every key. Templates read them as `{{t.key}}`.
enum StringCatalog {
    static let entries: [TextKey: (en: String, pl: String)] =
        common
        .merging(browse) { a, _ in a }.merging(flow) { a, _ in a }.merging(outcome) { a, _ in a }.merging(mail) { a, _ in a }
        .merging(sightings) { a, _ in a }.merging(alerts) { a, _ in a }.merging(checkIns) { a, _ in a }
        .merging(moderation) { a, _ in a }.merging(console) { a, _ in a }.merging(myReports) { a, _ in a }
        .merging(search) { a, _ in a }.merging(chipLookup) { a, _ in a }.merging(searchPlan) { a, _ in a }.merging(offline) { a, _ in a }
        .merging(looks) { a, _ in a }.merging(help) { a, _ in a }

    static let common: [TextKey: (en: String, pl: String)] = [
        .navHome: ("Home", "Strona główna"),
        .navLostPets: ("Lost and found pets", "Zaginione i znalezione zwierzęta"),
        .navReportMissing: ("Report a Missing Animal", "Zgłoś zagubione zwierzę"),
        .navReportFound: ("Report Found Animal", "Zgłoś znalezienie"),
        .skipToContent: ("Skip to content", "Przejdź do treści"),
        .languageLabel: ("Language", "Język"),
        .errorSummaryTitle: ("There is a problem", "Wystąpił problem"),
        .`continue`: ("Continue", "Dalej"),
        .`back`: ("Back", "Wstecz"),
        .`cancel`: ("Cancel", "Anuluj"),
        .cancelConfirm: ("Stop this report? What you have entered so far will be deleted.", "Przerwać zgłoszenie? Wszystko, co wpisano, zostanie usunięte."),
        .`close`: ("Close", "Zamknij"),
        .statusMissing: ("MISSING", "ZAGINIONE"),
        .statusFound: ("FOUND", "ZNALEZIONE"),
        .statusClosed: ("CLOSED", "ZAMKNIĘTE"),
        .speciesDog: ("Dog", "Pies"), .speciesCat: ("Cat", "Kot"), .speciesBird: ("Bird", "Ptak"),
        .speciesRabbit: ("Rabbit", "Królik"), .speciesOther: ("Other", "Inne"),
        .sexMale: ("Male", "Samiec"), .sexFemale: ("Female", "Samica"), .sexUnknown: ("Unknown", "Nieznana"),
        .notFoundTitle: ("Page not found", "Nie znaleziono strony"),
        .notFoundBody: (
            "The page or report you are looking for does not exist or has been removed.",
            "Strona lub zgłoszenie, którego szukasz, nie istnieje lub zostało usunięte."
        ),
        .formTooLargeTitle: ("This form is too long", "Ten formularz jest za długi"),
        .formTooLargeBody: (
            "What was sent is more than one form may hold. Go back, shorten the longest text and send it again.",
            "Wysłano więcej, niż może zawierać jeden formularz. Wróć, skróć najdłuższy tekst i wyślij ponownie."
        ),
        .forbiddenTitle: ("This form has expired", "Ten formularz wygasł"),
        .forbiddenBody: (
            "For your security we could not accept this form. Go back, reload the page and try again.",
            "Ze względów bezpieczeństwa nie mogliśmy przyjąć formularza. Wróć, odśwież stronę i spróbuj ponownie."
        ),
        .serverErrorTitle: ("Something went wrong", "Coś poszło nie tak"),
        .serverErrorBody: ("Please try again later.", "Spróbuj ponownie później."),
        .storageFullTitle: ("No room to store this now", "Brak miejsca, by to teraz zapisać"),
        .storageFullBody: (
            "PetSpot could not save it because its storage is full. Nothing you saved before is lost; please try again later.",
            "PetSpot nie mógł tego zapisać, bo jego pamięć jest pełna. Nic, co zapisano wcześniej, nie przepadło; spróbuj ponownie później."
        ),
        .backHome: ("Back to the home page", "Wróć na stronę główną"),
    ]

    static let browse: [TextKey: (en: String, pl: String)] = [
        .heroTitle: ("Find Your Pet", "Znajdź swojego pupila"),
        .heroIntro: (
            "Lost your pet or found one? Report it here and browse the reports near you.",
            "Zaginęło Ci zwierzę albo znalazłeś(-aś) cudze? Zgłoś to tutaj i przeglądaj zgłoszenia w okolicy."
        ),
        .recentReports: ("Recent Reports", "Ostatnie zgłoszenia"),
        .viewAll: ("View All", "Wszystkie"),
        .emptyRecent: (
            "No recent announcements. Check back later for pet reports in your area.",
            "Brak ostatnich ogłoszeń. Sprawdź później, czy pojawiły się zgłoszenia zwierząt w Twojej okolicy."
        ),
        .listEmpty: (
            "No animals reported yet. Use 'Report a Missing Animal' to add the first one.",
            "Nie zgłoszono jeszcze żadnych zwierząt. Użyj 'Zgłoś zagubione zwierzę', aby dodać pierwsze."
        ),
        .filterTitle: ("Find reports", "Szukaj zgłoszeń"),
        .changeFilters: ("Change the search", "Zmień wyszukiwanie"),
        .latitude: ("Latitude", "Szerokość geograficzna"),
        .longitude: ("Longitude", "Długość geograficzna"),
        .radius: ("Within", "W promieniu"),
        .placeLabel: ("Place", "Miejscowość"),
        .placePlaceholder: ("e.g. Warszawa", "np. Warszawa"),
        .placeAttribution: ("Place names: GeoNames (geonames.org), CC BY 4.0", "Nazwy miejsc: GeoNames (geonames.org), CC BY 4.0"),
        .placeHint: ("A town, city or district. Suggestions appear as you type.", "Miasto, wieś lub dzielnica. Podpowiedzi pojawiają się podczas pisania."),
        .placeNotFound: (
            "No place of that name. Check the spelling, or try a larger town nearby.",
            "Nie ma miejsca o tej nazwie. Sprawdź pisownię albo wpisz większą miejscowość w pobliżu."
        ),
        .placeMissing: (
            "Enter a place, or the coordinates of the spot", "Wpisz miejscowość albo współrzędne miejsca"
        ),
        .placeStepHint: (
            "Where the pet was: a town or district. Leave the coordinates empty to use the place's centre, or pick the spot on the map.",
            "Gdzie było zwierzę: miejscowość lub dzielnica. Zostaw współrzędne puste, aby użyć środka miejscowości, albo wskaż miejsce na mapie."
        ),
        .placeStepHintNoMap: (
            "Where the pet was: a town or district. Leave the coordinates empty to use the place's centre, or enter the exact spot's.",
            "Gdzie było zwierzę: miejscowość lub dzielnica. Zostaw współrzędne puste, aby użyć środka miejscowości, albo wpisz współrzędne dokładnego miejsca."
        ),
        .coordinatesInstead: ("Or use coordinates", "Albo podaj współrzędne"),
        .statusFilter: ("Show", "Pokaż"),
        .statusAll: ("Lost and found pets", "Zaginione i znalezione"),
        .filterMissing: ("Lost pets", "Zaginione"),
        .filterFound: ("Found pets", "Znalezione"),
        .speciesAll: ("Any species", "Dowolny gatunek"),
        .sinceLabel: ("Last seen", "Ostatnio widziane"),
        .sinceAny: ("Any time", "Kiedykolwiek"),
        .since7: ("In the last 7 days", "W ostatnich 7 dniach"),
        .since30: ("In the last 30 days", "W ostatnich 30 dniach"),
        .since90: ("In the last 90 days", "W ostatnich 90 dniach"),
        .showingNear: ("Reports within {km} km of {place}", "Zgłoszenia w promieniu {km} km od: {place}"),
        .didYouMean: ("Other places that match:", "Inne pasujące miejsca:"),
        .listEmptyFiltered: (
            "No reports match. Try a larger radius, another place or fewer filters.",
            "Brak pasujących zgłoszeń. Spróbuj większego promienia, innego miejsca albo mniej filtrów."
        ),
        .nearPlace: ("near {place}", "w pobliżu: {place}"),
        .kmAway: ("{km} km away", "{km} km od wybranego miejsca"),
        .useMyLocation: ("Use my location", "Użyj mojej lokalizacji"),
        .locationDenied: (
            "Location permission was denied. Allow it in your browser's site settings, or type the coordinates.",
            "Odmówiono dostępu do lokalizacji. Zezwól na nią w ustawieniach strony w przeglądarce albo wpisz współrzędne."
        ),
        .locationUnavailable: (
            "Your position is not available right now. Type the coordinates instead.",
            "Twoja pozycja jest teraz niedostępna. Wpisz współrzędne."
        ),
        .filterApply: ("Show reports", "Pokaż zgłoszenia"),
        .filterClear: ("Clear filter", "Wyczyść filtr"),
        .radiusInvalid: ("Radius must be between 1 and 500 km", "Promień musi wynosić od 1 do 500 km"),
        .filterInvalid: ("Choose one of the offered options", "Wybierz jedną z podanych opcji"),
        .nextPage: ("Next page", "Następna strona"),
        .firstPage: ("First page", "Pierwsza strona"),
        .photoNotAvailable: ("Image not available", "Zdjęcie niedostępne"),
        .photoOf: ("Photo of the pet", "Zdjęcie zwierzęcia"),
        .detailsDate: ("Date of Disappearance", "Data zaginięcia"),
        .contactOwner: ("Contact owner", "Skontaktuj się z właścicielem"),
        .contactFinder: ("Contact the finder", "Skontaktuj się ze znalazcą"),
        .detailsDateFound: ("Date found", "Data znalezienia"),
        .detailsPetName: ("Animal Name", "Imię zwierzęcia"),
        .detailsChip: ("Microchip number", "Numer mikroczipu"),
        .detailsSpecies: ("Animal Species", "Gatunek zwierzęcia"),
        .detailsRace: ("Animal Race", "Rasa zwierzęcia"),
        .detailsSex: ("Animal Sex", "Płeć zwierzęcia"),
        .detailsAge: ("Animal Approx. Age", "Przybliżony wiek zwierzęcia"),
        .detailsPlace: ("Lat / Long", "Szer. / Dł."),
        .detailsArea: ("Area", "Okolica"),
        .aboutPoint: ("about {point} (the area, not the exact spot)", "około {point} (okolica, nie dokładne miejsce)"),
        .mapPickLabel: (
            "Map: click or drag the pin to where the pet was; the latitude and longitude fields follow",
            "Mapa: kliknij lub przeciągnij pinezkę tam, gdzie było zwierzę; pola szerokości i długości się uzupełnią"
        ),
        .mapZoomIn: ("Zoom in", "Przybliż"),
        .mapZoomOut: ("Zoom out", "Oddal"),
        .mapAreaLabel: ("Map of the area where the pet was (not the exact spot)", "Mapa okolicy, w której było zwierzę (nie dokładne miejsce)"),
        .detailsDescription: ("Animal Additional Description", "Dodatkowy opis zwierzęcia"),
        .showOnMap: ("Show on the map", "Pokaż na mapie"),
        .opensInNewTab: ("(opens in a new tab)", "(otwiera się w nowej karcie)"),
        .pagesLabel: ("Pages", "Strony"),
        .reward: ("Reward", "Nagroda"),
        .phoneLabel: ("Phone number", "Numer telefonu"),
        .emailLabel: ("Email", "Email"),
        .manageLink: ("Manage this report", "Zarządzaj zgłoszeniem"),
    ]
}
