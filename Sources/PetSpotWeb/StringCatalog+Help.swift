/// The texts of "Help and contact": how to reach an owner or a finder, a lost code, a report that looks
/// wrong, staying safe, and alerts.
extension StringCatalog {
    static let help: [TextKey: (en: String, pl: String)] = [
        .navHelp: ("Help", "Pomoc"),
        .helpTitle: ("Help and contact", "Pomoc i kontakt"),
        .helpIntro: (
            "PetSpot puts the people who lost a pet in touch with the people who saw or found it. Here is how to reach them, and how to tell us when something is wrong.",
            "PetSpot łączy osoby, które zgubiły zwierzę, z tymi, które je widziały lub znalazły. Oto jak się z nimi skontaktować i jak dać nam znać, gdy coś jest nie tak."
        ),
        .helpSeenTitle: ("You have seen a pet from a report", "Widziałeś(-aś) zwierzę ze zgłoszenia"),
        .helpSeenBody: (
            "Open its report and choose “I saw this pet” to tell where and when you saw it, or send a message to the person who filed it. Messages go through PetSpot by e-mail: you do not need their address, and they can reply to yours.",
            "Otwórz jego zgłoszenie i wybierz „Widziałem(-am) to zwierzę”, by powiedzieć, gdzie i kiedy je widziałeś(-aś), albo napisz do autora zgłoszenia. Wiadomości są przesyłane przez PetSpot e-mailem: nie potrzebujesz adresu tej osoby, a ona może odpowiedzieć na Twój."
        ),
        .helpSeenLink: ("Browse lost and found pets", "Przeglądaj zaginione i znalezione zwierzęta"),
        .helpReportTitle: ("Your pet is lost, or you found one", "Twoje zwierzę zaginęło albo znalazłeś(-aś) zwierzę"),
        .helpReportBody: (
            "A report takes a couple of minutes and needs no account. You get a management code to change or close it later: keep it.",
            "Zgłoszenie zajmuje kilka minut i nie wymaga konta. Dostaniesz kod zarządzania, by później je zmienić lub zamknąć: zachowaj go."
        ),
        .helpCodeTitle: ("You lost your management code", "Zgubiłeś(-aś) kod zarządzania"),
        .helpCodeBody: (
            "Ask for a link to all your reports: PetSpot sends it to the e-mail address you gave with them. From there you can see, change or close each one.",
            "Poproś o link do wszystkich swoich zgłoszeń: PetSpot wyśle go na adres e-mail podany w zgłoszeniach. Stamtąd zobaczysz, zmienisz lub zamkniesz każde z nich."
        ),
        .helpProblemTitle: ("A report or a message looks wrong", "Zgłoszenie lub wiadomość wygląda podejrzanie"),
        .helpProblemBody: (
            "Use “Report a problem” on the report's page, or the link under a message you received by e-mail. PetSpot's team looks at what is reported and takes down scams and spam.",
            "Użyj „Zgłoś problem” na stronie zgłoszenia albo linku pod wiadomością, którą dostałeś(-aś) e-mailem. Zespół PetSpot sprawdza zgłoszone treści i usuwa oszustwa i spam."
        ),
        .helpSafetyTitle: ("Staying safe", "Bezpieczeństwo"),
        .helpSafetyBody: (
            "Never pay before you have seen the pet: no deposits, no “transport” fees, no gift cards. PetSpot never asks for money or for your code. Meet in a public place, and take someone with you.",
            "Nigdy nie płać, zanim zobaczysz zwierzę: żadnych zaliczek, opłat za „transport” ani kart podarunkowych. PetSpot nigdy nie prosi o pieniądze ani o Twój kod. Spotykaj się w miejscu publicznym i nie idź sam."
        ),
        .helpAlertsTitle: ("Hear about pets near you", "Powiadomienia o zwierzętach w okolicy"),
        .helpAlertsBody: (
            "Choose a place and a distance, and PetSpot e-mails you when a pet is reported lost or found there.",
            "Wybierz miejsce i odległość, a PetSpot napisze do Ciebie, gdy ktoś zgłosi tam zaginione lub znalezione zwierzę."
        ),
    ]
}
