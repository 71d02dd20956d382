/// The texts shown after a report is sent, and on the management page.
extension StringCatalog {
    static let outcome: [String: (en: String, pl: String)] = [
        "createdTitle": ("Report created", "Raport utworzony"),
        "createdParagraph1": ("Your report has been created, and your missing animal has been added to the database. If your pet is found, you will receive a notification immediately.",
                              "Twój raport został utworzony, a Twoje zagubione zwierzę zostało dodane do bazy danych. Jeśli Twój pupil zostanie odnaleziony, natychmiast otrzymasz powiadomienie."),
        "createdParagraph2": ("If you wish to remove your report from the database, use the code provided below in the removal form. This code has also been sent to your email address",
                              "Jeśli chcesz usunąć swój raport z bazy danych, użyj kodu podanego poniżej w formularzu usuwania. Ten kod został również wysłany na Twój adres e-mail"),
        "codeCopied": ("Code copied to clipboard", "Skopiowano kod do schowka"),
        "copyCode": ("Copy code", "Kopiuj kod"),
        "yourCode": ("Your management code", "Twój kod zarządzania"),
        "viewReport": ("See your report", "Zobacz swoje zgłoszenie"),
        "foundCreatedBody": ("Thank you! Your report has been published so the owner can find their pet.",
                             "Dziękujemy! Twoje zgłoszenie zostało opublikowane, aby właściciel mógł odnaleźć swojego pupila."),
        "manageTitle": ("Manage your report", "Zarządzaj swoim zgłoszeniem"),
        "manageIntro": ("Enter the 6-digit management code you received when you created the report.",
                        "Wpisz 6-cyfrowy kod zarządzania otrzymany przy tworzeniu zgłoszenia."),
        "codeLabel": ("Management code", "Kod zarządzania"),
        "markReunited": ("Mark as reunited", "Oznacz jako odnalezione"),
        "removeReport": ("Remove Report", "Usuń zgłoszenie"),
        "codeRequired": ("Enter the 6-digit code", "Wpisz 6-cyfrowy kod"),
        "codeWrong": ("This code is not correct", "Ten kod jest nieprawidłowy"),
        "codeLocked": ("Too many wrong codes. Try again later.", "Zbyt wiele błędnych kodów. Spróbuj ponownie później."),
        "reunitedDone": ("The report is now marked as reunited.", "Zgłoszenie oznaczono jako zakończone (zwierzę odnalezione)."),
        "deletedTitle": ("Report removed", "Zgłoszenie usunięte"),
        "deletedBody": ("The report and its photo have been removed.", "Zgłoszenie i jego zdjęcie zostały usunięte."),
    ]
}
