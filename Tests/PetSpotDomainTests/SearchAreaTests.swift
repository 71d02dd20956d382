import PetSpotDomain
import Testing

/// The search plan's model: the likely area's rings for every case, their growth with the days, the alert
/// radius that covers them, and the plan's steps chosen by the answers and the days.
@Suite struct SearchAreaTests {
    typealias Answers = SearchAnswers

    static let indoorCat = Answers(lifestyle: .indoorOnly), outdoorCat = Answers(lifestyle: .outdoorAccess)
    static let friendlyDog = Answers(temperament: .friendly), shyDog = Answers(temperament: .shy)

    @Test(arguments: [
        // species, answers, days gone, inner m, outer m, basis
        ("CAT", indoorCat, 0, 39, 137, LikelyArea.Basis.huang2018),
        ("CAT", indoorCat, 10, 39, 137, .huang2018),
        ("CAT", indoorCat, 20, 50, 500, .judgement),
        ("CAT", outdoorCat, 1, 300, 1609, .huang2018),
        ("CAT", outdoorCat, 30, 300, 1609, .huang2018),
        ("CAT", outdoorCat, 45, 500, 3000, .judgement),
        ("CAT", Answers(lifestyle: .indoorOnly, newToArea: true), 9, 39, 250, .judgement),
        ("CAT", Answers(lifestyle: .outdoorAccess, newToArea: true), 3, 137, 1609, .judgement),
        ("CAT", Answers(), 5, 50, 500, .huang2018),
        ("CAT", Answers(), 40, 50, 1000, .judgement),
        ("DOG", friendlyDog, 0, 122, 1609, .kremer2021),
        ("DOG", friendlyDog, 10, 500, 3200, .judgement),
        ("DOG", friendlyDog, 60, 1609, 8000, .judgement),
        ("DOG", shyDog, 1, 500, 3200, .judgement),
        ("DOG", shyDog, 5, 1000, 5000, .judgement),
        ("DOG", shyDog, 20, 1609, 10_000, .judgement),
        ("DOG", Answers(), 2, 122, 1609, .kremer2021),
        ("DOG", Answers(temperament: .friendly, newToArea: true), 6, 500, 3200, .judgement),
        ("RABBIT", Answers(), 3, 50, 500, .judgement),
    ])
    func theRingsForEachCase(species: String, answers: Answers, days: Int, inner: Int, outer: Int, basis: LikelyArea.Basis) {
        let area = LikelyArea.of(species: species, answers: answers, daysGone: days)
        #expect(area.innerMeters == inner && area.outerMeters == outer && area.basis == basis)
    }

    @Test(arguments: ["CAT", "DOG", "RABBIT"], [Answers(), indoorCat, outdoorCat, friendlyDog, shyDog, Answers(newToArea: true)])
    func theAreaNeverShrinksAsTheDaysGoBy(species: String, answers: Answers) {
        var previous = LikelyArea.of(species: species, answers: answers, daysGone: 0)
        for day in 1...120 {
            let area = LikelyArea.of(species: species, answers: answers, daysGone: day)
            #expect(area.outerMeters >= previous.outerMeters && area.innerMeters >= previous.innerMeters, "day \(day)")
            previous = area
        }
        #expect(LikelyArea.of(species: species, answers: answers, daysGone: 120).band == .later)
    }

    @Test func answersThatDoNotFitTheSpeciesAreIgnored() {
        // A dog "indoor-only" or a cat "shy" is a form sent wrongly, not a reason to change the model.
        #expect(LikelyArea.of(species: "DOG", answers: Self.indoorCat, daysGone: 0) == LikelyArea.of(species: "DOG", answers: Answers(), daysGone: 0))
        #expect(LikelyArea.of(species: "CAT", answers: Self.shyDog, daysGone: 0) == LikelyArea.of(species: "CAT", answers: Answers(), daysGone: 0))
    }

    @Test func theAlertRadiusIsTheSmallestOfferedThatCoversTheOuterRing() {
        #expect(LikelyArea.of(species: "CAT", answers: Self.indoorCat, daysGone: 0).alertRadiusKm() == 1)
        #expect(LikelyArea.of(species: "CAT", answers: Self.outdoorCat, daysGone: 0).alertRadiusKm() == 2)
        #expect(LikelyArea.of(species: "DOG", answers: Self.shyDog, daysGone: 0).alertRadiusKm() == 5)
        #expect(LikelyArea.of(species: "DOG", answers: Self.shyDog, daysGone: 30).alertRadiusKm() == 10)
    }

    @Test func thePlanFollowsTheAnswersAndTheDays() {
        let indoorDay0 = SearchPlan.steps(species: "CAT", answers: Self.indoorCat, daysGone: 0)
        #expect(indoorDay0.first == .searchHome && indoorDay0.contains(.searchAtDuskAndDawn) && indoorDay0.contains(.askNeighboursToCheckSheds))
        #expect(!SearchPlan.steps(species: "CAT", answers: Self.outdoorCat, daysGone: 0).contains(.searchHome))
        let indoorDay3 = SearchPlan.steps(species: "CAT", answers: Self.indoorCat, daysGone: 3)
        #expect(indoorDay3.first == .printFlyer && indoorDay3.contains(.humaneTrap) && !indoorDay3.contains(.searchHome))
        let shy = SearchPlan.steps(species: "DOG", answers: Self.shyDog, daysGone: 0)
        #expect(shy.first == .doNotCallOrChase && !shy.contains(.searchNeighbourhood))
        #expect((0...60).allSatisfy { SearchPlan.steps(species: "DOG", answers: Self.shyDog, daysGone: $0).first == .doNotCallOrChase })
        let friendly = SearchPlan.steps(species: "DOG", answers: Self.friendlyDog, daysGone: 0)
        #expect(friendly.first == .searchNeighbourhood && !friendly.contains(.doNotCallOrChase))
        #expect(SearchPlan.steps(species: "DOG", answers: Self.friendlyDog, daysGone: 2).first == .checkFoundListings)
        #expect(SearchPlan.steps(species: "DOG", answers: Self.friendlyDog, daysGone: 10).contains(.refreshReport))
        #expect(SearchPlan.steps(species: "CAT", answers: Answers(lifestyle: .indoorOnly, newToArea: true), daysGone: 1).contains(.alertPreviousHome))
        #expect(!SearchPlan.steps(species: "CAT", answers: Answers(lifestyle: .indoorOnly, newToArea: true), daysGone: 9).contains(.alertPreviousHome))
        for species in ["CAT", "DOG", "BIRD"] {
            for day in 0...60 {
                let steps = SearchPlan.steps(species: species, answers: Answers(), daysGone: day)
                #expect(!steps.isEmpty && Set(steps).count == steps.count, "\(species) day \(day)")
            }
        }
    }
}
