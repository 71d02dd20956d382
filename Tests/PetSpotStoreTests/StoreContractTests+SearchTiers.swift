import Foundation
import PetSpotDomain
import PetSpotStore
import PetSpotTestSupport
import Testing

extension StoreContractTests {
    /// A six-term search (the most a search weighs), everywhere and near a place: every report that meets
    /// at least one term, those meeting more first, then the newest. One report for each of the 64 ways to
    /// meet the six terms, filed one a minute; a term met by either of its words ("ginger" meets "rudy").
    @Test(arguments: StoreBackend.all)
    func aSixTermSearchRanksEveryCombinationOfTermsMet(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let words = [["beagle"], ["rudy", "ginger"], ["blizna"], ["obroża", "obroży"], ["szary", "grey"], ["płochliwy"]]
            let place = Coordinate(latitude: 52.27, longitude: 20.97)
            var filed: [(report: Announcement, met: Int)] = []
            for mask in 0..<64 {
                let met = words.indices.filter { mask & (1 << $0) != 0 }
                // Words apart ("i"), so no colour is read as a collar's; within 8 km, over four fine cells.
                let description = (met.map { words[$0][mask % words[$0].count] } + ["kropka"]).joined(separator: " i ")
                let report = Announcement.mock(
                    species: "OTHER", description: description,
                    location: Coordinate(latitude: place.latitude + Double(mask % 4) * 0.02, longitude: place.longitude + Double(mask % 3) * 0.03),
                    photoURL: "/images/x.png",
                    createdAt: Date(timeIntervalSince1970: 1_763_000_000 + Double(mask) * 60))
                try await store.create(report, passwordHash: "h")
                filed.append((report, met.count))
            }
            let text = "beagle rudy blizna obroża szary płochliwy"
            let expected = filed.filter { $0.met > 0 }
                .sorted { ($0.met, $0.report.createdAt) > ($1.met, $1.report.createdAt) }.map(\.report.id)
            let search = try #require(SearchText(text))
            #expect(search.terms.count == 6)
            for (report, met) in filed {
                #expect(search.matched(in: Set(SearchWords.document(of: report).map { Substring($0) })) == met, "\(report.description ?? "")")
            }
            #expect(try await Self.search(text, in: store).map(\.id) == expected)
            let near = try await Self.search(text, in: store) { $0.nearby = .init(center: place, radiusKm: 10) }
            #expect(near.map(\.id) == expected)
        }
    }
}
