/// The texts of the list's search box.
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
}
