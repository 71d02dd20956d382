import PetSpotDomain
import Testing

/// The search plan's directory file: RFC 4180 CSV with a header, columns in any order; every bad row named by
/// its line, and a file with any refused whole. Also the plan's "done" ticks and the band boundaries.
@Suite struct DirectoryCSVTests {
    @Test func aGoodFileWithQuotesCommasAndLineBreaksReads() throws {
        let text =
            "\u{FEFF}name,kind,address,latitude,longitude,phone,hours\r\n"
            + "\"Schronisko \"\"Na Paluchu\"\"\",SHELTER,\"ul. Paluch 2,\n02-147 Warszawa\",52.1735,20.9407,+48 22 868 15 79,\"Mon–Fri 10–18, Sat 10–16\"\r\n"
            + "Klinika Ząbki,vet,ul. Kościelna 1,52.29,21.1,,\r\n\r\n"
        let places = try DirectoryCSV.parse(text).get()
        #expect(places.count == 2)
        #expect(
            places[0]
                == DirectoryPlace(
                    kind: .shelter, name: "Schronisko \"Na Paluchu\"", address: "ul. Paluch 2, 02-147 Warszawa",
                    phone: "+48 22 868 15 79", hours: "Mon–Fri 10–18, Sat 10–16",
                    location: Coordinate(latitude: 52.1735, longitude: 20.9407)))
        #expect(places[1].kind == .vet && places[1].phone == nil && places[1].hours == nil && places[1].name == "Klinika Ząbki")
    }

    /// Reading stops at the row cap: a file of 20,001 places is refused without its rows being checked
    /// (none of them is even valid); blank lines do not count.
    @Test func aFileOverTheRowCapIsRefusedAtTheCap() {
        let row = "shelter,Name,Street,,,not-a-number,x\n"
        let over =
            "kind,name,address,phone,hours,latitude,longitude\n" + String(repeating: "\n", count: 50)
            + String(repeating: row, count: DirectoryCSV.maximumRows + 1)
        guard case .failure(let problems) = DirectoryCSV.parse(over) else { Issue.record("accepted"); return }
        #expect(problems.list.map(\.description) == ["line 1: more than 20000 places"])
        let atCap = "kind,name,address,phone,hours,latitude,longitude\n" + String(repeating: "shelter,N,S,,,52.1,21.0\n", count: DirectoryCSV.maximumRows)
        #expect((try? DirectoryCSV.parse(atCap).get())?.count == DirectoryCSV.maximumRows)
    }

    @Test func everyBadRowIsNamedByItsLine() {
        let text = """
            kind,name,address,phone,hours,latitude,longitude
            shelter,Good,Street 1,,,52.1,21.0
            zoo,Bad kind,Street 2,,,52.1,21.0
            vet,,Street 3,,,52.1,21.0
            vet,Far north,Street 4,,,91,21.0
            vet,Letters,Street 5,call me,,52.1,21.0
            vet,Short row,Street 6
            """
        guard case .failure(let problems) = DirectoryCSV.parse(text) else { Issue.record("a bad file was read"); return }
        #expect(problems.list.map(\.line) == [3, 4, 5, 6, 7])
        #expect(
            problems.list.map(\.description) == [
                "line 3: kind \"zoo\" is not shelter or vet", "line 4: name is empty",
                "line 5: latitude \"91\" is not a number from -90 to 90", "line 6: phone \"call me\" is not a phone number",
                "line 7: 3 fields where the header has 7",
            ])
    }

    @Test(arguments: [
        ("", "line 1: the file is empty"),
        ("kind,name,address,latitude\n", "line 1: the column \"longitude\" is missing"),
        ("kind,name,address,latitude,longitude,colour\n", "line 1: unknown column \"colour\""),
        ("kind,name,address,latitude,longitude\nvet,\"open,Street,1,2\n", "line 2: a quote is not closed"),
        ("kind,name,address,latitude,longitude\nvet,a\"b,Street,1,2\n", "line 2: a quote inside an unquoted field"),
    ])
    func aBrokenFileSaysWhere(_ text: String, _ expected: String) {
        guard case .failure(let problems) = DirectoryCSV.parse(text) else { Issue.record("\(text) was read"); return }
        #expect(problems.list.first?.description.hasPrefix(expected) == true, "\(problems)")
    }

    @Test func ticksHoldWithinTheirBandAndTheBandsStartWhereTheTableSays() {
        let state = SearchPlanState(done: SearchPlanState.done("PRINT_FLYER=2026-03-12,BOGUS=2026-03-12,CALL_SHELTERS=not-a-day"))
        #expect(state.done == [.printFlyer: "2026-03-12"])
        #expect(state.doneText == "PRINT_FLYER=2026-03-12")
        // Last seen 2026-03-10: ticked on day 2, so done through days 2–3, to do again from day 4.
        #expect(state.isDone(.printFlyer, lastSeen: "2026-03-10", today: ReportDate("2026-03-13")!))
        #expect(!state.isDone(.printFlyer, lastSeen: "2026-03-10", today: ReportDate("2026-03-14")!))
        #expect(!state.isDone(.humaneTrap, lastSeen: "2026-03-10", today: ReportDate("2026-03-13")!))
        #expect(LikelyArea.Band.starts(today: ReportDate("2026-03-31")!) == ["2026-03-29", "2026-03-27", "2026-03-23", "2026-03-16", "2026-02-28"])
    }
}
