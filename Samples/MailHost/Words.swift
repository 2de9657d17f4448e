/// Splits a typed line into words the way a POSIX shell does for simple input: whitespace
/// separates words, `'…'` quotes literally, `"…"` quotes with `\` escapes, and `\` outside
/// quotes escapes the next character.
enum Words {
  /// An unterminated quote.
  struct UnterminatedQuote: Error, CustomStringConvertible {
    /// The quote character.
    let quote: Character
    var description: String { "unterminated \(quote) quote" }
  }

  /// The words of `line`.
  ///
  ///     try Words.split("search 'swift testing' show")  // ["search", "swift testing", "show"]
  ///
  /// - Throws: ``UnterminatedQuote``.
  static func split(_ line: String) throws(UnterminatedQuote) -> [String] {
    var words: [String] = []
    var current = ""
    var isInWord = false
    var quote: Character?
    var isEscaped = false
    for character in line {
      if isEscaped {
        current.append(character)
        isEscaped = false
      } else if let open = quote {
        if character == open {
          quote = nil
        } else if character == "\\", open == "\"" {
          isEscaped = true
        } else {
          current.append(character)
        }
      } else if character.isWhitespace {
        if isInWord { words.append(current) }
        current = ""
        isInWord = false
      } else {
        isInWord = true
        switch character {
        case "'", "\"": quote = character
        case "\\": isEscaped = true
        default: current.append(character)
        }
      }
    }
    if let quote { throw UnterminatedQuote(quote: quote) }
    if isInWord { words.append(current) }
    return words
  }
}
