/// The texts shown after a report is sent, and on the management page.
extension StringCatalog {
    static let outcome: [TextKey: (en: String, pl: String)] = [
        .createdTitle: ("Report created", "Raport utworzony"),
        .createdParagraph1: (
            "Your report has been created, and your missing animal has been added to the database. If your pet is found, you will receive a notification immediately.",
            "Twój raport został utworzony, a Twoje zagubione zwierzę zostało dodane do bazy danych. Jeśli Twój pupil zostanie odnaleziony, natychmiast otrzymasz powiadomienie."
        ),
        .createdParagraph2: (
            "If you wish to remove your report from the database, use the code provided below in the removal form. This code has also been sent to your email address",
            "Jeśli chcesz usunąć swój raport z bazy danych, użyj kodu podanego poniżej w formularzu usuwania. Ten kod został również wysłany na Twój adres e-mail"
        ),
        .createdAlreadySent: (
            "This report was sent already and was not sent again: a change made since then was not applied. To change it now, use the code: “Edit, close or remove your report with this code” below.",
            "To zgłoszenie zostało już wysłane i nie wysłano go ponownie: zmiany wprowadzone od tego czasu nie zostały zapisane. Aby je teraz zmienić, użyj kodu: „Edytuj, zamknij lub usuń zgłoszenie tym kodem” poniżej."
        ),
        // The seed's second paragraph and the found flow's, without their "also sent to your e-mail", for a
        // code that was not e-mailed.
        .createdParagraph2NotMailed: (
            "If you wish to remove your report from the database, use the code provided below in the removal form.",
            "Jeśli chcesz usunąć swój raport z bazy danych, użyj kodu podanego poniżej w formularzu usuwania."
        ),
        .foundCreatedManageNotMailed: (
            "To change or remove this report later, open its page, choose “Manage this report” and enter the code below.",
            "Aby później zmienić lub usunąć to zgłoszenie, otwórz jego stronę, wybierz „Zarządzaj zgłoszeniem” i wpisz poniższy kod."
        ),
        .createdNotMailed: (
            "Keep this code: this time it was not e-mailed (PetSpot e-mails one code a day to an address, and none when there is no address). Without it the report cannot be changed or removed.",
            "Zachowaj ten kod: tym razem nie został wysłany e-mailem (PetSpot wysyła na jeden adres jeden kod dziennie, a bez adresu żadnego). Bez niego zgłoszenia nie można zmienić ani usunąć."
        ),
        .codeCopied: ("Code copied to clipboard", "Skopiowano kod do schowka"),
        .copyCode: ("Copy code", "Kopiuj kod"),
        .yourCode: ("Your management code", "Twój kod zarządzania"),
        .viewReport: ("See your report", "Zobacz swoje zgłoszenie"),
        .manageWithCode: ("Edit, close or remove your report with this code", "Edytuj, zamknij lub usuń zgłoszenie tym kodem"),
        .foundCreatedManage: (
            "To change or remove this report later, open its page, choose “Manage this report” and enter the code below. The code was also sent to your e-mail address.",
            "Aby później zmienić lub usunąć to zgłoszenie, otwórz jego stronę, wybierz „Zarządzaj zgłoszeniem” i wpisz poniższy kod. Kod wysłaliśmy też na Twój adres e-mail."
        ),
        .foundCreatedBody: (
            "Thank you! Your report has been published so the owner can find their pet.",
            "Dziękujemy! Twoje zgłoszenie zostało opublikowane, aby właściciel mógł odnaleźć swojego pupila."
        ),
        .createdLookAlikesTitle: ("Missing pets nearby that may be this one", "Zaginione zwierzęta w pobliżu, którymi może być to zwierzę"),
        .createdLookAlikesHintNoPhotos: (
            "Chosen by species, sex, place and date. Open one to see whether it is the same animal.",
            "Wybrane według gatunku, płci, miejsca i daty. Otwórz zgłoszenie, aby sprawdzić, czy to to samo zwierzę."
        ),
        .createdLookAlikesHint: (
            "PetSpot compares your photo with theirs in a moment and e-mails the owners of those that look alike. Reload this page to see them ordered by photo.",
            "PetSpot za chwilę porówna Twoje zdjęcie z ich zdjęciami i napisze do właścicieli tych, które wyglądają podobnie. Odśwież stronę, aby zobaczyć je uporządkowane według zdjęcia."
        ),
        .manageTitle: ("Manage your report", "Zarządzaj swoim zgłoszeniem"),
        .manageIntro: (
            "Enter the 6-digit management code you received when you created the report.",
            "Wpisz 6-cyfrowy kod zarządzania otrzymany przy tworzeniu zgłoszenia."
        ),
        .codeLabel: ("Management code", "Kod zarządzania"),
        .markReunited: ("Mark as reunited", "Zwierzę wróciło do domu"),
        .removeReport: ("Remove Report", "Usuń zgłoszenie"),
        .openReport: ("Open my report", "Otwórz moje zgłoszenie"),
        .relayTitleOwner: ("Send a message to the owner", "Napisz do właściciela"),
        .relayTitleFinder: ("Send a message to the finder", "Napisz do znalazcy"),
        .relayIntro: (
            "PetSpot sends your message by e-mail; replies come straight to your address. Nobody's address is published.",
            "PetSpot wyśle Twoją wiadomość e-mailem; odpowiedzi trafią prosto na Twój adres. Niczyj adres nie jest publikowany."
        ),
        .relayName: ("Your name (required)", "Twoje imię (wymagane)"),
        .relayEmail: ("Your e-mail (required: replies come here)", "Twój e-mail (wymagany: tu przyjdą odpowiedzi)"),
        .relayPhone: ("Your phone (optional)", "Twój telefon (opcjonalnie)"),
        .relayTrait: ("What identifies the pet? (optional)", "Co pozwala rozpoznać zwierzę? (opcjonalnie)"),
        .relayTraitHint: ("A mark, a scar, a tag: something the owner can check.", "Znak, blizna, identyfikator: coś, co właściciel może sprawdzić."),
        .relayMessage: ("Your message (required)", "Twoja wiadomość (wymagana)"),
        .relaySend: ("Send the message", "Wyślij wiadomość"),
        .relaySentTitle: ("Your message is on its way", "Wiadomość została wysłana"),
        .relaySentBody: (
            "The reporter gets it by e-mail and can reply to your address. Never pay anyone before you have seen the pet.",
            "Zgłaszający dostanie ją e-mailem i może odpowiedzieć na Twój adres. Nigdy nie płać nikomu, zanim zobaczysz zwierzę."
        ),
        .relayNameRequired: ("Enter your name", "Wpisz swoje imię"),
        .relayNameReserved: (
            "Enter your own name; a message cannot be signed as PetSpot or its staff",
            "Wpisz swoje imię; wiadomości nie można podpisać jako PetSpot ani jego obsługa"
        ),
        .relayMessageShort: ("Write a message of at least 10 characters", "Wiadomość musi mieć co najmniej 10 znaków"),
        .relayLimited: ("Too many messages. Try again later.", "Zbyt wiele wiadomości. Spróbuj później."),
        .relayUnavailable: ("This report cannot receive messages.", "Do tego zgłoszenia nie można pisać."),
        .relayLinkOwner: ("Send a message to the owner", "Napisz do właściciela"),
        .relayLinkFinder: ("Send a message to the finder", "Napisz do znalazcy"),
        .relayedContact: (
            "The reporter keeps their contact details private: write through PetSpot.",
            "Zgłaszający nie publikuje swoich danych kontaktowych: napisz przez PetSpot."
        ),
        .adviceTitle: ("Stay safe", "Uważaj na oszustów"),
        .adviceNeverPay: (
            "Never pay before you have seen the pet: no deposits, no \"transport\" fees, no gift cards.",
            "Nigdy nie płać, zanim zobaczysz zwierzę: żadnych zaliczek, opłat za „transport” ani kart podarunkowych."
        ),
        .adviceNoCodes: (
            "PetSpot never asks for your management code by phone or SMS. Do not share it.",
            "PetSpot nigdy nie prosi o kod zarządzania telefonicznie ani SMS-em. Nie udostępniaj go."
        ),
        .advicePublicPlace: ("Meet in a public place, and take someone with you.", "Spotkaj się w miejscu publicznym i weź kogoś ze sobą."),
        .adviceAskDetail: ("Ask for a detail only the owner (or the finder) would know.", "Zapytaj o szczegół, który zna tylko właściciel (lub znalazca)."),
        .reunitedHeadline: ("REUNITED.", "W DOMU."),
        .reunitedBody: (
            "This pet is home again: thank you for looking. There is no need to call.",
            "To zwierzę jest już w domu: dziękujemy za pomoc. Nie trzeba dzwonić."
        ),
        .shareTitle: ("Get the word out", "Daj znać innym"),
        .flyerLink: ("Print a flyer", "Wydrukuj plakat"),
        .shareTextLabel: ("Text for neighbourhood groups", "Tekst dla grup sąsiedzkich"),
        .shareCopy: ("Copy the text", "Kopiuj tekst"),
        .shareCopied: ("Copied", "Skopiowano"),
        .shareNative: ("Share…", "Udostępnij…"),
        .shareMissing: ("MISSING {species}", "ZAGINIONY {species}"),
        .shareFound: ("FOUND {species}", "ZNALEZIONY {species}"),
        .shareReunited: ("REUNITED {species}", "W DOMU: {species}"),
        .shareAsk: ("Have you seen it? Please share.", "Widziałeś to zwierzę? Udostępnij, proszę."),
        .shareAskFound: ("Do you know whose pet this is? Please share.", "Wiesz, czyje to zwierzę? Udostępnij, proszę."),
        .flyerMissing: ("MISSING {species}", "ZAGINIONY {species}"),
        .flyerFound: ("FOUND {species}", "ZNALEZIONY {species}"),
        .flyerReunited: ("REUNITED", "W DOMU"),
        .flyerCall: ("Seen it? Call", "Widziałeś? Zadzwoń"),
        .flyerCallFound: ("Is it yours? Call", "To Twoje zwierzę? Zadzwoń"),
        .flyerMessageOwner: (
            "Seen it? Send the owner a message: scan the QR code or open {link}",
            "Widziałeś? Napisz do właściciela: zeskanuj kod QR albo otwórz {link}"
        ),
        .flyerMessageFinder: (
            "Is it yours? Send the finder a message: scan the QR code or open {link}",
            "To Twoje zwierzę? Napisz do znalazcy: zeskanuj kod QR albo otwórz {link}"
        ),
        .flyerScan: ("Scan for the latest news, or open", "Zeskanuj, aby zobaczyć najnowsze informacje, lub otwórz"),
        .flyerStrips: ("Tear-off strips with the link", "Paski z linkiem do oderwania"),
        .flyerPrint: ("Print this flyer", "Drukuj plakat"),
        .flyerBack: ("Back to the report", "Wróć do zgłoszenia"),
        .editReport: ("Edit report", "Edytuj zgłoszenie"),
        .reopenReport: ("Reopen report", "Otwórz ponownie zgłoszenie"),
        .reopenedDone: ("The report is open again and looks for matches.", "Zgłoszenie jest znowu otwarte i szuka dopasowań."),
        .privateTitle: ("Only for you", "Tylko dla Ciebie"),
        .privateIntro: (
            "These details are never shown publicly or sent to anyone: only you see them, here, with your code.",
            "Te dane nigdy nie są pokazywane publicznie ani nikomu wysyłane: widzisz je tylko Ty, tutaj, z kodem."
        ),
        .editTitle: ("Edit your report", "Edytuj swoje zgłoszenie"),
        .editIntro: (
            "Change what you want and save. Leave a field empty to remove it.",
            "Zmień, co chcesz, i zapisz. Zostaw pole puste, aby je usunąć."
        ),
        .saveChanges: ("Save changes", "Zapisz zmiany"),
        .editSaved: ("Your changes are saved.", "Zmiany zostały zapisane."),
        .photoChangeTitle: ("Photo", "Zdjęcie"),
        .savePhoto: ("Replace photo", "Zmień zdjęcie"),
        .photoSaved: ("The new photo is saved.", "Nowe zdjęcie zostało zapisane."),
        .photoAndEditSaved: ("Your changes and the new photo are saved.", "Zmiany i nowe zdjęcie zostały zapisane."),
        .grantExpired: (
            "Your session with this report has expired. Enter the code again.",
            "Sesja z tym zgłoszeniem wygasła. Wpisz kod ponownie."
        ),
        .matchesTitle: ("Possible matches", "Możliwe dopasowania"),
        .matchesNone: (
            "No matching reports yet. We will e-mail you as soon as one appears.",
            "Brak pasujących zgłoszeń. Wyślemy Ci wiadomość, gdy tylko się pojawi."
        ),
        .matchesNoneClosed: (
            "No matching reports. A closed report no longer looks for matches; reopen it to look again.",
            "Brak pasujących zgłoszeń. Zamknięte zgłoszenie nie szuka już dopasowań; otwórz je ponownie, aby znowu szukać."
        ),
        .matchReasonChip: ("Same microchip number", "Ten sam numer mikroczipa"),
        .matchReasonSimilar: ("Similar animal nearby", "Podobne zwierzę w pobliżu"),
        .matchNote: ("{reason} · {km} km away · match {score}%", "{reason} · {km} km od Twojego zgłoszenia · zgodność {score}%"),
        .codeRequired: ("Enter the 6-digit code", "Wpisz 6-cyfrowy kod"),
        .codeWrong: ("This code is not correct", "Ten kod jest nieprawidłowy"),
        .codeLocked: ("Too many wrong codes. Try again later.", "Zbyt wiele błędnych kodów. Spróbuj ponownie później."),
        .reunitedDone: ("The report is now marked as reunited.", "Zgłoszenie zostało zamknięte: zwierzę wróciło do domu."),
        .confirmReuniteTitle: ("Mark this pet as reunited?", "Zwierzę wróciło do domu?"),
        .confirmReuniteBody: (
            "The report leaves the list and stops looking for matches. You can reopen it with your code.",
            "Zgłoszenie zniknie z listy i przestanie szukać dopasowań. Możesz je ponownie otworzyć swoim kodem."
        ),
        .confirmReuniteButton: ("Yes, mark as reunited", "Tak, wróciło do domu"),
        .confirmRemoveTitle: ("Remove this report for good?", "Usunąć to zgłoszenie na zawsze?"),
        .confirmRemoveBody: (
            "The report and its photo are deleted. This cannot be undone.",
            "Zgłoszenie i jego zdjęcie zostaną usunięte. Tego nie można cofnąć."
        ),
        .confirmRemoveButton: ("Yes, remove the report", "Tak, usuń zgłoszenie"),
        .deletedTitle: ("Report removed", "Zgłoszenie usunięte"),
        .deletedBody: ("The report and its photo have been removed.", "Zgłoszenie i jego zdjęcie zostały usunięte."),
    ]
}
