/// What scams aimed at owners of lost pets ask for (issue 13): money, payment apps, gift cards, codes.
/// A message that mentions one is flagged to its reader; nothing is blocked.
public enum ScamSigns {
    static let words = ["money", "pay ", "pay.", "paid", "payment", "transfer", "wire", "gift card", "giftcard", "voucher", "bitcoin",
                        "crypto", "western union", "moneygram", "paypal", "revolut", "blik", "deposit", "fee", "code", "sms",
                        "pieniądz", "pieniedz", "zapłać", "zaplac", "płatnoś", "platnos", "przelew", "przelać", "przelac", "kaucj",
                        "opłat", "oplat", "karta podarunkowa", "kod", "zaliczk", "transport"]

    /// True when `text` asks for or mentions money, payment, gift cards or codes.
    public static func asksForMoney(_ text: String) -> Bool {
        let lowered = " " + text.lowercased() + " "
        if words.contains(where: lowered.contains) { return true }
        // An amount: digits next to a currency.
        let currencies = ["$", "€", "£", "zł", "zl ", "pln", "usd", "eur"]
        return lowered.contains(where: \.isNumber) && currencies.contains(where: lowered.contains)
    }
}
