import Foundation

/// The owner's optional answers about how the pet lives: they choose its likely area and the
/// plan's steps. Unanswered questions fall back to the species' pooled figures.
public struct SearchAnswers: Codable, Sendable, Equatable {
    /// A cat's life before it went missing.
    public enum Lifestyle: String, Codable, Sendable, CaseIterable {
        case indoorOnly = "INDOOR_ONLY", outdoorAccess = "OUTDOOR_ACCESS"
    }

    /// A dog's manner with strangers.
    public enum Temperament: String, Codable, Sendable, CaseIterable {
        case friendly = "FRIENDLY", shy = "SHY"
    }

    public var lifestyle: Lifestyle?
    public var temperament: Temperament?
    /// Moved to this area lately (the pet does not know it yet).
    public var newToArea: Bool?

    public init(lifestyle: Lifestyle? = nil, temperament: Temperament? = nil, newToArea: Bool? = nil) {
        self.lifestyle = lifestyle
        self.temperament = temperament
        self.newToArea = newToArea
    }

    /// `YES`/`NO`, as stored and sent.
    public var newToAreaText: String? { newToArea.map { $0 ? "YES" : "NO" } }

    /// The stored columns back as answers; unknown values are no answer.
    public init(lifestyle: String?, temperament: String?, newToArea: String?) {
        self.init(
            lifestyle: lifestyle.flatMap(Lifestyle.init(rawValue:)), temperament: temperament.flatMap(Temperament.init(rawValue:)),
            newToArea: newToArea == "YES" ? true : newToArea == "NO" ? false : nil)
    }

    /// Only the answers that fit the species: a dog has no lifestyle question, a cat no temperament one.
    public func fitting(species: String) -> SearchAnswers {
        switch species.uppercased() {
        case "CAT": SearchAnswers(lifestyle: lifestyle, newToArea: newToArea)
        case "DOG": SearchAnswers(temperament: temperament, newToArea: newToArea)
        default: SearchAnswers(newToArea: newToArea)
        }
    }
}

/// Where a missing pet is likely to be, by species, the owner's answers and the days since it was last
/// seen: an inner ring to search on foot first and an outer ring for flyers and alerts, each with the
/// basis of its figure. The one table of figures; docs/SEARCH-AREA.md gives the sources.
public struct LikelyArea: Sendable, Equatable {
    /// The days-gone bands of the table.
    public enum Band: Int, Sendable, CaseIterable, Comparable {
        case firstDay, days2to3, days4to7, days8to14, days15to30, later

        public init(daysGone: Int) {
            switch daysGone {
            case ..<2: self = .firstDay
            case 2...3: self = .days2to3
            case 4...7: self = .days4to7
            case 8...14: self = .days8to14
            case 15...30: self = .days15to30
            default: self = .later
            }
        }

        public static func < (a: Band, b: Band) -> Bool { a.rawValue < b.rawValue }
    }

    /// Where a figure comes from: a study (its key in docs/SEARCH-AREA.md) or our judgement.
    public enum Basis: String, Sendable, Equatable {
        /// Huang et al. 2018, *Animals* 8(1):5: distances cats were found from the escape point.
        case huang2018 = "HUANG_2018"
        /// Kremer 2021, *Frontiers in Veterinary Science* 8:669428: how far stray dogs were from home.
        case kremer2021 = "KREMER_2021"
        /// No study measures it: our estimate from what the studies and search practitioners describe.
        case judgement = "JUDGEMENT"
    }

    public let innerMeters: Int
    public let outerMeters: Int
    public let basis: Basis
    public let band: Band

    /// The likely area of a missing `species` pet gone `daysGone` days.
    public static func of(species: String, answers: SearchAnswers, daysGone: Int) -> LikelyArea {
        let band = Band(daysGone: daysGone)
        let answers = answers.fitting(species: species)
        let ring: (Int, Int, Basis)
        switch species.uppercased() {
        case "CAT": ring = cat(answers.lifestyle, newToArea: answers.newToArea == true, band)
        case "DOG":
            // A dog new to the area has no home range to circle back to: the next band's ring.
            let shifted = answers.newToArea == true ? Band(rawValue: min(band.rawValue + 1, Band.later.rawValue))! : band
            let found = dog(answers.temperament, shifted)
            ring = answers.newToArea == true ? (found.0, found.1, .judgement) : found
        default: ring = (50, 500, .judgement)
        }
        return LikelyArea(innerMeters: ring.0, outerMeters: ring.1, basis: ring.2, band: band)
    }

    static func cat(_ lifestyle: SearchAnswers.Lifestyle?, newToArea: Bool, _ band: Band) -> (Int, Int, Basis) {
        switch (lifestyle, newToArea) {
        case (.indoorOnly, false): band <= .days8to14 ? (39, 137, .huang2018) : (50, 500, .judgement)
        case (.indoorOnly, true):
            band <= .days4to7 ? (39, 137, .judgement) : band == .days8to14 ? (39, 250, .judgement) : (50, 500, .judgement)
        case (.outdoorAccess, false): band <= .days15to30 ? (300, 1609, .huang2018) : (500, 3000, .judgement)
        case (.outdoorAccess, true):
            band <= .days8to14 ? (137, 1609, .judgement) : band == .days15to30 ? (300, 1609, .judgement) : (500, 3000, .judgement)
        case (nil, _): band <= .days15to30 ? (50, 500, .huang2018) : (50, 1000, .judgement)
        }
    }

    static func dog(_ temperament: SearchAnswers.Temperament?, _ band: Band) -> (Int, Int, Basis) {
        if temperament == .shy {
            return switch band {
            case .firstDay, .days2to3: (500, 3200, .judgement)
            case .days4to7: (1000, 5000, .judgement)
            case .days8to14: (1609, 8000, .judgement)
            case .days15to30, .later: (1609, 10_000, .judgement)
            }
        }
        return switch band {
        case .firstDay, .days2to3, .days4to7: (122, 1609, .kremer2021)
        case .days8to14: (500, 3200, .judgement)
        case .days15to30: (500, 5000, .judgement)
        case .later: (1609, 8000, .judgement)
        }
    }

    /// How far the plan lists shelters and vets (metres): the outer ring, and never less than 5 km, since
    /// a finder carries a pet to the nearest one it knows (a judgement, docs/SEARCH-AREA.md).
    public var placesMeters: Int { max(outerMeters, 5000) }

    /// The smallest alert radius (km) that takes in the outer ring.
    public func alertRadiusKm(choices: [Double] = AlertSubscription.radii) -> Double {
        choices.sorted().first { $0 * 1000 >= Double(outerMeters) } ?? choices.max() ?? 50
    }
}
