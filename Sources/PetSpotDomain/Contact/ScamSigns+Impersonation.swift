/// Senders who pose as PetSpot itself, as scammers posed as other lost-pet sites.
extension ScamSigns {
    /// True when a relayed sender's display name claims to be PetSpot or its staff ("PetSpot Support Team",
    /// "P3tSpot", "Pet Spot Admin", "Zespół PetSpot", "moderator", "obsługa"), however spelt.
    public static func impersonatesPetSpot(_ name: String) -> Bool {
        ScamText.readings(of: name).contains { reading in
            let words = reading.split { !$0.isLetter && !$0.isNumber }.map(String.init)
            return namesPetSpot(words) || words.contains(where: staffTitles.contains)
                || zip(words, words.dropFirst()).contains { staffPairs.contains($0 + " " + $1) }
        }
    }

    /// "petspot" in any word ("PetSpotSupport", "PetSpot™", "PetSpot24", "supportpetspot") or "pet spot",
    /// but not "Peter Spotswood".
    static func namesPetSpot(_ words: [String]) -> Bool {
        words.contains { $0.contains("petspot") } || zip(words, words.dropFirst()).contains { $0 == "pet" && $1 == "spot" }
    }

    static let staffTitles: Set<String> = [
        "support", "admin", "admins", "administrator", "administrators", "administration", "administracja", "administrator",
        "administratorka", "moderator", "moderators", "moderatorka", "moderacja", "mod", "mods", "staff", "helpdesk", "obsluga",
        "obslugi", "noreply", "official", "oficjalny", "oficjalna", "verification", "weryfikacja", "security",
    ]
    static let staffPairs: Set<String> = ["help desk", "no reply", "customer service", "customer care", "trust safety", "biuro obslugi"]
}
