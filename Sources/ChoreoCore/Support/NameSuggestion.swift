/// The name a mistyped one most likely meant, for "did you mean …?" in error messages.
///
///     NameSuggestion.closest(to: "startAnimaton", in: ["startAnimation", "stopAnimation"])  // "startAnimation"
///     NameSuggestion.closest(to: "opactiy", in: ["opacity", "position"])                      // "opacity"
///     NameSuggestion.closest(to: "play", in: ["startAnimation", "seek"])                      // nil
///
/// The nearest candidate by edit distance — insertions, deletions, substitutions and swaps of
/// two neighbouring letters (optimal string alignment), ignoring case — when it is near enough to
/// be a typo: at most a third of the longer name's letters apart (at least 1, at most 3). Ties go
/// to the candidate listed first, so the suggestion depends only on the names.
public enum NameSuggestion {
    public static func closest(to name: String, in candidates: [String]) -> String? {
        let typed = Array(name.lowercased().unicodeScalars)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let other = Array(candidate.lowercased().unicodeScalars)
            let allowed = min(3, max(1, max(typed.count, other.count) / 3))
            guard abs(typed.count - other.count) <= allowed else { continue }
            let distance = editDistance(typed, other)
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Optimal string alignment distance between `a` and `b`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        // Three rows of the dynamic programme: the one before the previous (for swaps), the
        // previous and the current.
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
