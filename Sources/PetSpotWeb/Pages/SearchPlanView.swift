import PetSpotDomain

/// The owner's search plan on the manage page (issue 29): today's steps, the likely area with its
/// basis, and the questions about how the pet lives, to answer or change.
public struct SearchPlanView: Sendable {
    public let title: String
    public let area: String
    public let basis: String
    public let steps: [String]
    public let questions: [FormControl]

    public init?(_ report: Announcement, answers: SearchAnswers, today: ReportDate, strings: Strings) {
        guard report.status == .missing else { return nil }
        let days = SearchPlan.daysGone(lastSeen: report.lastSeenDate, today: today)
        let likely = LikelyArea.of(species: report.species, answers: answers, daysGone: days)
        title = strings[.planTitle].replacingOccurrences(of: "{day}", with: String(days))
        area = strings[.planArea].replacingOccurrences(of: "{inner}", with: Self.distance(likely.innerMeters))
            .replacingOccurrences(of: "{outer}", with: Self.distance(likely.outerMeters))
        basis = switch likely.basis {
        case .huang2018: strings[.planBasisStudy].replacingOccurrences(of: "{source}", with: "Huang et al., Animals 2018")
        case .kremer2021: strings[.planBasisStudy].replacingOccurrences(of: "{source}", with: "Kremer, Frontiers in Veterinary Science 2021")
        case .judgement: strings[.planBasisJudgement]
        }
        steps = SearchPlan.steps(species: report.species, answers: answers, daysGone: days).map { strings[StringCatalog.text($0)] }
        var form = ReportForm(kind: .missing)
        form.species = report.species
        form.lifestyle = answers.lifestyle?.rawValue ?? ""
        form.temperament = answers.temperament?.rawValue ?? ""
        form.newToArea = answers.newToAreaText ?? ""
        questions = StepControls.searchQuestions(form: form, strings: strings)
    }

    /// "137 m", "1.6 km".
    static func distance(_ meters: Int) -> String {
        meters < 1000 ? "\(meters) m" : String(format: "%.1f km", Double(meters) / 1000).replacingOccurrences(of: ".0 km", with: " km")
    }
}
