import Foundation
import PetSpotDomain
import PetSpotRoutes

/// Builds the controls of each step from the values to show and the errors found.
struct StepControls {
    typealias Field = ReportForm.Field
    let flow: ReportFlow
    let draft: ReportDraft
    let errors: [FieldError]
    let strings: Strings
    /// Whether the page shows a map to pick the spot on (the hints say so only then).
    var hasMap = false

    func controls(for step: ReportFlow.Step) -> ([FormControl], [FormControl], [FormControl]) {
        switch step {
        case .microchip: return ([chip(.microchip, strings[.chipLabel])], [], [])
        case .photo: return ([photo()], [], [])
        case .description: return description()
        case .contact: return (contact(), [], [])
        case .created: return ([], [], [])
        }
    }

    func value(_ field: Field) -> String { draft.form[field] }

    func error(_ name: String) -> String? { errors.message(for: name, strings) }

    func input(_ field: Field, _ labelKey: TextKey, placeholderKey: TextKey? = nil, type: String = "text") -> FormControl {
        input(field, label: strings[labelKey], placeholder: placeholderKey.map { strings[$0] }, type: type)
    }

    func input(_ field: Field, label: String, placeholder: String?, type: String = "text") -> FormControl {
        var control = FormControl(.input, name: field.rawValue, label: label, value: value(field))
        control.type = type
        control.placeholder = placeholder
        if let limit = ReportForm.limits[field] { control.maxlength = limit }
        return control.described(error: error(field.rawValue))
    }

    func textarea(_ field: Field, _ labelKey: TextKey, placeholderKey: TextKey) -> FormControl {
        var control = FormControl(.textarea, name: field.rawValue, label: strings[labelKey], value: value(field))
        control.placeholder = strings[placeholderKey]
        control.maxlength = ReportForm.limits[field]
        return control
    }

    func chip(_ field: Field, _ label: String) -> FormControl {
        var control = FormControl(.input, name: field.rawValue, label: label, value: MicrochipNumberFormatter.format(value(field)))
        control.placeholder = "00000-00000-00000"
        control.inputmode = "numeric"
        control.maxlength = 17
        control.autocomplete = "off"
        control.microchip = true
        return control.described(error: error(field.rawValue))
    }

    func photo() -> FormControl {
        var control = FormControl(.input, name: "photo", label: strings[.photoLabel], value: "")
        control.type = "file"
        control.accept = "image/jpeg,image/png,image/gif,image/webp,image/heic,image/heif,image/bmp,image/tiff"
        let hint = draft.photo == nil ? strings[.photoHint] : "\(strings[.photoHint]). \(strings[.photoReplace])"
        return control.described(hint: hint, error: error("photo"))
    }

    func description() -> ([FormControl], [FormControl], [FormControl]) {
        var date = input(.lastSeenDate, flow == .missing ? .dateLabel : .dateFoundLabel, type: "date")
        date.max = ReportDate.latestToday().text
        if date.value.isEmpty, errors.isEmpty {
            date.value = ReportDate(Date(), in: .current).text
            date.today = true
        }
        var leading = [date]
        if flow == .found {
            var collar = input(.collar, .collarLabel, placeholderKey: .collarPlaceholder)
            collar.autocomplete = "off"
            leading.append(collar)
        }
        leading.append(input(.petName, flow == .missing ? .petNameLabel : .foundPetNameLabel, placeholderKey: .petNamePlaceholder))
        let speciesChoices =
            [("", strings[.speciesPlaceholder])] + AnimalSpecies.allCases.map { ($0.rawValue, strings.text("species" + $0.rawValue.capitalized)) }
        leading.append(
            FormControl(.select, name: Field.species.rawValue, label: strings[.speciesLabel], value: value(.species))
                .choosing(speciesChoices).described(error: error(Field.species.rawValue)))
        leading += PetText.plainLines.map {
            input($0.formField, label: strings.text($0.webKey(.label)), placeholder: strings.text($0.webKey(.placeholder)))
        }
        leading.append(
            FormControl(.radios, name: Field.sex.rawValue, label: strings[.genderLabel], value: value(.sex))
                .choosing([("MALE", strings[.sexMale]), ("FEMALE", strings[.sexFemale]), ("UNKNOWN", strings[.sexUnknown])])
                .described(error: error(Field.sex.rawValue)))
        var age = input(.age, flow == .missing ? .ageLabel : .foundAgeLabel, placeholderKey: .agePlaceholder)
        age.inputmode = "numeric"
        leading.append(age)
        let place = PlaceControls(
            label: strings[.placeLabel], strings: strings, value: { Field(rawValue: $0).map { draft.form[$0] } ?? "" }, error: error,
            hint: strings[hasMap ? .placeStepHint : .placeStepHintNoMap], coordinatePlaceholders: true)
        leading.append(place.place)
        let details = textarea(.description, .descriptionLabel, placeholderKey: .descriptionPlaceholder)
        return (leading, place.coordinates, flow == .missing ? [details] + Self.searchQuestions(form: draft.form, strings: strings) : [details])
    }

