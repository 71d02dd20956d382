import PetSpotDomain
import Testing

/// Free-text search's words: what a finder types meets what an owner wrote, in English and Polish.
@Suite struct SearchWordsTests {
    func meets(_ query: String, _ text: String) -> Bool {
        let document = Set(SearchWords.document(text))
        return SearchWords.terms(query).allSatisfy { term in
            term.contains { word in document.contains(word) || (word.count >= 5 && document.contains { SearchWords.withinOneEdit($0, word) }) }
        }
    }

    @Test func diacriticsCaseAndPolishEndingsFold() {
        #expect(SearchWords.fold("Żółty ŁAŚ") == "zolty las")
        #expect(SearchWords.stem("czarnego") == SearchWords.stem("czarna") && SearchWords.stem("czarny") == "czarn")
        #expect(SearchWords.stem("dogs") == "dog" || SearchWords.stem("dogs") == "dogs")
        #expect(meets("zolty", "Żółty kanarek"))
        #expect(meets("czarnego kota", "Czarny kot z białym krawatem"))
        #expect(meets("owczarek", "Owczarek niemiecki, duży"))
        #expect(!meets("owczarek", "Mały kundel"))
    }

    @Test func coloursMeetAcrossLanguagesAndSpellings() {
        #expect(meets("ginger cat", "Rudy kot, bardzo płochliwy"))
        #expect(meets("orange", "ginger tom with a scar"))
        #expect(meets("grey", "gray tabby"))
        #expect(meets("szary pręgowany", "grey tabby cat"))
        #expect(meets("tuxedo", "Czarno-biały kot"))
        #expect(meets("tuxedo", "black and white cat") && meets("czarno-biały kot", "black and white cat"))
        #expect(meets("red collar", "czerwona obroża") && !meets("ginger", "a cat with a red collar"))
        #expect(meets("red collar", "pies w czerwonej obroży"))
        #expect(meets("rude", "Ginger"))
        #expect(!meets("white", "black labrador"))
    }

    @Test func oneTypoIsForgivenInLongWordsOnly() {
        #expect(meets("labrdor", "Labrador, friendly"))
        #expect(meets("labradorr", "Labrador, friendly"))
        #expect(!meets("lbrdor", "Labrador, friendly"), "two letters off")
        #expect(!meets("cta", "cat"), "short words must be right")
        #expect(SearchWords.withinOneEdit("kitten", "sitten") && !SearchWords.withinOneEdit("kitten", "sittin"))
    }
}
