import Foundation

/// The owner's steps for today, chosen by the species, the answers and the days gone; each
/// step's reason is in docs/SEARCH-AREA.md. Steps have stable identifiers, so a "done" tick is kept per
/// report and step, and the texts (English and Polish) live with the pages.
public enum SearchPlanStep: String, Codable, Sendable, CaseIterable {
    /// Search the home itself first: some cats never left it.
    case searchHome = "SEARCH_HOME"
    /// Walk the inner ring slowly with a torch at dusk, after dark and at dawn, when scared cats move.
    case searchAtDuskAndDawn = "SEARCH_DUSK_DAWN"
    /// Ask the neighbours to open their garages and sheds.
    case askNeighboursToCheckSheds = "ASK_NEIGHBOURS_SHEDS"
    /// Search the neighbourhood on foot now: the commonest way dogs are found.
    case searchNeighbourhood = "SEARCH_NEIGHBOURHOOD"
    /// Do not call, chase or send people shouting its name; sit, look away, let it come.
    case doNotCallOrChase = "DO_NOT_CHASE"
    /// Ask for sightings with time and direction, and move the search to the latest.
    case followSightings = "FOLLOW_SIGHTINGS"
    /// Call and visit the shelters and animal services in the area.
    case callAndVisitShelters = "CALL_SHELTERS"
    /// Print the flyer and put it up through the outer ring.
    case printFlyer = "PRINT_FLYER"
    /// Food, water and a camera near where it was last seen.
    case feedingStation = "FEEDING_STATION"
    /// A baited humane trap, set and watched by someone who knows how.
    case humaneTrap = "HUMANE_TRAP"
    /// Make sure the microchip's registration and the tag are current and marked lost.
    case checkChipRegistration = "CHECK_CHIP"
    /// Knock on doors across the outer ring.
    case knockOnDoors = "KNOCK_ON_DOORS"
    /// Tell the vets in the area; finders bring pets to be scanned.
    case tellVets = "TELL_VETS"
    /// Check found-pet listings every day: finders mostly keep a friendly dog at home.
    case checkFoundListings = "CHECK_FOUND_LISTINGS"
    /// Refresh the report with a new photo and confirm it is still missing.
    case refreshReport = "REFRESH_REPORT"
    /// Tell the neighbours of the previous home: pets new to an area head back.
    case alertPreviousHome = "ALERT_PREVIOUS_HOME"
}

public enum SearchPlan {
    /// Whole days from the day the pet was last seen (`yyyy-MM-dd`) to `today`; 0 for today or a date
    /// that does not read.
    public static func daysGone(lastSeen: String, today: ReportDate) -> Int {
        ReportDate(lastSeen).map { max(0, $0.days(until: today)) } ?? 0
    }

    /// Today's steps, most urgent first.
    public static func steps(species: String, answers: SearchAnswers, daysGone: Int) -> [SearchPlanStep] {
        let band = LikelyArea.Band(daysGone: daysGone)
        let answers = answers.fitting(species: species)
        var steps: [SearchPlanStep]
        switch species.uppercased() {
        case "DOG": steps = dog(shy: answers.temperament == .shy, band)
        case "CAT": steps = cat(outdoor: answers.lifestyle == .outdoorAccess, band)
        default: steps = cat(outdoor: false, band)
        }
        if answers.newToArea == true, band <= .days2to3 { steps.insert(.alertPreviousHome, at: min(2, steps.count)) }
        return steps
    }

    static func cat(outdoor: Bool, _ band: LikelyArea.Band) -> [SearchPlanStep] {
        switch band {
        case .firstDay:
            (outdoor ? [] : [.searchHome]) + [.askNeighboursToCheckSheds, .searchAtDuskAndDawn, .checkChipRegistration]
        case .days2to3:
            [.printFlyer, .feedingStation, .humaneTrap, .searchAtDuskAndDawn] + (outdoor ? [.callAndVisitShelters, .tellVets] : [.checkChipRegistration])
        case .days4to7: [.knockOnDoors, .callAndVisitShelters, .searchAtDuskAndDawn] + (outdoor ? [.tellVets] : [])
        case .days8to14: [.refreshReport, .feedingStation, .humaneTrap, .callAndVisitShelters]
        case .days15to30, .later: [.printFlyer, .callAndVisitShelters, .refreshReport]
        }
    }

    static func dog(shy: Bool, _ band: LikelyArea.Band) -> [SearchPlanStep] {
        if shy {
            return switch band {
            case .firstDay: [.doNotCallOrChase, .printFlyer, .callAndVisitShelters, .checkChipRegistration]
            case .days2to3, .days4to7: [.doNotCallOrChase, .followSightings, .feedingStation, .humaneTrap, .callAndVisitShelters]
            case .days8to14, .days15to30, .later: [.doNotCallOrChase, .followSightings, .refreshReport, .callAndVisitShelters]
            }
        }
        return switch band {
        case .firstDay: [.searchNeighbourhood, .callAndVisitShelters, .printFlyer, .checkChipRegistration]
        case .days2to3: [.checkFoundListings, .callAndVisitShelters, .printFlyer]
        case .days4to7: [.printFlyer, .refreshReport, .tellVets, .checkFoundListings]
        case .days8to14, .days15to30, .later: [.callAndVisitShelters, .checkFoundListings, .refreshReport]
        }
    }
}