    /// The Missing flow's optional questions about how the pet lives, with `form`'s answers;
    /// "Not sure" is no answer. The flow's step and the owner's manage page both ask them; `fitting` keeps
    /// only the questions for `form`'s species (the manage page: the species is known; the flow's step
    /// asks all, and its script hides the other species' question as one is chosen).
    static func searchQuestions(form: ReportForm, fitting: Bool = false, strings: Strings) -> [FormControl] {
        let notSure = ("", strings[.answerNotSure])
        let lifestyle = FormControl(.radios, name: Field.lifestyle.rawValue, label: strings[.lifestyleLabel], value: form.lifestyle)
            .choosing([("INDOOR_ONLY", strings[.lifestyleIndoor]), ("OUTDOOR_ACCESS", strings[.lifestyleOutdoor]), notSure])
        let temperament = FormControl(.radios, name: Field.temperament.rawValue, label: strings[.temperamentLabel], value: form.temperament)
            .choosing([("FRIENDLY", strings[.temperamentFriendly]), ("SHY", strings[.temperamentShy]), notSure])
        let newToArea = FormControl(.radios, name: Field.newToArea.rawValue, label: strings[.newToAreaLabel], value: form.newToArea)
            .choosing([("YES", strings[.answerYes]), ("NO", strings[.answerNo]), notSure])
            .described(hint: strings[.searchAnswersHint], error: nil)
        guard fitting else { return [lifestyle, temperament, newToArea] }
        switch form.species.uppercased() {
        case "CAT": return [lifestyle, newToArea]
        case "DOG": return [temperament, newToArea]
        default: return [newToArea]
        }
    }

    func contact() -> [FormControl] {
        var phone = input(.phone, .phoneRequiredLabel, placeholderKey: .phonePlaceholder, type: "tel")
        phone.autocomplete = "tel"
        var email = input(.email, .emailRequiredLabel, placeholderKey: .emailPlaceholder, type: "email")
        email.autocomplete = "email"
        let reward = input(.reward, flow == .missing ? .rewardLabel : .foundRewardLabel, placeholderKey: .rewardPlaceholder)
        // Relayed unless the reporter asks to show them.
        let visibility = FormControl(
            .radios, name: Field.contactVisibility.rawValue, label: strings[.visibilityLabel],
            value: value(.contactVisibility) == "PUBLIC" ? "PUBLIC" : "RELAYED"
        )
        .choosing([("RELAYED", strings[.visibilityRelayed]), ("PUBLIC", strings[.visibilityPublic])])
        guard flow == .found else {
            // Never shown: the owner checks finders' descriptions against it.
            let trait = textarea(.privateTrait, .privateTraitLabel, placeholderKey: .privateTraitPlaceholder)
                .described(hint: strings[.privateTraitHint], error: nil)
            return [phone, email, reward, visibility, trait]
        }
        let caregiver = input(.caregiverPhone, .caregiverLabel, placeholderKey: .caregiverPlaceholder, type: "tel")
        return [phone, email, reward, visibility, caregiver, textarea(.currentAddress, .addressLabel, placeholderKey: .addressPlaceholder)]
    }
}

extension PetText {
    enum WebWords { case label, placeholder, details }

    /// The key of the web's words for one of the pet's texts, named after its form field: `raceLabel`,
    /// `racePlaceholder`, and `detailsRace` on the report's page (a test checks both languages have each).
    func webKey(_ words: WebWords) -> String {
        let name = formField.rawValue
        switch words {
        case .label: return name + "Label"
        case .placeholder: return name + "Placeholder"
        case .details: return "details" + fieldTitle
        }
    }
}
