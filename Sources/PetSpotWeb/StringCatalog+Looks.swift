/// The texts of search by photo.
extension StringCatalog {
    static let looks: [TextKey: (en: String, pl: String)] = [
        .photoSearchLink: ("Found a pet? Search by its photo", "Znalazłeś(-aś) zwierzę? Szukaj po zdjęciu"),
        .photoSearchTitle: ("Search by photo", "Szukaj po zdjęciu"),
        .photoSearchIntro: (
            "Take or choose a photo of the pet. PetSpot shows the reports nearby whose photos look most like it, the most alike first.",
            "Zrób lub wybierz zdjęcie zwierzęcia. PetSpot pokaże zgłoszenia z okolicy, których zdjęcia są do niego najbardziej podobne, najpierw najbardziej podobne."
        ),
        .photoSearchPhotoLabel: ("Photo of the pet", "Zdjęcie zwierzęcia"),
        .photoSearchPhotoHint: ("A JPEG, PNG or WebP photo, at most 20 MB.", "Zdjęcie JPEG, PNG lub WebP, najwyżej 20 MB."),
        .photoSearchPlaceLabel: ("Where (town or district)", "Gdzie (miejscowość lub dzielnica)"),
        .photoSearchPlaceHint: ("e.g. Żoliborz, Warszawa. Leave empty to search everywhere.", "np. Żoliborz, Warszawa. Zostaw puste, by szukać wszędzie."),
        .photoSearchRadiusLabel: ("Within (km)", "W promieniu (km)"),
        .photoSearchKindLabel: ("Show", "Pokaż"),
        .photoSearchKindMissing: ("Missing pets (I found this one)", "Zaginione (znalazłem(-am) to zwierzę)"),
        .photoSearchKindFound: ("Found pets (mine is missing)", "Znalezione (moje zaginęło)"),
        .photoSearchSubmit: ("Search", "Szukaj"),
        .photoSearchResults: ("Reports whose photos look like yours", "Zgłoszenia ze zdjęciami podobnymi do Twojego"),
        .photoSearchNone: ("No report with a photo here yet. Try a wider area.", "Nie ma tu jeszcze zgłoszeń ze zdjęciem. Spróbuj większego obszaru."),
        .photoSearchOffTitle: ("Search by photo is off", "Wyszukiwanie po zdjęciu jest wyłączone"),
        .photoSearchOffBody: (
            "This PetSpot server does not compare photos. Browse the reports near the place instead.",
            "Ten serwer PetSpot nie porównuje zdjęć. Przejrzyj zgłoszenia w pobliżu miejsca."
        ),
        .photoSearchNotKept: ("Your photo is compared and not kept.", "Twoje zdjęcie jest porównywane i nie jest zachowywane."),
        .photoSearchPhotoMissing: ("Choose a photo of the pet.", "Wybierz zdjęcie zwierzęcia."),
        .photoSearchPhotoUnreadable: (
            "This photo could not be read: choose a JPEG, PNG or WebP.", "Nie udało się odczytać zdjęcia: wybierz JPEG, PNG lub WebP."
        ),
        .photoSearchPlaceMissing: ("No place of that name is known.", "Nie znamy miejsca o tej nazwie."),
        .photoSearchBusy: ("Many searches are running right now. Try again in a moment.", "Trwa teraz wiele wyszukiwań. Spróbuj za chwilę."),
        .photoSearchTooMany: (
            "You have searched by photo many times in the last minutes. Try again later.",
            "Szukano po zdjęciu wiele razy w ostatnich minutach. Spróbuj później."
        ),
    ]
}
