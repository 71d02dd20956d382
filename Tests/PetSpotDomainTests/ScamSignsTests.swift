@testable import PetSpotDomain
import Testing

/// Hand-written messages to owners of lost pets: scams in English and Polish, plain and disguised,
/// and harmless messages that use the same words in other senses.
enum ScamCorpus {
    static let scams = [
        "I found your dog! Send $200 for transport first and I'll bring him tomorrow.",
        "I have your cat. Pay the reward first via PayPal and I will give her back.",
        "Your dog is with me. Wire me 150 dollars and I'll drive him over.",
        "Please send me the 6 digit code you got by text so I can check you are the real owner.",
        "Read me the code that just arrived on your phone, I need it to confirm it's your pet.",
        "Hello, this is the county shelter. We have your dog, there is a release fee of 85 USD before pickup.",
        "We found him. The adoption fee must be settled today or he goes to a new family.",
        "I'm a pet detective with trained dogs. For 300 euro we will find your cat.",
        "Buy two Google Play cards and send me the numbers on the back, then I'll return your puppy.",
        "I found your dog but I'm out of state. You need to cover shipping, around 250 bucks.",
        "Send the reward first and I'll bring him.",
        "Cash App me for gas and he's yours: $PetFinder22",
        "Pls s3nd m0ney for the vet bill, he was hurt when I found him",
        "Pay via p@ypal and I'll bring your cat round tonight",
        "p a y p a l only, it's for my time",
        "I found the dog. Zelle me the reward and I'll drop him off.",
        "Your cat needed stitches at my clinic, you have to cover the vet bills before I hand her over.",
        "Got your dog. Venmo me and he's back tonight.",
        "I can only release the dog after a deposit of £40.",
        "Can you get me a g1ft card? Amazon is fine.",
        "I'll return her if you send bitcoin to this wallet.",
        "Send USDT or BTC, no bank transfers please.",
        "Hi, PetSpot here. Tell me the verification code we sent to confirm your listing.",
        "We offer a professional pet tracking service with a 95% success rate.",
        "I have your dog. Send it by Western Union to my cousin and I'll bring him.",
        "The ﬁnder wants ＭＯＮＥＹ before returning your dog",
        "Transfer the money to my bank account and text me when it's done.",
        "If you don't pay, you won't see your dog again.",
        "He's fine but I won't give him back unless you pay me.",
        "The courier needs 80 CAD for the pet carrier, then he brings your dog.",
        "iTunes card please, then I'll tell you where he is.",
        "Your pet is at our rescue. Use MoneyGram to reserve him.",
        "Send m\u{200B}oney via Pay\u{200B}Pal and I'll bring him home",
        "I need $50 for a taxi to bring your cat over",
        "Can you send me the c0de from the SMS, I need it to register as the finder",
        "Apple Pay me 40 quid and the dog is yours",
        "Just give me the c.o.d.e that comes to your phone and I'll tell you where she is.",
        "Znalazłem Pani psa. Proszę przelać 200 zł na paliwo, to go przywiozę.",
        "Mam twojego kota. Przelej nagrodę z góry, a oddam go jutro.",
        "Wyslij pieniadze na to konto i pies wroci do domu",
        "Podaj kod z SMS-a, który zaraz dostaniesz, muszę potwierdzić, że jesteś właścicielem.",
        "Przepisz mi kod weryfikacyjny, to tylko formalność.",
        "Dzień dobry, tu schronisko. Opłata za pobyt psa wynosi 150 złotych, potem można go odebrać.",
        "Jestem psim detektywem, znajdę pana kota w tydzień.",
        "Oferujemy usługę poszukiwania zaginionych zwierząt, skuteczność 90%.",
        "Zapłać BLIK-iem za transport, kurier przywiezie psa.",
        "Kup kartę podarunkową i wyślij mi zdjęcie, wtedy powiem gdzie jest kot.",
        "Potrzebuję zaliczki, bo muszę dojechać z psem z Radomia.",
        "Zaplac kaucje i odbierz psa",
        "Dopóki nie zapłacisz, psa nie oddam.",
        "Wyślij kod BLIK, to pies wróci jeszcze dziś.",
        "Doładowanie do Plusa i mówię, gdzie jest pies.",
        "Paysafecard i dostaniesz adres.",
        "Oddam psa za 300 złotych.",
        "prz3lej k@sę za transport, inaczej nie przyjadę",
        "Pokryj koszty leczenia u weterynarza i pies jest twój.",
        "Nagroda najpierw, potem pies.",
        "Chcę połowę nagrody teraz, resztę przy odbiorze.",
        "Wpłać na Revoluta, wyślę ci zdjęcie psa.",
        "Przeslij mi kod, ktory przyszedl SMSem",
        "Napisz mi ten 6-cyfrowy kod z wiadomości, to potwierdzę zgłoszenie.",
        "P R Z E L E W na moje konto i kot wraca",
        "I'm holding your dog. $150 and he's back, no questions asked.",
        "Reward up front or no deal.",
        "send 100 first and i bring the dog",
        "A code will come to your number in a minute, please forward it to me.",
        "I work for an animal recovery agency, our searches start at 99 dollars.",
        "Pls transfer 50 euros asap, then I'll bring ur dog",
        "Kindly deposit the release charge into the shelter account.",
        "U need 2 pay 4 the cab, 40$ and he's home",
        "Your dog is at the airport, the airline needs a crate fee before he can fly.",
        "Twój pies jest u nas w hotelu dla zwierząt, za każdy dzień 50 zł.",
        "Potrzebuje kasy na benzyne i jade z psem",
        "Podeślij kod, który przyszedł do ciebie esemesem.",
        "kup mi karte do steama, wtedy oddam kota",
        "Znalazłam psa, ale przyślij najpierw stówę na weterynarza.",
        "W schronisku trzeba uiścić opłatę adopcyjną przed odbiorem psa.",
        "$$$ for the dog or forget it",
        "Send me your login for PetSpot so I can mark him as found.",
        "Gimme the pin u got and i'll tell u where ur cat is",
        "Your dog is fine. Before I bring him I need 100 for my expenses.",
        "\u{405}end m\u{43E}ney first",
        "PAY-PAL or cash app only!!!",
        "ｇｉｆｔ ｃａｒｄ for the finder",
        "m.o.n.e.y first, then the dog",
        "w y ś l i j  k o d  z  S M S",
        "Możemy poszukać psa dronem, usługa detektywistyczna kosztuje 500 zł.",
        "Hey, I'm the one who has Max. Gas money is all I ask, 30 bucks.",
        "Please confirm you are the owner by sending the number from the text message we sent you.",
        "Pls send the 4-digit number you receive",
        "Podaj mi liczby z SMS-a, to sprawdzę, czy to twój pies.",
        "Potrzebuję twojego loginu i hasła do PetSpot, żeby oznaczyć psa jako znalezionego.",
        "Nasza firma detektywistyczna odnajdzie psa w 48h.",
        "No money, no dog.",
        "Bez kasy nie oddam psa.",
        "I have your dog. Let's talk about what it's worth to you.",
        "I'll need something for my trouble before I give him back.",
        "Please buy a Steam card and scratch the back, send me a pic.",
        "Zrób zdjęcie tyłu karty i mi wyślij.",
        "Ile dasz za psa?",
        "How much will you give me for him?",
        "Hi, we're from the Lost Pet Registry, to keep your listing active pay the annual renewal.",
        "Kliknij w link i podaj dane karty, to zwrócimy psa.",
        "Enter your card details on this page to verify ownership.",
        "I'll need your credit card number for the transport company.",
        "s e n d   m o n e y",
        "Pay\u{AD}pal",
        "P4YP4L",
        "v3nm0",
        "Give me 2 hundred and he's yours",
        "Dawaj dwie stówy i pies jest twój",
    ]

