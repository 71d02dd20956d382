extension StringCatalog {
    /// The installable app and filing without signal.
    static let offline: [TextKey: (en: String, pl: String)] = [
        .appDescription: (
            "Report a missing or a found pet in minutes and see the reports near you.",
            "Zgłoś zaginione lub znalezione zwierzę w kilka minut i zobacz zgłoszenia w pobliżu."
        ),
        .offlineMissingTitle: ("Report a missing pet, even without signal", "Zgłoś zaginięcie, nawet bez zasięgu"),
        .offlineFoundTitle: ("Report a found pet, even without signal", "Zgłoś znalezienie, nawet bez zasięgu"),
        .offlineIntro: (
            "Fill in everything on this page. Without a connection the report is kept on this phone and sent as soon as there is one; you then get the code by e-mail and here.",
            "Wypełnij wszystko na tej stronie. Bez połączenia zgłoszenie zostanie zapisane na tym telefonie i wysłane, gdy tylko połączenie wróci; wtedy otrzymasz kod e-mailem i tutaj."
        ),
        .offlineNoScript: (
            "With JavaScript off, this page sends the report at once and cannot keep it on the phone: send it where there is signal.",
            "Przy wyłączonym JavaScripcie ta strona wysyła zgłoszenie od razu i nie może go zachować na telefonie: wyślij je tam, gdzie jest zasięg."
        ),
        .offlineSection: ("Step %@", "Krok %@"),
        .offlineSend: ("Send report", "Wyślij zgłoszenie"),
        .offlineSaved: (
            "Saved on this phone. It will be sent as soon as there is a connection.",
            "Zapisano na tym telefonie. Zostanie wysłane, gdy tylko będzie połączenie."
        ),
        .offlineWaiting: ("Waiting to be sent", "Czeka na wysłanie"),
        .offlineWaitingIntro: ("Kept on this phone, typed at %@:", "Zapisane na tym telefonie, wpisane o %@:"),
        .offlineSent: ("Your report was sent", "Zgłoszenie zostało wysłane"),
        .offlineSentCode: ("Your management code: %@ (also e-mailed to you).", "Twój kod zarządzania: %@ (wysłany też e-mailem)."),
        .offlineSentCodeKept: (
            "Your management code: %@. It was not e-mailed: write it down now, this device keeps it for an hour.",
            "Twój kod zarządzania: %@. Nie został wysłany e-mailem: zapisz go teraz, to urządzenie przechowa go przez godzinę."
        ),
        .offlineSentCodeNoted: (
            "Your management code: %@. Write it down: this device keeps it for an hour.",
            "Twój kod zarządzania: %@. Zapisz go: to urządzenie przechowa go przez godzinę."
        ),
        .offlineSentCodeGone: (
            "Its management code is no longer kept on this device (it is kept for an hour after sending).",
            "Jego kod zarządzania nie jest już przechowywany na tym urządzeniu (przechowujemy go przez godzinę od wysłania)."
        ),
        .offlineRetry: (
            "The last try to send it, at %@, did not get through. It is tried again by itself.",
            "Ostatnia próba wysłania, o %@, nie powiodła się. Kolejna nastąpi sama."
        ),
        .offlineFix: ("Fix and send again", "Popraw i wyślij ponownie"),
        .offlineProblem: ("This report needs a correction before it can be sent:", "To zgłoszenie wymaga poprawki, zanim zostanie wysłane:"),
        .offlineSightingSent: ("The owner has your sighting. Thank you!", "Właściciel otrzymał Twoje zauważenie. Dziękujemy!"),
        .offlineMessageSent: ("Your message went to the reporter by e-mail.", "Twoja wiadomość trafiła do zgłaszającego e-mailem."),
        .offlineSeeReport: ("See the report", "Zobacz zgłoszenie"),
        .offlineDismiss: ("Dismiss", "Zamknij"),
        .offlineStepNotSent: (
            "No signal: that step was not sent. Fill in the whole report on this page instead: it is kept on this phone and sent when there is signal.",
            "Brak zasięgu: ten krok nie został wysłany. Wypełnij całe zgłoszenie na tej stronie: zostanie zachowane na tym telefonie i wysłane, gdy będzie zasięg."
        ),
        .offlineNoLanguage: (
            "Without signal the language cannot be changed here: what you typed stays as it is.",
            "Bez zasięgu nie można tu zmienić języka: to, co wpisano, zostaje bez zmian."
        ),
        .offlineDiscard: (
            "Delete this report from this phone without sending it?",
            "Usunąć to zgłoszenie z tego telefonu bez wysyłania?"
        ),
        .offlineGone: (
            "The report it was for has been closed or removed, so it cannot be sent.",
            "Zgłoszenie, którego dotyczy, zostało zamknięte lub usunięte, więc nie można tego wysłać."
        ),
        .offlineNotFiled: ("This report was not sent again:", "To zgłoszenie nie zostało wysłane ponownie:"),
        .offlineKeyReused: (
            "This report was sent before with other answers: it was not filed again. Fill in the form again to send it as new.",
            "To zgłoszenie zostało już wysłane z innymi odpowiedziami, więc nie zapisano go ponownie. Wypełnij formularz jeszcze raz, aby wysłać je jako nowe."
        ),
        .offlineReportGone: (
            "This report was filed and has since been removed, so it was not filed again.",
            "To zgłoszenie zostało zapisane, a potem usunięte, więc nie zapisano go ponownie."
        ),
        .offlinePageSaved: ("Saved on this phone at %@ — may be out of date.", "Zapisano na tym telefonie o %@ – może być nieaktualne."),
        .offlineLink: ("No signal? Fill in the report on one page", "Brak zasięgu? Wypełnij zgłoszenie na jednej stronie"),
        .offlineInstall: ("Install PetSpot on this device", "Zainstaluj PetSpot na tym urządzeniu"),
    ]
}
