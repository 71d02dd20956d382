/// The texts of the e-mails PetSpot sends. `{name}`-style slots are filled by `ReportMail`.
extension StringCatalog {
    static let mail: [TextKey: (en: String, pl: String)] = [
        .mailHello: ("Hello,", "Dzień dobry,"),
        .mailSignature: ("The PetSpot team", "Zespół PetSpot"),
        .mailCodeSubject: ("Your PetSpot report: keep this management code", "Twoje zgłoszenie w PetSpot: zachowaj kod zarządzania"),
        .mailCodeThanksMissing: (
            "Thank you for reporting your missing pet on PetSpot. Your report is on the map for everyone nearby.",
            "Dziękujemy za zgłoszenie zaginięcia zwierzęcia w PetSpot. Twoje zgłoszenie jest na mapie dla wszystkich w okolicy."
        ),
        .mailCodeThanksFound: (
            "Thank you for reporting the pet you found on PetSpot. Its owner can now find it.",
            "Dziękujemy za zgłoszenie znalezionego zwierzęcia w PetSpot. Jego właściciel może je teraz odnaleźć."
        ),
        .mailCodeLabel: ("Your management code", "Twój kod zarządzania"),
        .mailCodeReplacedSubject: ("Your PetSpot report has a new management code", "Twoje zgłoszenie w PetSpot ma nowy kod zarządzania"),
        .mailCodeReplaced: (
            "The management code of your report was replaced from \"My reports\". The old code no longer works.",
            "Kod zarządzania Twoim zgłoszeniem został wymieniony w „Moich zgłoszeniach”. Stary kod już nie działa."
        ),
        .mailCodeReplacedNotYou: (
            "If you did not replace it, ask PetSpot for a new \"My reports\" link to your address and replace the code again.",
            "Jeśli to nie Ty go wymieniłeś(-aś), poproś PetSpot o nowy link do „Moich zgłoszeń” na swój adres i wymień kod ponownie."
        ),
        .mailCodeUse: (
            "You need this code to edit your report, mark it as reunited or remove it. Keep this e-mail: PetSpot cannot show the code again.",
            "Ten kod jest potrzebny, aby edytować zgłoszenie, zamknąć je, gdy zwierzę wróci do domu, lub usunąć je. Zachowaj tę wiadomość: PetSpot nie może ponownie pokazać kodu."
        ),
        .mailCodeMatches: (
            "If a matching report appears, we will e-mail you at once.",
            "Jeśli pojawi się pasujące zgłoszenie, natychmiast wyślemy Ci wiadomość."
        ),
        .mailNotYou: (
            "If you did not file this report, you can ignore this e-mail.",
            "Jeśli to nie Ty dodałeś(-aś) to zgłoszenie, zignoruj tę wiadomość."
        ),
        .mailSeeReport: ("See your report", "Zobacz swoje zgłoszenie"),
        .mailManageReport: ("Manage your report", "Zarządzaj zgłoszeniem"),
        .mailMatchSubject: ("Someone may have found your pet", "Możliwe, że ktoś znalazł Twojego pupila"),
        .mailPetName: ("Name in the report, as it was typed", "Imię w zgłoszeniu, tak jak je wpisano"),
        .mailSenderName: ("Name the sender gave (PetSpot has not checked it)", "Imię podane przez nadawcę (PetSpot go nie sprawdza)"),
        .mailYourPetObject: ("your pet", "Twojego pupila"),
        .mailYourPetSubject: ("your pet", "Twój pupil"),
        .mailMatchIntro: (
            "Someone has reported finding an animal that may be yours.",
            "Ktoś zgłosił znalezienie zwierzęcia. Być może to Twój pupil."
        ),
        .mailMatchChip: (
            "Its microchip number is the same as in your report.",
            "Jego numer mikroczipa jest taki sam jak w Twoim zgłoszeniu."
        ),
        .mailMatchSimilar: (
            "It is the same kind of animal and was found about {km} km from the place in your report.",
            "To zwierzę tego samego gatunku, znalezione około {km} km od miejsca podanego w Twoim zgłoszeniu."
        ),
        .mailMatchPhoto: ("PetSpot compared the two photos: {likeness}.", "PetSpot porównał oba zdjęcia: {likeness}."),
        .mailMatchFacts: ("The found report", "Zgłoszenie znalezienia"),
        .mailFoundOn: ("Found on", "Data znalezienia"),
        .mailSeeMatch: ("See the found report and contact the finder", "Zobacz zgłoszenie i skontaktuj się ze znalazcą"),
        .mailMatchManage: ("When your pet is home again, mark your report as reunited", "Gdy pupil wróci do domu, oznacz to w zgłoszeniu"),
        .mailBreed: ("Breed", "Rasa"),
        .mailRelaySubject: ("A message about your PetSpot report", "Wiadomość o Twoim zgłoszeniu w PetSpot"),
        .mailRelayIntro: (
            "Someone sent you this message through PetSpot. Below is what they wrote, in their own words; PetSpot never asks for money or codes. Reply to this e-mail to answer them directly.",
            "Ktoś wysłał Ci tę wiadomość przez PetSpot. Poniżej jest to, co napisał(a), jego/jej słowami; PetSpot nigdy nie prosi o pieniądze ani kody. Odpowiedz na ten e-mail, aby napisać bezpośrednio."
        ),
        .mailRelayTrait: (
            "What they say identifies the pet (check it against what only you know)",
            "Co według nadawcy pozwala rozpoznać zwierzę (porównaj z tym, co wiesz tylko Ty)"
        ),
        .mailRelayMessage: ("Message", "Wiadomość"),
        .mailRelayPhone: ("Their phone", "Telefon nadawcy"),
        .mailRelayMoney: (
            "This message mentions money, payments or codes. Be careful: never pay before you see the pet.",
            "Ta wiadomość wspomina o pieniądzach, płatnościach lub kodach. Uważaj: nigdy nie płać, zanim zobaczysz zwierzę."
        ),
        .privateCollar: ("Collar/tag says", "Na obroży/identyfikatorze"),
        .privateTrait: ("Your private identifying detail", "Twój prywatny znak rozpoznawczy"),
        .mailRelayCheck: (
            "Compare their answer with your private detail before you share anything else.",
            "Zanim przekażesz cokolwiek więcej, porównaj tę odpowiedź ze swoim prywatnym znakiem rozpoznawczym."
        ),
        .privateCaregiverPhone: ("Phone of whoever looks after the pet now", "Telefon osoby, która teraz opiekuje się zwierzęciem"),
        .privateAddress: ("Where the pet is now", "Gdzie zwierzę jest teraz"),
        .mailDescription: ("Description", "Opis"),
    ]
}
