/// The texts of the list's search box, and of the chip registries' look-ups.
extension StringCatalog {
    static let search: [TextKey: (en: String, pl: String)] = [
        .searchLabel: ("What the pet looks like", "Jak wygląda zwierzę"),
        .searchHint: (
            "Words from a name, breed, colour or marks, e.g. black cat white chest red collar. English or Polish.",
            "Słowa z imienia, rasy, umaszczenia lub znaków szczególnych, np. czarny kot biała pierś czerwona obroża. Po polsku lub angielsku."
        ),
        .sortLabel: ("Order", "Kolejność"),
        .sortRelevance: ("Best match first", "Najlepiej pasujące najpierw"),
        .sortNewest: ("Newest first", "Najnowsze najpierw"),
    ]

    /// The microchip registries' look-ups, offered once a report with a chip number is filed.
    static let chipLookup: [TextKey: (en: String, pl: String)] = [
        .chipLookupTitle: ("The microchip", "Mikroczip"),
        .chipLookupFound: (
            "Look the chip number up: the registry that holds it can reach the owner at once, whether or not they have found PetSpot.",
            "Sprawdź numer czipa: rejestr, w którym jest zapisany, może od razu skontaktować się z właścicielem, nawet jeśli ten nie zna PetSpot."
        ),
        .chipLookupMissing: (
            "Tell the registry that holds the chip that your pet is missing, and check that it has your current phone number.",
            "Zgłoś zaginięcie w rejestrze, w którym zapisany jest czip, i sprawdź, czy ma Twój aktualny numer telefonu."
        ),
        .chipLookupEurope: ("Europetnet: which European registry holds the chip", "Europetnet: w którym rejestrze w Europie jest czip"),
        .chipLookupAmerica: ("AAHA Universal Pet Microchip Lookup (North America)", "AAHA Universal Pet Microchip Lookup (Ameryka Północna)"),
        .chipLookupUK: ("Check-a-chip (United Kingdom)", "Check-a-chip (Wielka Brytania)"),
    ]
}
