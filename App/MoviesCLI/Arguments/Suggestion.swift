/// Finds the name a user probably meant when they mistyped one.
enum Suggestion {
  /// Returns the candidate closest to `typed` when it is only a typo away, or `nil`.
  ///
  /// A candidate qualifies when its edit distance is at most one per three characters typed,
  /// between one and two. Ties go to the earliest candidate.
  static func closest(to typed: String, in candidates: [String]) -> String? {
    let limit = min(2, max(1, typed.count / 3))
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(typed, candidate)
      if distance <= limit, distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    return best?.name
  }

  /// Returns the edit distance between two strings: the fewest insertions, deletions,
  /// substitutions and swaps of adjacent characters that turn one into the other.
  ///
  /// This is the "optimal string alignment" variant of the Damerau–Levenshtein distance, so
  /// the common typo `imgae` is one edit away from `image`.
  static func editDistance(_ source: String, _ target: String) -> Int {
    let source = Array(source)
    let target = Array(target)
    var beforePrevious: [Int] = []
    var previous = Array(0...target.count)
    for row in source.indices {
      var current = [row + 1]
      for column in target.indices {
        let cost = source[row] == target[column] ? 0 : 1
        var distance = min(previous[column] + cost, previous[column + 1] + 1, current[column] + 1)
        if row > 0, column > 0, source[row] == target[column - 1],
          source[row - 1] == target[column]
        {
          distance = min(distance, beforePrevious[column - 1] + 1)
        }
        current.append(distance)
      }
      beforePrevious = previous
      previous = current
    }
    return previous[target.count]
  }
}
