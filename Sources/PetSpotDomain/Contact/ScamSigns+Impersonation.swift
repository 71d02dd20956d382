/// Senders who pose as PetSpot itself, as scammers posed as other lost-pet sites.
extension ScamSigns {
    /// True when a relayed sender's display name claims to be PetSpot or its staff ("PetSpot Support Team",
    /// "P3tSpot", "Pet Spot Admin", "Zespół PetSpot", "moderator", "obsługa"), however spelt.
    public static func impersonatesPetSpot(_ name: String) -> Bool {
        // Marks such as ™ would otherwise fold into letters glued to the name ("spottm"); a symbol no fold
        // reads as a letter (🅿) becomes one that stands for any letter (ʔ), where it would become a space.
        let scalars = name.unicodeScalars.filter { !["™", "®", "℠", "©"].contains($0) }.map { scalar -> Unicode.Scalar in
            let symbol = !scalar.isASCII && scalar.properties.generalCategory == .otherSymbol
            return symbol && String(scalar).decomposedStringWithCompatibilityMapping == String(scalar) ? "ʔ" : scalar
        }
        return ScamText.readings(of: String(String.UnicodeScalarView(scalars))).contains { reading in
            let words = reading.split { !$0.isLetter && !$0.isNumber }.map(String.init)
            return namesPetSpot(words) || words.contains(where: staffTitles.contains)
                || zip(words, words.dropFirst()).contains { staffPairs.contains($0 + " " + $1) }
        }
    }

    /// "petspot" in any word ("PetSpotSupport", "PetSpot™", "PetSpot24", "supportpetspot") or "pet spot",
    /// but not "Peter Spotswood"; a letter no fold reads ("Ƥ", "ꜱ", "ᴘ", "🅿") may stand for one of them.
    static func namesPetSpot(_ words: [String]) -> Bool {
        words.contains { spells($0, "petspot", anywhere: true, standIns: 2) }
            || zip(words, words.dropFirst()).contains { spells($0, "pet", standIns: 1) && spells($1, "spot", standIns: 1) }
    }

    /// Whether `word` is (or, `anywhere`, holds) `target`, with at most `standIns` of its letters written as
    /// characters outside ASCII that the fold left as they were (so a name in another script, all of it
    /// such characters, is not read as PetSpot).
    static func spells(_ word: String, _ target: String, anywhere: Bool = false, standIns: Int) -> Bool {
        let word = Array(word), target = Array(target)
        guard word.count >= target.count, anywhere || word.count == target.count else { return false }
        return (0...word.count - target.count).contains { start in
            let pairs = zip(word[start...], target)
            return pairs.allSatisfy { $0 == $1 || !$0.isASCII } && pairs.filter { $0 != $1 }.count <= standIns
        }
    }

    static let staffTitles: Set<String> = [
        "support", "admin", "admins", "administrator", "administrators", "administration", "administracja", "administrator",
        "administratorka", "moderator", "moderators", "moderatorka", "moderacja", "mod", "mods", "staff", "helpdesk", "obsluga",
        "obslugi", "noreply", "official", "oficjalny", "oficjalna", "verification", "weryfikacja", "security",
    ]
    static let staffPairs: Set<String> = ["help desk", "no reply", "customer service", "customer care", "trust safety", "biuro obslugi"]
}
