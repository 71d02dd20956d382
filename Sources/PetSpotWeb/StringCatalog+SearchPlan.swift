import PetSpotDomain

/// The texts of the search plan: the Missing flow's questions about how the pet lives.
extension StringCatalog {
    static let searchPlan: [TextKey: (en: String, pl: String)] = [
        .lifestyleLabel: ("If it is a cat: how does it live? (optional)", "Jeśli to kot: jak żyje? (opcjonalnie)"),
        .lifestyleIndoor: ("Indoors only", "Tylko w domu"),
        .lifestyleOutdoor: ("Goes outdoors", "Wychodzi na zewnątrz"),
        .temperamentLabel: ("If it is a dog: how is it with strangers? (optional)", "Jeśli to pies: jak reaguje na obcych? (opcjonalnie)"),
        .temperamentFriendly: ("Friendly, comes to people", "Przyjazny, podchodzi do ludzi"),
        .temperamentShy: ("Shy or fearful, avoids people", "Płochliwy lub lękliwy, unika ludzi"),
        .newToAreaLabel: (
            "Is it new to this area (moved here in the last few months)? (optional)",
            "Czy jest w tej okolicy od niedawna (przeprowadzka w ostatnich miesiącach)? (opcjonalnie)"
        ),
        .answerYes: ("Yes", "Tak"),
        .answerNo: ("No", "Nie"),
        .answerNotSure: ("Not sure", "Nie wiem"),
        .searchAnswersHint: (
            "These answers set how wide the likely search area is and which steps we suggest each day. Studies show indoor cats are usually found very close to home and shy dogs travel farther.",
            "Te odpowiedzi ustalają, jak szeroki jest prawdopodobny obszar poszukiwań i jakie kroki podpowiemy każdego dnia. Badania pokazują, że koty niewychodzące zwykle znajdują się bardzo blisko domu, a płochliwe psy oddalają się bardziej."
        ),
        .planTitle: ("Your search plan for today ({when})", "Twój plan poszukiwań na dziś ({when})"),
        .dayOfLoss: ("the day it went missing", "dzień zaginięcia"),
        .planIntro: (
            "Chosen for your pet and the days gone by; it changes as the days pass.",
            "Dobrany do Twojego zwierzęcia i liczby dni od zaginięcia; zmienia się z upływem dni."
        ),
        .planArea: (
            "Search first on foot within {inner} of where it was last seen; put up flyers and ask for alerts within {outer}.",
            "Szukaj najpierw pieszo w promieniu {inner} od miejsca, gdzie je ostatnio widziano; plakaty i powiadomienia w promieniu {outer}."
        ),
        .planBasisStudy: (
            "These distances come from a study of lost pets ({source}).", "Te odległości pochodzą z badania zaginionych zwierząt ({source})."
        ),
        .planBasisJudgement: (
            "No study measures this case; these distances are our estimate from what studies and search experts describe.",
            "Żadne badanie nie mierzy tego przypadku; te odległości to nasze oszacowanie na podstawie badań i doświadczeń poszukiwaczy."
        ),
        .planAnswersTitle: ("How your pet lives", "Jak żyje Twoje zwierzę"),
        .planAnswersSave: ("Save the answers", "Zapisz odpowiedzi"),
        .planAnswersSaved: ("Your answers are saved; the plan and the area follow them.", "Odpowiedzi zapisane; plan i obszar się do nich dostosują."),
        .planSearchHome: (
            "Search your own home thoroughly first: cupboards, behind appliances, under beds. Some cats never left.",
            "Najpierw dokładnie przeszukaj własny dom: szafki, miejsca za sprzętami, pod łóżkami. Niektóre koty wcale nie wyszły."
        ),
        .planSearchDuskDawn: (
            "Walk slowly around the nearest gardens, sheds and under decks with a torch at dusk, after dark and at dawn, when scared cats move. Silence does not mean it is not there.",
            "Obejdź powoli najbliższe ogrody, szopy i miejsca pod tarasami z latarką o zmierzchu, po zmroku i o świcie, kiedy przestraszone koty się ruszają. Cisza nie znaczy, że go tam nie ma."
        ),
        .planAskNeighboursSheds: (
            "Ask the neighbours to open and check their garages, sheds and cellars.",
            "Poproś sąsiadów, by otworzyli i sprawdzili garaże, szopy i piwnice."
        ),
        .planSearchNeighbourhood: (
            "Search the neighbourhood on foot now: it is how most dogs are found.",
            "Przeszukaj teraz okolicę pieszo: tak znajduje się najwięcej psów."
        ),
        .planDoNotChase: (
            "Do not call, chase or let people shout its name: a shy dog runs. If you see it, sit or lie down, look away and let it come to you.",
            "Nie wołaj, nie goń i nie pozwól innym krzyczeć jego imienia: płochliwy pies ucieka. Gdy go zobaczysz, usiądź lub połóż się, odwróć wzrok i pozwól mu podejść."
        ),
        .planFollowSightings: (
            "Ask for sightings with the time and direction, and move your search to the latest one.",
            "Proś o informacje, kiedy i gdzie widziano zwierzę i w którą stronę szło, i przenoś poszukiwania w miejsce ostatniego zauważenia."
        ),
        .planCallShelters: (
            "Call and visit the shelters, animal services and vets in the area; go in person, descriptions on the phone can be wrong.",
            "Dzwoń do schronisk, służb zajmujących się zwierzętami i weterynarzy w okolicy i odwiedzaj je osobiście: opisy przez telefon bywają błędne."
        ),
        .planPrintFlyer: (
            "Print the flyer and put it up through the whole area, at eye level, with the photo.",
            "Wydrukuj plakat ze zdjęciem i rozwieś go w całej okolicy na wysokości oczu."
        ),
        .planFeedingStation: (
            "Put food, water and, if you can, a camera where it was last seen.",
            "Zostaw jedzenie, wodę i, jeśli możesz, kamerę tam, gdzie ostatnio widziano zwierzę."
        ),
        .planHumaneTrap: (
            "Ask a shelter or rescue group to set a baited humane trap and watch it.",
            "Poproś schronisko lub organizację ratującą zwierzęta o zastawienie i pilnowanie humanitarnej pułapki."
        ),
        .planCheckChip: (
            "Check that the microchip's registration and the tag carry your current phone, and mark it lost with the registry.",
            "Sprawdź, czy rejestracja czipa i adresówka mają Twój aktualny telefon, i zgłoś zaginięcie w bazie czipów."
        ),
        .planKnockOnDoors: ("Knock on doors across the area and hand out flyers.", "Pukaj do drzwi w całej okolicy i rozdawaj plakaty."),
        .planTellVets: (
            "Tell the vets nearby: finders bring animals to be scanned for a chip.",
            "Powiadom pobliskich weterynarzy: znalazcy przynoszą zwierzęta do odczytu czipa."
        ),
        .planCheckFoundListings: (
            "Check the found-pet reports every day: most finders keep a friendly dog at home rather than take it to a shelter.",
            "Codziennie sprawdzaj zgłoszenia znalezionych zwierząt: większość znalazców trzyma przyjaznego psa u siebie zamiast oddać go do schroniska."
        ),
        .planRefreshReport: (
            "Refresh this report with a new photo and confirm it is still missing.",
            "Odśwież to zgłoszenie nowym zdjęciem i potwierdź, że zwierzę wciąż się nie odnalazło."
        ),
        .planAlertPreviousHome: (
            "Tell the neighbours of your previous home: pets new to an area often head back.",
            "Powiadom sąsiadów z poprzedniego miejsca zamieszkania: zwierzęta w nowej okolicy często wracają do starego domu."
        ),
        .planDoneSave: ("Save what is done", "Zapisz, co zrobione"),
        .planDoneSaved: (
            "Saved. The steps you ticked stay done until the plan brings them back on a later day.",
            "Zapisane. Zaznaczone kroki pozostają zrobione, dopóki plan nie przywróci ich w kolejnych dniach."
        ),
        .planDoneLabel: ("Done", "Zrobione"),
        .planPlacesTitle: ("Shelters and vets in the area, nearest first", "Schroniska i weterynarze w okolicy, od najbliższych"),
        .planPlacesNone: (
            "We have no list of shelters and vets for this area: search for the animal shelters, animal services and vets near where your pet was last seen, and call each.",
            "Nie mamy listy schronisk i weterynarzy dla tej okolicy: wyszukaj schroniska, służby zajmujące się zwierzętami i weterynarzy w pobliżu miejsca, gdzie ostatnio widziano zwierzę, i zadzwoń do każdego."
        ),
        .planPlaceShelter: ("Shelter", "Schronisko"),
        .planPlaceVet: ("Vet", "Weterynarz"),
        .planPlaceHours: ("Opening hours", "Godziny otwarcia"),
        .planPageTitle: ("Search plan for {name}", "Plan poszukiwań: {name}"),
        .planSeeReport: ("See the report", "Zobacz zgłoszenie"),
        .planStopMail: ("Stop the plan e-mails", "Nie wysyłaj planu e-mailem"),
        .planStopMailTitle: ("Stop the search plan e-mails for this report?", "Przestać wysyłać plan poszukiwań dla tego zgłoszenia?"),
        .planStopMailBody: ("You will still see the plan on the report's management page.", "Plan nadal będzie widoczny na stronie zarządzania zgłoszeniem."),
        .planStoppedTitle: ("Plan e-mails stopped", "Wysyłanie planu wyłączone"),
        .planStoppedBody: ("We will not e-mail the search plan for this report again.", "Nie będziemy już wysyłać planu poszukiwań dla tego zgłoszenia."),
        .planLinkInvalidTitle: ("This link does not work", "Ten link nie działa"),
        .planLinkInvalidBody: (
            "The report may be closed or removed, or the link was changed.", "Zgłoszenie mogło zostać zamknięte lub usunięte albo link został zmieniony."
        ),
        .whereToLookTitle: ("Where to look", "Gdzie szukać"),
        .whereToLookLikely: (
            "Today ({when}), a pet like this one is most often found within {outer} of where it went missing: look there first.",
            "Dziś ({when}) zwierzęta takie jak to są najczęściej odnajdywane w promieniu {outer} od miejsca zaginięcia: szukaj najpierw tam."
        ),
        .searchedTitle: ("Already searched by the owner", "Już przeszukane przez właściciela"),
        .searchedItem: ("{radius} around {place}, on {date}", "{radius} wokół: {place}, dnia {date}"),
        .searchedIntro: (
            "Mark the places you have searched: helpers see them on the report's page and look elsewhere. Move the pin on the map or enter the coordinates; the report's area is filled in.",
            "Zaznacz miejsca, które już przeszukano: pomocnicy zobaczą je na stronie zgłoszenia i poszukają gdzie indziej. Przesuń pinezkę na mapie lub wpisz współrzędne; wstawiono obszar zgłoszenia."
        ),
        .searchedAdd: ("Mark as searched", "Oznacz jako przeszukane"),
        .searchedAdded: ("The area is marked as searched.", "Obszar oznaczono jako przeszukany."),
        .searchedRemove: ("Remove", "Usuń"),
        .searchedRadius: ("How far around", "Jak daleko wokół"),
        .searchedOn: ("Searched on", "Data przeszukania"),
        .searchedLimit: (
            "A report can list at most 50 searched areas; remove one first.", "Zgłoszenie może mieć najwyżej 50 przeszukanych obszarów; najpierw usuń któryś."
        ),
        .searchedInvalid: (
            "Check the coordinates, the distance and the date (not in the future).", "Sprawdź współrzędne, odległość i datę (nie z przyszłości)."
        ),
        .searchedInvalidPoint: (
            "Give the place's latitude (-90 to 90) and longitude (-180 to 180).",
            "Podaj szerokość (od -90 do 90) i długość geograficzną (od -180 do 180) miejsca."
        ),
        .searchedInvalidDay: (
            "Give the day it was searched: today or an earlier day of the past year.",
            "Podaj dzień przeszukania: dziś lub wcześniejszy dzień z ostatniego roku."
        ),
        .mailPlanSubject: ("Your search plan for today ({when})", "Twój plan poszukiwań na dziś ({when})"),
        .mailPlanIntro: (
            "Here is what helps most now, chosen for your pet and the days since it went missing:",
            "Oto, co teraz najbardziej pomaga, dobrane do Twojego zwierzęcia i liczby dni od zaginięcia:"
        ),
        .mailPlanOpen: ("Open the plan and tick what is done", "Otwórz plan i zaznacz, co zrobione"),
        .mailPlanStop: ("Stop these e-mails", "Nie wysyłaj tych e-maili"),
        .mailPlanWhy: (
            "We send the plan when it changes, at most once a day, until the report is closed.",
            "Wysyłamy plan, gdy się zmienia, najwyżej raz dziennie, dopóki zgłoszenie nie zostanie zamknięte."
        ),
    ]

    /// The text of a plan step.
    static func text(_ step: SearchPlanStep) -> TextKey {
        switch step {
        case .searchHome: .planSearchHome
        case .searchAtDuskAndDawn: .planSearchDuskDawn
        case .askNeighboursToCheckSheds: .planAskNeighboursSheds
        case .searchNeighbourhood: .planSearchNeighbourhood
        case .doNotCallOrChase: .planDoNotChase
        case .followSightings: .planFollowSightings
        case .callAndVisitShelters: .planCallShelters
        case .printFlyer: .planPrintFlyer
        case .feedingStation: .planFeedingStation
        case .humaneTrap: .planHumaneTrap
        case .checkChipRegistration: .planCheckChip
        case .knockOnDoors: .planKnockOnDoors
        case .tellVets: .planTellVets
        case .checkFoundListings: .planCheckFoundListings
        case .refreshReport: .planRefreshReport
        case .alertPreviousHome: .planAlertPreviousHome
        }
    }
}