    static let harmless = [
        "I found your dog near the coffee shop on Main Street.",
        "My postcode is 00-950 if you want to come by.",
        "The barcode on his tag is a bit scratched but readable.",
        "She was shy, I gave her some water and a blanket.",
        "I can pay a visit tomorrow morning with her so you can check it's your cat.",
        "He's wearing a coffee-coloured collar with a bell.",
        "The zip code is 10001, near the park entrance.",
        "I'll keep him until you come, no need to pay anything.",
        "You mentioned a reward, I don't want it, I'm just glad he's safe.",
        "I don't want any reward, please just come and get her.",
        "Your flyers really paid off, my neighbour recognised her.",
        "He has a small scar above his left eye and a red collar.",
        "The vet read his microchip code and it matches your listing.",
        "He weighs about 30 pounds and has a fluffy tail.",
        "I stopped for gas and saw him sitting by the pumps.",
        "Don't send money to anyone who claims to have him, there are scammers around.",
        "He's a wire-haired dachshund, very friendly with kids.",
        "Please call me on 555 0199, I'm home after 6.",
        "Text me when you're on your way and I'll meet you at the bus stop.",
        "We organised a search party with the neighbours yesterday evening.",
        "Scan the QR code on his collar tag, it shows your phone number.",
        "I'm not asking for money, I just want him home.",
        "She was hiding under a car at the petrol station on Elm Road.",
        "I saw your reward poster before I found her in my garden.",
        "Keep your money, seeing him wag his tail was enough.",
        "There's a fee-free microchip clinic on Saturday if you want to update his details.",
        "I took him to the vet to check for a chip, they did it for nothing.",
        "Your dog was really placid in the car.",
        "My kids gave him a treat as a reward for sitting nicely.",
        "I found your cat in the cash and carry car park.",
        "Is the dog on the poster still missing? I think I saw him by the station.",
        "We can meet at the police station, that's safer for both of us.",
        "Never share a verification code with anyone, even if they say they found your dog.",
        "He was chasing pigeons outside the Western Cafe at 7 pm.",
        "I'll send you a photo of his tag so you can be sure.",
        "Nie chcę żadnych pieniędzy, cieszę się, że pies się znalazł.",
        "Kod pocztowy 00-001, ulica Prosta.",
        "Znalazłam kota, siedział na starym kodeksie drogowym w garażu.",
        "Nie musisz nic płacić, przyjedź po niego, kiedy możesz.",
        "Z góry dziękuję za szybką odpowiedź!",
        "Widziałam go przy kasie w Biedronce, ktoś go karmił.",
        "Pies czeka u mnie, mam 20 minut na dojazd do domu.",
        "Nagroda nie jest potrzebna, ważne że kot jest cały.",
        "Stowarzyszenie Ochrony Zwierząt ma go pod opieką, proszę zadzwonić.",
        "Weterynarz sprawdził chipa i wszystko się zgadza.",
        "Daj mu smaczka w nagrodę, jest bardzo grzeczny.",
        "Wyślij mi zdjęcie jego obroży, żebym była pewna.",
        "Bez opłat i bez nagrody, po prostu chcę pomóc.",
        "Podaj mi swój adres, przywiozę go wieczorem.",
        "Znalazłem psa na przystanku autobusowym, ma niebieską obrożę.",
        "Nasza ekipa poszukiwawcza z osiedla szukała go całą noc.",
        "No to przyjedź jutro rano, będę w domu.",
        "Mam kod do bramy, wpuszczę cię na podwórko.",
        "Uwaga: nie podawaj nikomu kodów z SMS-ów, ktoś tu oszukuje.",
        "Znalazłam go za schroniskiem, był bardzo głodny.",
        "Kot ma złotą zawieszkę z imieniem Mruczek.",
        "Nie płać nikomu z góry, ja oddam psa za darmo.",
        "Jest u mnie w ogrodzie, ma około 5 lat i waży 12 kg.",
        "Dziękuję za ogłoszenie, dzięki niemu go rozpoznałam.",
        "Zadzwoń pod 600 123 456, będę w domu po 17.",
        "Thank you so much! I'd love to buy you a coffee when we meet.",
        "I don't need anything, the smile on your kid's face is payment enough.",
        "I couldn't read the code on his tag, it's worn off.",
        "Please don't pay anyone who asks, I will bring him for free.",
        "The shelter said there's no fee to reclaim a microchipped dog.",
        "I'm a retired police detective, so I checked the CCTV on my street.",
        "I'm not psychic, but I think he went toward the river.",
        "I'm in the pay and display car park on King Street with him.",
        "I found him by the cash machine at the petrol station.",
        "He followed me to the bank, I'm waiting outside with him now.",
        "Przekaż mu ode mnie buziaka, to kochany pies.",
        "Zostawiłam mu miskę z wodą, nic nie trzeba płacić.",
        "Moja córka zapłakała ze szczęścia, kiedy go zobaczyła.",
        "W schronisku na Paluchu nie pobierają opłat za odbiór psa.",
        "Możesz przeczytać kod z jego obroży? Ja nie widzę bez okularów.",
        "Kot siedział na parapecie, przy kasach w Lidlu go nie było.",
        "Daj znać, kiedy będziesz, wyjdę z nim przed blok.",
        "Widziałam ogłoszenie o nagrodzie, ale nie trzeba.",
        "Nie oczekuję nagrody, proszę tylko o zdjęcie, jak już będzie w domu.",
        "We're a volunteer search team, we never charge owners anything.",
        "Free tracking dog help from the local volunteer group, they never ask for money.",
        "This is not a scam: I won't ask you for money or codes.",
        "Do you have a photo? I want to be sure before I hand him over.",
        "Cash is not needed, really.",
        "He was lying next to the bottle deposit machine at Lidl.",
        "Z góry przepraszam za literówki, piszę z telefonu.",
        "Nie trzeba mi za nic płacić.",
        "Jak nie odbierzesz telefonu, napiszę SMS.",
        "Reward offered in your post: please donate it to the shelter instead.",
        "I'm at the Shell petrol station, pump 4, with your dog.",
        "Call me, I don't have WhatsApp or any payment apps.",
        "Sent you a pin with the location on WhatsApp.",
        "Pies ma kod na obroży z numerem telefonu.",
        "He lives about 2 hundred metres from the park, I think.",
        "Zatrzymaj sobie pieniądze, wystarczy mi zdjęcie psa w domu.",
    ]

