import Foundation
import PetSpotDomain

/// The owner's search plan, on the manage page and the e-mailed plan page: today's steps with
/// their "done" boxes, the likely area with its basis, the shelters and vets of the operator's directory
/// inside it, and the questions about how the pet lives, to answer or change.
public struct SearchPlanView: Sendable {
    public struct Step: Sendable {
        public let id: String
        public let text: String
        public let done: Bool
    }

    public struct Place: Sendable {
        public let kind: String
        public let name: String
        public let address: String
        public let phone: String?
        public let hours: String?
        public let distance: String
    }

    public let title: String
    public let area: String
    public let basis: String
    public let steps: [Step]
    public let questions: [FormControl]
    public let places: [Place]
    /// The place list's heading, or what to do without a directory.
    public let placesTitle: String
    public let days: Int
    /// The steps' texts, for the e-mail.
    public var stepTexts: [String] { steps.map(\.text) }

    /// At most this many shelters and vets are listed.
    static let placesShown = 10

    public init?(
        _ report: Announcement, answers: SearchAnswers, state: SearchPlanState = SearchPlanState(), directory: [DirectoryPlace] = [],
        today: ReportDate, strings: Strings
    ) {
        guard report.status == .missing else { return nil }
        days = SearchPlan.daysGone(lastSeen: report.lastSeenDate, today: today)
        let likely = LikelyArea.of(species: report.species, answers: answers, daysGone: days)
        title = strings[.planTitle].filling("{when}", with: strings.daysMissing(days))
        area = strings[.planArea].filling("{inner}", with: Self.distance(likely.innerMeters, strings))
            .filling("{outer}", with: Self.distance(likely.outerMeters, strings))
        basis =
            switch likely.basis {
            case .huang2018: strings[.planBasisStudy].filling("{source}", with: "Huang et al., Animals 2018")
            case .kremer2021: strings[.planBasisStudy].filling("{source}", with: "Kremer, Frontiers in Veterinary Science 2021")
            case .judgement: strings[.planBasisJudgement]
            }
        steps = SearchPlan.steps(species: report.species, answers: answers, daysGone: days).map { step in
            Step(id: step.rawValue, text: strings[StringCatalog.text(step)], done: state.isDone(step, lastSeen: report.lastSeenDate, today: today))
        }
        let reach = Double(likely.placesMeters) / 1000
        let near: [(place: DirectoryPlace, km: Double)] = directory.map { (place: $0, km: $0.location.distanceKm(to: report.location)) }
            .filter { $0.km <= reach }.sorted { $0.km < $1.km }
        places = near.prefix(Self.placesShown).map { Self.place($0.place, km: $0.km, strings: strings) }
        placesTitle = strings[places.isEmpty ? .planPlacesNone : .planPlacesTitle]
        var form = ReportForm(kind: .missing)
        form.species = report.species
        form.lifestyle = answers.lifestyle?.rawValue ?? ""
        form.temperament = answers.temperament?.rawValue ?? ""
        form.newToArea = answers.newToAreaText ?? ""
        questions = StepControls.searchQuestions(form: form, fitting: true, strings: strings)
    }

    static func place(_ place: DirectoryPlace, km: Double, strings: Strings) -> Place {
        let kind = strings[place.kind == .shelter ? .planPlaceShelter : .planPlaceVet]
        return Place(
            kind: kind, name: place.name, address: place.address, phone: place.phone, hours: place.hours,
            distance: distance(Int((km * 1000).rounded()), strings))
    }

    /// "137 m", "1.6 km" ("1,6 km" in Polish).
    static func distance(_ meters: Int, _ strings: Strings) -> String {
        meters >= 1000 ? ReportText.kilometres(Double(meters) / 1000, strings) + " km" : "\(meters) m"
    }
}
