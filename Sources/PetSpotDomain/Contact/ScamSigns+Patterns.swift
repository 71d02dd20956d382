import Foundation

/// The phrases of each scam sign, in English and Polish, as patterns over a message's plain reading
/// (`ScamText`): lower case ASCII words, one space apart, " , " and " . " between clauses and sentences.
extension ScamSigns {
    /// Each kind with its phrases, compiled once and matched as whole words.
    static let rules: [(ScamSign, NSRegularExpression)] = phrases.map { ($0, compile($1)) }

    /// One pattern for all of `alternatives`, where "~N " stands for up to N words of the same clause.
    static func compile(_ alternatives: [String]) -> NSRegularExpression {
        var body = alternatives.joined(separator: "|")
        for words in 1...4 { body = body.replacingOccurrences(of: "~\(words) ", with: "(?:[^ ,.]+ ){0,\(words)}") }
        return ScamText.regex("(?<![a-z0-9])(?:" + body + ")(?![a-z0-9])")
    }

    /// Any one of `words`, a space-separated list where "_" stands for a space: "up_front" is "up front".
    static func any(_ words: String) -> String {
        "(?:" + words.split(separator: " ").joined(separator: "|").replacingOccurrences(of: "_", with: " ") + ")"
    }

    static let kod = any(#"kod kodu kodem kody kodow kodzik\w* kodzie"#)
    static let currency = any(
        #"usd eur euro euros gbp pln cad aud uah chf czk nok sek dkk huf zl zlote zlotych zloty zlotowek"#
            + #" zeta ziko dollars? dolar\w* bucks quid grand hrywn\w* hryvn\w* funt\w* frank\w* eurask\w*"#)

    static let phrases: [(ScamSign, [String])] = [
        (
            .money,
            [
                // "Keep your money" and "payment enough" turn money down.
                #"(?<!keep your |keep the )(?:money|moneys|cash|funds|payments?(?! enough)|dough|moolah)"#,
                #"deposit(?:s|ed)?|ransom|compensat\w*|reimburs\w*|expenses|bank account|account number|account details|iban"#,
                #"sort code|routing number|money order|lend me|loan me|card (?:details|number)|(?:credit|debit|bank) card|cvv|cvc"#,
                #"how much \#(any("will would can are do")) you \#(any("give pay offer"))|worth to you|for my (?:trouble|time)"#,
                // "pay a visit", "pay attention" and "your flyers paid off" are not payments.
                #"\#(any("pay pays paying paid payed"))(?! (?:a |my |our |you |him |her |them |us )?"#
                    + #"\#(any("visits? attention respects heed tribute off"))(?![a-z0-9]))"#,
                #"wire \#(any("me us it the money cash funds payment"))|\#(any("wire bank money swift sepa")) transfers?"#,
                #"transfer \#(any("me us it the_money money cash funds the_funds the_amount to_my"))"#,
                #"\#(any(#"send\w* wire\w* transfer\w* pay\w*"#)) (?:me |us )?\d+ \#(any("first now today upfront up_front"))"#,
                // "No money, no dog": a demand, though it starts with "no".
                #"\#(any("no bez nie_ma")) \#(any("money cash pay payment reward kasy pieniedzy przelewu nagrody")) (?:, )?~1 "#
                    + #"\#(any("no nie_ma nie_oddam nie_bedzie")) \#(any("dog cat pet puppy kitten psa kota zwierzaka"))"#,
                #"przel(?:ac|al\w*|ej\w*|ew\w*|ani\w*|one\w*)|pieniezn\w*|hajs\w*|forsa|forse|forsy|szmal\w*|kasiora|kasiore"#,
                #"(?<!zatrzymaj |zatrzymaj sobie |zachowaj )pieni[ae]dz\w*"#,
                // "kasa" is also a shop's till ("przy kasie"): only with a request.
                #"kas[aey] \#(any("za na z_gory najpierw od_razu"))"#,
                #"\#(any("wyslij wyslac przeslij przelej przelac dawaj przygotuj chce chcemy potrzebuje")) ~2 kas[aey]"#,
                #"wplac\w*|wplat\w*|zaplac\w*|zaplat\w*|oplac\w*|doplac\w*|doplat\w*|platnos\w*"#,
                #"placic|placisz|placi|placcie|placenie|placenia|placimy|placil\w*"#,
                #"zaliczk\w*|kaucj\w*|zadat(?:ek|ku|kiem)|okup|okupu|okupem|wynagrodzen\w*|rekompensat\w*|odszkodowan\w*"#,
                #"zwrot kosztow|\#(any("zwroc zwrocic pokryj pokryc pokryjesz pokryjecie")) ~2 koszt\w*"#,
                #"\#(any("numer numeru nr")) ~1 kont\w*|na \#(any("moje to ten podane")) konto|kont\w* bankow\w*|rachun\w* bankow\w*"#,
                #"\#(any("dane numer numeru")) ~1 karty|kart\w* \#(any("kredytow platnicz debetow"))\w*"#,
                #"wart\w* dla \#(any("ciebie pana pani"))|ile (?:mi )?\#(any("dasz dacie zaplacisz zaplacicie"))"#,
            ]
        ),
        (
            .amount,
            [
                #"[$€£¥₴₽] ?\d+k?|\d+ ?[$€£¥₴₽]|[$€£]{2,}|\d+(?: ?k)? ?\#(currency)|\#(any("usd eur gbp pln cad aud uah chf")) ?\d+"#,
                #"\d+ (?:hundred|thousand)(?! \#(any("metres? meters? m yards? feet km miles people times")))"#,
                #"dollars?|dolar(?:a|y|ow|ami)|bucks|euros|eurakow|zlotych|zlotowek|zlotowki|quid|hrywien|hryvnias?"#,
                #"stow[aey]|stowk[aei]|dych[aey]|dyszk[aei]"#,
                // Pounds are a weight too ("he weighs 30 pounds").
                #"\#(any("pay send cost costs owe want need give transfer wire charge"))\w* ~2 \d+ pounds"#,
            ]
        ),
        (
            .reward,
            [
                #"\#(any("send sending pay paying transfer wire deposit want need expect claim collect half part portion rest")) ~3 rewards?"#,
                #"\#(any("give hand bring")) (?:me|us) ~2 rewards?|\#(any("first upfront up_front in_advance beforehand")) ~3 rewards?"#,
                #"rewards? ~3 \#(any("first upfront up_front in_advance beforehand"))"#,
                #"rewards? ~3 before (?:i|we|you) ~2 \#(any("bring return give hand send deliver come drop release tell"))"#,
                #"nagrod\w* ~3 \#(any("z_gory najpierw wczesniej od_razu przed"))|\#(any("z_gory najpierw wczesniej od_razu")) ~3 nagrod\w*"#,
                #"\#(any("przelej przelac wyslij wyslac przeslij zaplac zaplacic dawaj czekam_na chce chcemy potrzebuje wplac"))"#
                    + #" ~3 nagrod\w*"#,
                #"\#(any("przekaz oddaj polowa polowe polowy czesc reszta reszte")) ~3 nagrod\w*|znalezne\w*"#,
            ]
        ),
        (
            .paymentApp,
            [
                #"pay ?pal\w*|venmo\w*|zelle\w*|cash ?app\w*|revolut\w*|blik\w*|western ?union|money ?gram|(?:apple|google|samsung|g) ?pay"#,
                #"skrill|payoneer|przelewy ?24|payu|paysend|remitly|worldremit|ria money|wallet address|adres portfela"#,
                #"crypto\w*|krypto\w*|bitcoin\w*|btc|usdt|ethereum|litecoin|dogecoin|binance|coinbase"#,
            ]
        ),
        (
            .giftCard,
            [
                #"gift ?(?:cards?|codes?|vouchers?)|e ?gift\w*|itunes|google ?play|paysafe ?card\w*|paysafe|vouchers?"#,
                #"(?:phone|mobile|prepaid|sim) top ?ups?|(?:back|reverse) of (?:the |each |your )?cards?|scratch ~2 (?:back|codes?|card)"#,
                #"\#(any("apple amazon steam ebay walmart target visa vanilla razer xbox playstation psn netflix sephora best_?buy"))"#
                    + #" (?:gift )?\#(any("cards? codes? vouchers? wallet"))"#,
                #"\#(any("nintendo roblox prepaid store")) (?:gift )?\#(any("cards? codes? vouchers? wallet"))"#,
                #"kart\w* ~1 podarunk\w*|bon\w* ~1 podarunk\w*|kart\w* ~1 prepaid|kart\w* przedplacon\w*|tyl\w* ~1 kart\w*"#,
                #"doladowa\w*|doladuj\w*|zdrapk\w*|(?:\#(kod)|kart\w*) (?:do )?\#(any("steam paysafe google itunes psn xbox apple"))\w*"#,
            ]
        ),
        (
            .verificationCode,
            [
                #"\#(any("verification verify verifying confirmation confirm confirming security login log_in sign_in signin access"))"#
                    + #" codes?"#,
                #"\#(any(#"one_time onetime otp authentication auth activation sms text whatsapp google facebook messenger telegram"#))"#
                    + #" codes?"#,
                #"\#(any(#"\d_?digits? four_?digits? five_?digits? six_?digits? eight_?digits? pin reset recovery secret special unique"#))"#
                    + #" codes?"#,
                #"(?:codes?|pin) ~3 (?:\#(any("will should is_going_to"))) (?:come|arrive)"#,
                #"(?:codes?|pin) ~3 (?:you (?:just )?\#(any("got get received receive will_get ll_get should_get"))|youll get)"#,
                #"(?:codes?|pin) ~3 (?:\#(any("was were i we they google whatsapp facebook")) (?:just )?sent|sent to (?:you|your))"#,
                #"(?:codes?|pin) ~3 (?:just (?:came|arrived)|\#(any("from in on")) (?:the |your |a )?\#(any("text sms message phone mobile")))"#,
                #"\#(any("send read give gimme tell forward text share type say repeat copy provide dictate need want"))\w* ~4 codes?"#,
                #"otp|2fa|two ?factor|one ?time (?:password|pin|passcode)|passcode|pin ?number"#,
                #"\#(any("send give gimme tell read share"))\w* ~3 \#(any(#"pin password passwords login\w*"#))"#,
                #"(?:number|numbers|digits) ~2 \#(any("from in")) (?:the |your |a )?\#(any("text sms message"))|\d ?digits? (?:number|pin)"#,
                #"\#(kod) ~2 \#(any(#"weryfikac\w* sms\w* esemes\w* potwierdz\w* autoryzac\w* jednorazow\w* dostepu logowania"#))"#,
                #"\#(kod) ~2 \#(any(#"aktywac\w* blik\w* wiadomosc\w* telefon\w* bezpieczenstwa zabezpiecz\w* cyfrow\w*"#))"#,
                #"\#(kod) ~2 (?:ktory|co) ~2 \#(any(#"dostal\w* dostaniesz otrzymal\w* otrzymasz przyszedl przyjdzie przysz\w*"#))"#,
                #"\#(any(#"weryfikacyjn\w* jednorazow\w* autoryzacyjn\w* \d_?cyfrow\w* szescio_?cyfrow\w* czterocyfrow\w* smsow\w*"#))"#
                    + #" ~1 \#(kod)"#,
                #"\#(any("podaj przepisz przeslij podeslij przeslac wyslij powiedz przeczytaj podyktuj napisz przekaz wpisz dyktuj"))\w*"#
                    + #" ~4 (?:\#(kod)|haslo|hasla|haslem|pin|pinu|pinem)"#,
                #"\#(any("daj podawaj przepisac podac wyslac potrzebuj"))\w* ~4 (?:\#(kod)|haslo|hasla|haslem|pin|pinu|pinem)"#,
                #"(?:sms\w*|esemes\w*) ~2 (?:z kodem|kod)|(?:liczb\w*|cyfr\w*|numer) z (?:sms\w*|esemes\w*|wiadomosci)"#,
            ]
        ),
        (
            .fee,
            [
                #"fees?|surcharge"#,
                #"\#(any("vet vets veterinary medical clinic hospital treatment surgery emergency x_ray"))"#
                    + #" \#(any("bills? costs? charges? invoices? expenses"))"#,
                #"\#(any("adoption release shelter registration processing holding boarding handling impound microchip chip"))"#
                    + #" (?:charges?|costs?)"#,
                #"\#(any("vaccination quarantine insurance admin service rescue retrieval kennel reclaim redemption pound")) (?:charges?|costs?)"#,
                #"\#(any("pay paying cover covering reimburse reimbursing owe")) ~2 (?:for )?(?:the |his |her |my )?"#
                    + #"\#(any("vet vets treatment surgery meds medicine medication vaccines x_rays? stitches kennel boarding"))"#,
                #"oplat\w*|(?:za|na) \#(any("schronisko pobyt przetrzymanie utrzymanie adopcje wydanie odbior rejestracje szczepienia?"))"#,
                #"(?:za|na) \#(any("szczepienie kwarantanne czipowanie chipowanie leczenie lekarstwa leki operacje zabieg weterynarza hotel"))"#,
                #"koszt\w* ~1 \#(any("schroniska pobytu utrzymania adopcji wydania kwarantanny leczenia weterynarza operacji zabiegu"))"#,
                #"koszt\w* ~1 \#(any("hotelu przetrzymania"))|rachun\w* ~2 \#(any(#"weterynarz\w* leczeni\w* klinik\w* lecznic\w*"#))"#,
            ]
        ),
        (
            .transport,
            [
                #"\#(any("transport transportation shipping delivery courier travel fuel gas petrol diesel taxi uber train flight"))"#
                    + #" \#(any("money fees? costs? charges? expenses cash"))"#,
                #"\#(any("plane airline crate carrier mileage toll")) \#(any("money fees? costs? charges? expenses cash"))"#,
                #"(?:\#(any("money cash pay paying paid cover covering transfer wire"))|[$€£]\d+|\d+ \#(currency)) ~3 for "#
                    + #"(?:the |his |her |a |my |some )?\#(any("transport transportation shipping delivery courier gas fuel petrol diesel"))"#,
                #"(?:\#(any("money cash pay paying paid cover covering transfer wire"))|[$€£]\d+|\d+ \#(currency)) ~3 for "#
                    + #"(?:the |his |her |a |my |some )?\#(any("taxi uber bus train tickets? flight travel crate carrier trip journey"))"#,
                #"(?:\#(any("money cash pay paying paid cover covering transfer wire"))|[$€£]\d+|\d+ \#(currency)) ~3 for "#
                    + #"(?:the |his |her |a |my |some )?\#(any("ride drive mileage tolls?"))"#,
                #"\#(any("ship fly courier")) \#(any("him her it them your_dog your_cat your_pet your_puppy your_kitten"))"#,
                #"shipping|pet \#(any("transport transportation taxi shipping delivery courier relocation"))|air cargo|airline"#,
                #"(?:na|za) \#(any("paliwo benzyne rope diesla transport przejazd przesylke kuriera bilet bilety taksowke taxi ubera"))"#,
                #"(?:na|za) \#(any("podroz przewoz przelot dostawe dowoz autostrade wysylke"))|za dojazd"#,
                #"koszt\w* ~1 \#(any("transportu dojazdu przejazdu przesylki wysylki dostawy przewozu paliwa podrozy kuriera"))"#,
                #"\#(any(#"transport\w* wysylk\w* przesylk\w* kurier\w*"#)) ~2 \#(any(#"kosztuj\w* platn\w* oplat\w*"#))"#,
            ]
        ),
        (
            .detective,
            [
                #"pet \#(any("detectives? investigators? trackers? psychics? communicators? locators?"))"#,
                #"pet (?:search|recovery) \#(any("services? company agency specialists? experts?"))"#,
                #"(?:animal|dog|cat) \#(any("detectives? communicators? psychics? investigators?"))|psychics?|clairvoyants?"#,
                #"detective \#(any("services? agency agencies company"))"#,
                #"\#(any("tracking tracker search recovery locating locator finder finding psychic trailing drone k9 scent"))"#
                    + #" \#(any("services? company agency specialists? experts? packages?"))"#,
                #"professional ~2 \#(any("search searches searchers? trackers? tracking finders? detectives? investigators? locators?"))"#,
                #"guarantee[ds]? ~4 \#(any("find found locate return recover success"))|\d+ (?:percent )?success(?: rate)?"#,
                #"\#(any(#"psi psim psiego psia zwierzec\w* prywatn\w*"#)) detektyw\w*|detektyw\w* (?:dla |od )?(?:zwierzat|psow|kotow)"#,
                #"\#(any(#"uslug\w* firm\w* agencj\w* biur\w*"#)) detektyw\w*|jasnowid\w*|skutecznos\w*"#,
                #"\#(any(#"uslug\w* firm\w* agencj\w* oferuj\w* specjalist\w*"#))"#
                    + #" ~2 \#(any(#"poszukiw\w* tropi\w* wyszukiw\w* odnajdyw\w* znajdowani\w*"#))"#,
                #"profesjonaln\w* ~2 \#(any(#"poszukiw\w* tropi\w* wyszukiw\w* detektyw\w*"#))"#,
                #"gwarant\w* ~4 \#(any(#"znalez\w* odnalez\w* odzysk\w* sukces\w*"#))"#,
            ]
        ),
    ]
}