    /// Messages the detector gets wrong and that are kept apart: `knownMiss` holds that they are still misses.
    static let knownMisses: [(String, Bool)] = [
        // Phishing by link, and a demand that never names money.
        ("Click this link to confirm you are the owner: bit.ly/xyz", true),
        ("To odblokować ogłoszenie, kliknij link i zaloguj się.", true),
        ("Your dog is safe. A small thank-you before I bring him would be nice, you know what I mean.", true),
        // Honest finders who mention money or warn about scams are flagged too.
        ("I paid for his food myself, it's fine.", false),
        ("Zapłaciłam za taksówkę z nim do weterynarza, ale nie chcę zwrotu.", false),
        ("Pet detectives are often scammers, be careful.", false),
        ("I found your cat. She was at the Western Union branch near the station.", false),
    ]
}

/// The scam detector on the hand-written corpus: every scam is flagged and no harmless message is.
@Suite struct ScamSignsTests {
    @Test("Each scam is flagged", arguments: ScamCorpus.scams)
    func flagsScam(_ message: String) {
        #expect(ScamSigns.asksForMoney(message), "\(message)")
    }

    @Test("No harmless message is flagged", arguments: ScamCorpus.harmless)
    func leavesHarmlessAlone(_ message: String) {
        #expect(!ScamSigns.asksForMoney(message), "\(message): \(ScamSigns.signs(in: message))")
    }

