import Foundation

/// The words that turn a scam phrase around: negations, what they do not reach across, conditionals
/// that make them threats, and refusals of money.
extension ScamSigns {
    /// How many words before a phrase a negation may stand.
    static let negationWindow = 5
    static let negations: Set<String> = [
        "not", "dont", "doesnt", "didnt", "never", "without", "nothing", "neither", "nor", "refuse", "decline", "wont", "cant",
        "couldnt", "wouldnt", "cannot", "isnt", "arent", "neednt", "shouldnt",
        "nie", "bez", "nigdy", "nic", "zadnych", "zadnej", "zadne", "zaden", "zadnego",
    ]
    // A negation does not reach across these ("no police, just send the money").
    static let breakers: Set<String> = [
        ",", ".", "but", "just", "only", "though", "however", "unless", "until", "till", "so", "then", "and",
        "ale", "tylko", "lecz", "jednak", "wiec", "potem", "oraz", "zanim",
    ]
    // "if you don't pay", "dopóki nie zapłacisz": a negation after these is a threat.
    static let conditionals: Set<String> = ["if", "unless", "jesli", "jezeli", "jak", "dopoki", "poki", "az", "chyba", "gdy"]
    static let fillersAfterNo: Set<String> = [
        "to", "dobra", "dobrze", "wiec", "i", "a", "ale", "ok", "okej", "bo", "jak", "tak", "dalej", "przeciez", "chyba",
        "wlasnie", "coz", "prosze", "juz",
    ]
    static let refusal = ScamText.regex(
        #"(?<![a-z])(?:(?:dont|do not|didnt) (?:really )?(?:want|need) \#(any("it that them any_of_it the_money your_money"))"#
            + #"|keep it|no thanks|(?:not|isnt|arent) (?:needed|necessary|required)"#
            + #"|nie (?:chce|potrzebuje) \#(any("jej go ich tego zadnej zadnych"))|zatrzymaj \#(any("ja je go sobie"))"#
            + #"|nie (?:jest|sa) (?:potrzebn|konieczn)\w*|niepotrzebn\w*)(?![a-z])"#)
}
