import Foundation

/// A kind of sign that a message relayed to an owner of a lost pet is a scam.
public enum ScamSign: String, Sendable, CaseIterable {
    /// Asks for money, cash, a transfer or a bank account.
    case money
    /// Names a sum in some currency ("$50", "50 zł", "100 bucks").
    case amount
    /// Demands the owner's reward before the pet comes back.
    case reward
    /// Names a payment app, money-transfer service or cryptocurrency.
    case paymentApp
    /// Asks for gift cards, vouchers or phone top-ups.
    case giftCard
    /// Asks for a code sent by text: a way to take over the owner's accounts.
    case verificationCode
    /// Asks for a shelter, adoption or release fee, or a vet bill.
    case fee
    /// Asks for transport, shipping or fuel money.
    case transport
    /// Sells a pet detective, a tracking service or a psychic.
    case detective
}

/// What scams aimed at owners of lost pets ask for, in English and Polish, however spelt.
/// A message that shows a sign is flagged to its reader; nothing is blocked.
public enum ScamSigns {
    /// True when `text` shows any scam sign.
    public static func asksForMoney(_ text: String) -> Bool {
        !signs(in: text).isEmpty
    }

    /// The kinds of scam sign in `text`, in the order of `ScamSign.allCases`.
    public static func signs(in text: String) -> [ScamSign] {
        var found = Set(ScamText.readings(of: text).flatMap(signs(inReading:)))
        if ScamText.hasCashtag(text) { found.insert(.paymentApp) }
        return ScamSign.allCases.filter(found.contains)
    }

    /// The signs in one plain reading: a sign counts when one of its phrases is there and not waived.
    static func signs(inReading reading: String) -> [ScamSign] {
        let range = NSRange(location: 0, length: (reading as NSString).length)
        return rules.compactMap { sign, pattern in
            let matches = pattern.matches(in: reading, range: range)
            return matches.contains { !isWaived($0.range, sign, in: reading as NSString) } ? sign : nil
        }
    }

    /// Whether a phrase is negated in its clause ("no need to pay", "nie chcę pieniędzy") or, for money, sums
    /// and rewards, turned down later in its sentence ("the $200 reward: I don't want it", "cash is not needed").
    static func isWaived(_ range: NSRange, _ sign: ScamSign, in text: NSString) -> Bool {
        let before = text.substring(to: range.location).split(separator: " ").map(String.init)
        let phrase = text.substring(with: range).split(separator: " ").map(String.init)
        if isNegated(before: before, first: phrase.first ?? "") { return true }
        guard [.money, .amount, .reward].contains(sign) else { return false }
        let rest = text.substring(from: NSMaxRange(range))
        let sentence = String(rest.prefix { $0 != "." })
        return ScamText.first(refusal, in: sentence) != nil
    }

    /// True when a negation stands among the few words before a phrase, in the same clause, and is not
    /// part of a threat ("if you don't pay", "dopóki nie zapłacisz").
    static func isNegated(before: [String], first: String) -> Bool {
        var index = before.count - 1
        while index >= max(0, before.count - negationWindow), !breakers.contains(before[index]) {
            let next = index + 1 < before.count ? before[index + 1] : first
            if isNegation(before[index], next: next) {
                return !before[max(0, index - 3)..<index].contains(where: conditionals.contains)
            }
            index -= 1
        }
        return false
    }

    /// Whether `word` negates: Polish "no" before "to", "dobra"... is a filler, not "no".
    static func isNegation(_ word: String, next: String) -> Bool {
        word == "no" ? !fillersAfterNo.contains(next) : negations.contains(word)
    }
}