    /// The detector's documented limits (SECURITY.md): each is still judged wrongly. When the detector learns
    /// one, this fails, and the message moves to `scams` or `harmless`.
    @Test("Known misses are still misses", arguments: ScamCorpus.knownMisses)
    func knownMiss(_ message: String, _ isScam: Bool) {
        #expect(ScamSigns.asksForMoney(message) != isScam, "\(isScam ? "a scam now caught" : "no longer a false alarm"): \(message)")
    }

    @Test(arguments: [
        ("Send $200 for transport first", [ScamSign.amount, .transport]),
        ("Pay via p@ypal", [.money, .paymentApp]),
        ("Read me the code you got by text", [.verificationCode]),
        ("There is an adoption fee", [.fee]),
        ("Jestem psim detektywem", [.detective]),
        ("Kup kartę podarunkową", [.giftCard]),
        ("Send the reward first", [.reward]),
        ("Przelej 50 zł na paliwo", [.money, .amount, .transport]),
        ("Cash App: $lostdogs", [.money, .paymentApp]),
        ("I found your dog near the coffee shop", []),
        ("I will pay a visit", []),
    ])
    func signsNameTheirKinds(_ message: String, _ expected: [ScamSign]) {
        #expect(ScamSigns.signs(in: message) == expected)
    }

    @Test func asksForMoneyIsAnySign() {
        for message in ScamCorpus.scams + ScamCorpus.harmless {
            #expect(ScamSigns.asksForMoney(message) == !ScamSigns.signs(in: message).isEmpty)
        }
    }

    @Test(arguments: [
        "PetSpot Support Team", "P3tSpot", "Pet Spot Admin", "PetSpot Moderator", "Zespół PetSpot", "support", "Admin",
        "moderator", "Administrator", "Obsługa klienta", "ＰｅｔＳｐｏｔ", "P e t S p o t", "petspot.pl", "PetSpotHelp", "Pet-Spot",
        "Pet\u{200B}Spot", "Customer Service", "no-reply", "Moderatorka Ania",
        // Found by an audit: a trade mark sign, a Greek omicron, mathematical letters, a number, a prefix.
        "PetSpot™", "Zespół PetSpot™", "PetSp\u{03BF}t", "𝐏𝐞𝐭𝐒𝐩𝐨𝐭", "PetSpot24", "supportpetspot", "РеtЅроt",
        // Found by a second audit: letters no fold reads, and a mark after "Pet Spot".
        "Ƥetspot", "Petꜱpot", "ᴘetspot", "Ꮲetspot", "🅿etspot", "Ρеtꜱрοt", "PetꓢPot", "Pet Spot™", "Pet.Spot™", "Ƥet ꜱpot",
    ])
    func catchesImpersonation(_ name: String) {
        #expect(ScamSigns.impersonatesPetSpot(name), "\(name)")
    }

    @Test(arguments: [
        "Anna", "Peter Spotswood", "Pet Lover", "Spot's finder", "Marek Kowalski", "Petra Spotkowska", "Ada Minton",
        "Supporter of animals", "Jan Modrzejewski", "Spot", "Ola z osiedla",
        // Names in other scripts are no look-alikes, however long.
        "عبدالرحمن بن خالد", "Αλέξανδρος Παπαδόπουλος", "ანასტასია", "Anna 🐶", "Carpet Spotter",
    ])
    func leavesOrdinaryNamesAlone(_ name: String) {
        #expect(!ScamSigns.impersonatesPetSpot(name), "\(name)")
    }
}
