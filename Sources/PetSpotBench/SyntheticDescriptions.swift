import PetSpotDomain

/// Descriptions, names and breeds for synthetic reports (for the search benchmark): owners' and
/// finders' phrases in English and Polish drawn from small word lists, so common words (colours, "cat")
/// are in a large share of the reports and names and marks in a small one, as in a real archive.
enum SyntheticDescriptions {
    static let names = [
        "Burek", "Azor", "Luna", "Max", "Bella", "Mruczek", "Filemon", "Kiwi", "Reksio", "Fafik", "Tosia", "Kropka",
        "Rocky", "Coco", "Lola", "Nala", "Simba", "Oreo", "Pumpkin", "Shadow", "Milo", "Tygrys", "Szarik", "Misia",
        "Bonnie", "Charlie", "Daisy", "Ginger", "Leo", "Oscar", "Rudy", "Zuzia", "Bąbel", "Pimpek", "Kajtek", "Fiona",
    ]
    static let breeds = [
        "DOG": ["Labrador", "Owczarek niemiecki", "Jamnik", "Beagle", "Husky", "Mieszaniec", "Golden retriever", "Pudel", "Buldog", "Terrier"],
        "CAT": ["Europejski", "Maine coon", "Brytyjski", "Perski", "Syjamski", "Dachowiec"],
        "BIRD": ["Budgerigar", "Nimfa", "Kanarek", "Papuga"],
        "RABBIT": ["Miniaturka", "Baran", "Lionhead"],
    ]
    static let colours = [
        "black", "white", "ginger", "grey", "brown", "cream", "tabby", "tuxedo", "czarny", "biały", "rudy", "szary",
        "brązowy", "kremowy", "pręgowany", "czarno-biały", "orange", "calico", "szylkretowy", "łaciaty",
    ]
    static let sizes = ["small", "large", "mały", "duży", "young", "old", "stary", "młody"]
    static let marks = [
        "white chest", "white paws", "scar on the left ear", "limps", "red collar", "blue collar", "no collar",
        "biała pierś", "czerwona obroża", "niebieska obroża", "kuleje", "blizna na uchu", "very shy", "friendly",
        "bardzo płochliwy", "przyjazny", "chipped", "czipowany", "long tail", "short legs", "green harness",
        "one eye", "floppy ears", "spotted nose", "fluffy tail", "white tip on the tail", "brak obroży",
    ]
    static let nouns = [
        "DOG": ["dog", "pies", "piesek"], "CAT": ["cat", "kot", "kotka", "kocur"], "BIRD": ["bird", "ptak"],
        "RABBIT": ["rabbit", "królik"], "OTHER": ["pet", "zwierzak"],
    ]

    /// A pet name (or none), a breed (or none) and a two-to-four phrase description for `species`.
    static func next(species: String, using random: inout SplitMix64) -> (name: String?, breed: String?, description: String) {
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
        let name = Double.random(in: 0..<1, using: &random) < 0.8 ? pick(names) : nil
        let breed = breeds[species].flatMap { Double.random(in: 0..<1, using: &random) < 0.5 ? pick($0) : nil }
        var words = [pick(sizes), pick(colours), pick(nouns[species] ?? ["pet"])]
        for _ in 0..<Int.random(in: 1...3, using: &random) { words.append(pick(marks)) }
        return (name, breed, words.joined(separator: ", "))
    }

    /// A search a finder might type: a colour, a noun, a mark, sometimes a name or a breed, now and then
    /// with one letter wrong.
    static func query(using random: inout SplitMix64) -> String {
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
        let species = pick(["DOG", "CAT", "DOG", "CAT", "BIRD", "RABBIT"])
        var words: [String]
        switch Int.random(in: 0..<4, using: &random) {
        case 0: words = [pick(names)]
        case 1: words = [pick(colours), pick(nouns[species] ?? ["pet"]), pick(marks)]
        case 2: words = [pick(breeds[species] ?? ["pet"]), pick(colours)]
        default: words = [pick(colours), pick(nouns[species] ?? ["pet"])]
        }
        var text = words.joined(separator: " ")
        // A typo: a letter left out of a long word.
        if Double.random(in: 0..<1, using: &random) < 0.2, let long = text.split(separator: " ").first(where: { $0.count >= 6 }) {
            var letters = Array(long)
            letters.remove(at: letters.count / 2)
            text = text.replacingOccurrences(of: String(long), with: String(letters))
        }
        return text
    }
}
