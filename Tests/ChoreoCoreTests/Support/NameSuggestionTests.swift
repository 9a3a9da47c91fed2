import Testing
@testable import ChoreoCore

@Suite("Name suggestions: the name a typo most likely meant")
struct NameSuggestionTests {
    @Test("Edit distances count insertions, deletions, substitutions and swaps of neighbours as one each")
    func distances() {
        func distance(_ a: String, _ b: String) -> Int {
            NameSuggestion.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars))
        }
        #expect(distance("", "") == 0)
        #expect(distance("", "abc") == 3)
        #expect(distance("abc", "") == 3)
        #expect(distance("opacity", "opacity") == 0)
        #expect(distance("opacty", "opacity") == 1)       // a deletion
        #expect(distance("opaccity", "opacity") == 1)     // an insertion
        #expect(distance("opacitu", "opacity") == 1)      // a substitution
        #expect(distance("opactiy", "opacity") == 1)      // a swap of neighbours
        #expect(distance("kitten", "sitting") == 3)       // the textbook example
        #expect(distance("ca", "abc") == 3)               // optimal string alignment: no edit of a swapped pair
    }

    @Test("The nearest name within a third of the letters is suggested, ignoring case; ties go to the first listed")
    func suggestions() {
        let names = ["startAnimation", "stopAnimation", "pauseAnimation", "seek", "duration", "delay"]
        #expect(NameSuggestion.closest(to: "startAnimaton", in: names) == "startAnimation")
        #expect(NameSuggestion.closest(to: "StartAnimation", in: names) == "startAnimation")
        #expect(NameSuggestion.closest(to: "duraton", in: names) == "duration")
        #expect(NameSuggestion.closest(to: "deley", in: names) == "delay")
        #expect(NameSuggestion.closest(to: "seeek", in: names) == "seek")
        #expect(NameSuggestion.closest(to: "play", in: names) == nil)       // not a typo of any
        #expect(NameSuggestion.closest(to: "spotAnimation", in: names) == "stopAnimation")
        #expect(NameSuggestion.closest(to: "x", in: ["y", "z"]) == "y")       // one letter allows one edit
        #expect(NameSuggestion.closest(to: "abcd", in: ["abce", "abcf"]) == "abce")
        #expect(NameSuggestion.closest(to: "seek", in: names) == nil)       // the name itself is no suggestion
        #expect(NameSuggestion.closest(to: "anything", in: []) == nil)
    }
}
