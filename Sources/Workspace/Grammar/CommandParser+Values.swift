import PaneRouter

extension CommandParser {
  /// Returns the command word closest to a misspelled word, for `did you mean 'push'?`.
  ///
  ///     CommandParser.suggestion(for: "pish")   // "push"
  ///     CommandParser.suggestion(for: "xyzzy")  // nil
  ///
  /// The distance is the Levenshtein edit distance between the lower-cased word and each
  /// candidate; a candidate qualifies at a distance of at most 2 that is also shorter than the
  /// word, so a one-letter word suggests nothing. Ties go to the earlier candidate.
  ///
  /// - Parameters:
  ///   - word: The word that is not a command.
  ///   - candidates: The words to choose from; by default ``commandWords``.
  /// - Returns: The closest candidate other than `word` itself, or `nil` if none is close.
  /// - Complexity: O(*n* × *m*), where *n* is the number of candidates and *m* the length of
  ///   the longest one.
  public static func suggestion(
    for word: String, among candidates: [String] = commandWords
  ) -> String? {
    let lowered = Array(word.lowercased())
    let limit = min(2, lowered.count - 1)
    var best: (word: String, distance: Int)?
    for candidate in candidates where candidate != word {
      let letters = Array(candidate)
      guard abs(letters.count - lowered.count) <= limit else { continue }
      let distance = editDistance(lowered, letters)
      if distance <= limit, distance < best?.distance ?? .max {
        best = (candidate, distance)
      }
    }
    return best?.word
  }

  private static func editDistance(_ source: [Character], _ target: [Character]) -> Int {
    var previous = Array(0...target.count)
    var current = previous
    for (row, letter) in source.enumerated() {
      current[0] = row + 1
      for (column, other) in zip(1..., target) {
        let substitution = previous[column - 1] + (letter == other ? 0 : 1)
        current[column] = min(substitution, previous[column] + 1, current[column - 1] + 1)
      }
      swap(&previous, &current)
    }
    return previous[target.count]
  }

  // MARK: Converting one word

  /// A pane number (`3`), id (`%7`), `last`, or a mark (`editor`, or `=show` for a mark
  /// named like a caller's command word).
  package static func paneReference(_ word: String) -> PaneReference? {
    if let number = positiveInteger(word) { return .number(number) }
    if word == "last" { return .last }
    if let id = NodeID(parsing: word[...]) { return .id(id) }
    return mark(word).map(PaneReference.mark)
  }

  /// A mark's name, stripped of one leading `=`, if it is a valid mark.
  static func mark(_ word: String) -> String? {
    let name = word.hasPrefix("=") ? String(word.dropFirst()) : word
    return WorkspaceState.isValidMark(name) ? name : nil
  }

  /// The text of the word at `wordIndex`: in a deep link, percent-decoded.
  func text(at wordIndex: Int) throws(CommandSyntaxError) -> String {
    guard let decodedLinkWords else { return words[wordIndex] }
    guard let text = decodedLinkWords[wordIndex] else {
      throw invalid(wordIndex, expected: "percent escapes that decode to UTF-8")
    }
    return text
  }

  /// The title at `wordIndex`, stripped of one leading `=`.
  func title(at wordIndex: Int) throws(CommandSyntaxError) -> String {
    let text = try text(at: wordIndex)
    return text.hasPrefix("=") ? String(text.dropFirst()) : text
  }

  /// The route token at `wordIndex`, stripped of one leading `=`; never percent-decoded first,
  /// since a token carries its own percent-encoding.
  func route(at wordIndex: Int) throws(CommandSyntaxError) -> RouteToken {
    let word = words[wordIndex]
    let text = word.hasPrefix("=") ? String(word.dropFirst()) : word
    do {
      return try RouteToken(parsing: text)
    } catch {
      throw .malformedRoute(word, index: wordIndex, reason: error)
    }
  }

  /// The root of a new router at `wordIndex` and the kind named before it: `KIND/ROUTE`
  /// (`notes/note:7`), or a route alone. No route name holds a `/`, so one before the route's
  /// first `:` ends a kind; in a deep link it is written `%2F`, as any `/` of a route.
  func newRoute(at wordIndex: Int) throws(CommandSyntaxError) -> (RouteToken, kind: String?) {
    let word = words[wordIndex]
    guard
      let (kind, route) = Self.kindAndRoute(word.hasPrefix("=") ? String(word.dropFirst()) : word)
    else {
      return (try self.route(at: wordIndex), nil)
    }
    guard RouteToken.isValidName(kind), !route.isEmpty else {
      throw invalid(wordIndex, expected: "KIND/ROUTE with a kind such as notes and a route")
    }
    do {
      return (try RouteToken(parsing: route), kind)
    } catch {
      throw .malformedRoute(word, index: wordIndex, reason: error)
    }
  }

  /// The kind and the route of `KIND/ROUTE`: the text before the first `/` (or `%2F`) if one
  /// stands before the first `:`; `nil` for a word without a kind.
  package static func kindAndRoute(_ word: String) -> (kind: String, route: String)? {
    let utf8 = word.utf8
    var index = utf8.startIndex
    while index != utf8.endIndex, utf8[index] != UInt8(ascii: ":") {
      if utf8[index] == UInt8(ascii: "/") {
        return (String(word[..<index]), String(word[word.utf8.index(after: index)...]))
      }
      if utf8[index] == UInt8(ascii: "%"),
        utf8[index...].prefix(3).elementsEqual("%2F".utf8)
          || utf8[index...].prefix(3).elementsEqual("%2f".utf8)
      {
        return (String(word[..<index]), String(word[utf8.index(index, offsetBy: 3)...]))
      }
      utf8.formIndex(after: &index)
    }
    return nil
  }

  /// A ratio strictly between 0 and 1: a decimal such as `0.3` or a percentage such as `30%`;
  /// `nil` for any other word.
  static func fraction(_ word: String) -> Double? {
    let isPercentage = word.hasSuffix("%")
    let digits = isPercentage ? word.dropLast() : word[...]
    guard let number = decimal(digits) else { return nil }
    let value = isPercentage ? number / 100 : number
    guard value > 0, value < 1 else { return nil }
    return value
  }

  /// Whether a word is meant as a number: it starts with a digit, `.`, `+` or `-`, which no
  /// route name does.
  static func looksNumeric(_ word: String) -> Bool {
    guard let first = word.unicodeScalars.first else { return false }
    return ("0"..."9").contains(first) || first == "." || first == "+" || first == "-"
  }

  /// A count or number of at least 1, in ASCII decimal digits.
  package static func positiveInteger(_ word: String) -> Int? {
    guard !word.isEmpty, word.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }),
      let number = Int(word), number > 0
    else { return nil }
    return number
  }

  /// A finite decimal number such as `0.3`, `.5` or `1e-3`; no sign, no hexadecimal.
  private static func decimal(_ text: Substring) -> Double? {
    guard let first = text.unicodeScalars.first, ("0"..."9").contains(first) || first == ".",
      text.unicodeScalars.allSatisfy({
        ("0"..."9").contains($0) || ".eE+-".unicodeScalars.contains($0)
      }),
      let number = Double(text), number.isFinite
    else { return nil }
    return number
  }
}
