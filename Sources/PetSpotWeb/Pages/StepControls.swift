import Foundation
import PetSpotDomain

/// Builds the controls of each step from the values to show and the errors found.
struct StepControls {
    let flow: ReportFlow
    let draft: ReportDraft
    let form: [String: String]
    let errors: [FieldError]
    let strings: Strings

    func controls(for step: ReportFlow.Step) -> ([FormControl], [FormControl], [FormControl]) {
        switch step {
        case .microchip: return ([chip("microchip", strings["chipLabel"])], [], [])
        case .photo: return ([photo()], [], [])
        case .description: return description()
        case .contact: return (contact(), [], [])
        case .created: return ([], [], [])
        }
    }

    func value(_ name: String) -> String { form[name] ?? "" }

    func error(_ name: String) -> String? { errors.first { $0.field == name }.map { strings[$0.messageKey] } }

    func input(_ name: String, _ labelKey: String, placeholderKey: String? = nil, type: String = "text") -> FormControl {
        var control = FormControl(.input, name: name, label: strings[labelKey], value: value(name))
        control.type = type
        control.placeholder = placeholderKey.map { strings[$0] }
        return control.described(error: error(name))
    }

    func chip(_ name: String, _ label: String) -> FormControl {
        var control = FormControl(.input, name: name, label: label, value: MicrochipNumberFormatter.format(value(name)))
        control.placeholder = "00000-00000-00000"
        control.inputmode = "numeric"
        control.maxlength = 17
        control.autocomplete = "off"
        control.microchip = true
        return control.described(error: error(name))
    }

    func photo() -> FormControl {
        var control = FormControl(.input, name: "photo", label: strings["photoLabel"], value: "")
        control.type = "file"
        control.accept = "image/jpeg,image/png,image/gif,image/webp,image/heic,image/heif,image/bmp,image/tiff"
        let hint = draft.photo == nil ? strings["photoHint"] : "\(strings["photoHint"]). \(strings["photoReplace"])"
        return control.described(hint: hint, error: error("photo"))
    }

    func description() -> ([FormControl], [FormControl], [FormControl]) {
        var date = input("date", flow == .missing ? "dateLabel" : "dateFoundLabel", type: "date")
        date.max = ReportDate.latestToday().text
        if date.value.isEmpty, errors.isEmpty { date.value = ReportDate(Date(), in: .current).text }
        var leading = [date]
        if flow == .found { leading.append(chip("collar", strings["collarLabel"])) }
        if flow == .missing { leading.append(input("petName", "petNameLabel", placeholderKey: "petNamePlaceholder")) }
        let speciesChoices = [("", strings["speciesPlaceholder"])] + AnimalSpecies.allCases.map { ($0.rawValue, strings["species" + $0.rawValue.capitalized]) }
        leading.append(FormControl(.select, name: "species", label: strings["speciesLabel"], value: value("species"))
            .choosing(speciesChoices).described(error: error("species")))
        leading.append(input("race", "raceLabel", placeholderKey: "racePlaceholder"))
        leading.append(FormControl(.radios, name: "gender", label: strings["genderLabel"], value: value("gender"))
            .choosing([("MALE", strings["sexMale"]), ("FEMALE", strings["sexFemale"]), ("UNKNOWN", strings["sexUnknown"])])
            .described(error: error("gender")))
        if flow == .missing {
            var age = input("age", "ageLabel", placeholderKey: "agePlaceholder")
            age.inputmode = "numeric"
            leading.append(age)
        }
        var latitude = input("latitude", "latitude", placeholderKey: "latitudePlaceholder")
        var longitude = input("longitude", "longitude", placeholderKey: "longitudePlaceholder")
        latitude.inputmode = "decimal"
        longitude.inputmode = "decimal"
        var text = FormControl(.textarea, name: "description", label: strings["descriptionLabel"], value: value("description"))
        text.placeholder = strings["descriptionPlaceholder"]
        text.maxlength = StepValidation.descriptionLimit
        return (leading, [latitude, longitude], [text])
    }

    func contact() -> [FormControl] {
        var phone = input("phone", "phoneLabel", placeholderKey: "phonePlaceholder", type: "tel")
        phone.autocomplete = "tel"
        var email = input("email", "emailLabel", placeholderKey: "emailPlaceholder", type: "email")
        email.autocomplete = "email"
        guard flow == .found else {
            var reward = input("reward", "rewardLabel", placeholderKey: "rewardPlaceholder")
            reward.maxlength = StepValidation.rewardLimit
            return [phone, email, reward]
        }
        let caregiver = input("caregiverPhone", "caregiverLabel", placeholderKey: "caregiverPlaceholder", type: "tel")
        var address = FormControl(.textarea, name: "address", label: strings["addressLabel"], value: value("address"))
        address.placeholder = strings["addressPlaceholder"]
        address.maxlength = StepValidation.addressLimit
        return [phone, email, caregiver, address]
    }
}
