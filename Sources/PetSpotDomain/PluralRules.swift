/// CLDR's plural categories for a whole number, in the two languages PetSpot speaks: which form of a
/// counted word goes with `n` (English "1 year" / "2 years"; Polish "1 rok" / "2 lata" / "5 lat").
public enum PluralCategory: Sendable, Equatable {
    case one, few, many, other

    /// English: `one` for 1, `other` for every other whole number (0 too).
    public static func english(_ n: Int) -> PluralCategory { n == 1 ? .one : .other }

    /// Polish: `one` for 1; `few` when the last digit is 2–4 and the last two are not 12–14 (2, 3, 4, 22,
    /// 103); `many` for every other whole number (0, 5–21, 25, 111, 112).
    public static func polish(_ n: Int) -> PluralCategory {
        let last = abs(n) % 10, lastTwo = abs(n) % 100
        if n == 1 { return .one }
        if (2...4).contains(last), !(12...14).contains(lastTwo) { return .few }
        return .many
    }
}
