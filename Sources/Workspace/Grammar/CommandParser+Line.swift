/// Lines of text: the shell-style quoting that ``WorkspaceCommand/description`` writes, and
/// its inverse, which command palettes, prompts and hosts use to split a typed line.
extension CommandParser {
  /// Parses a typed line into commands, splitting it into words as a POSIX shell would.
  ///
  ///     try CommandParser.parse(line: "focus 2 rename 'my notes'")
  ///     // [.focus(.pane(.number(2))), .rename("my notes")]
  ///
  /// For any command `c` of the grammar, `parse(line: c.description)` is `[c]`.
  ///
  /// - Parameter line: The text, such as a palette's input.
  /// - Returns: The commands in order; empty for a blank line.
  /// - Throws: ``CommandSyntaxError/unterminatedQuote(_:column:)`` for a quote that is never
  ///   closed, else the errors of ``parse(_:)``, whose word numbers count the line's words.
  /// - Complexity: O(*n*), where *n* is the length of the line.
  public static func parse(line: String) throws(CommandSyntaxError) -> [WorkspaceCommand] {
    try parse(words(in: line))
  }

  /// Splits a line into words: whitespace separates words, `'…'` quotes literally, `"…"`
  /// quotes with `\` escaping `"` and `\`, and `\` outside quotes takes the next character
  /// literally (a `\` at the very end stays a `\`).
  ///
  ///     try CommandParser.words(in: #"rename 'it'\''s mine' show"#)
  ///     // ["rename", "it's mine", "show"]
  ///
  /// - Parameter line: The text.
  /// - Returns: The words; `''` gives an empty word.
  /// - Throws: ``CommandSyntaxError/unterminatedQuote(_:column:)``, naming the 1-based column
  ///   (in Unicode scalars) of the quote that is never closed.
  /// - Complexity: O(*n*), where *n* is the length of the line.
  public static func words(in line: String) throws(CommandSyntaxError) -> [String] {
    // Scalars, not characters: a quote followed by a combining mark is still a quote.
    var words: [String] = []
    var current = String.UnicodeScalarView()
    var isInWord = false
    var quote: (scalar: Unicode.Scalar, column: Int)?
    var isEscaped = false
    for (offset, scalar) in line.unicodeScalars.enumerated() {
      if isEscaped {
        current.append(scalar)
        isEscaped = false
      } else if let open = quote {
        if scalar == open.scalar {
          quote = nil
        } else if scalar == "\\", open.scalar == "\"" {
          isEscaped = true
        } else {
          current.append(scalar)
        }
      } else if scalar.properties.isWhitespace {
        if isInWord { words.append(String(current)) }
        current = String.UnicodeScalarView()
        isInWord = false
      } else {
        isInWord = true
        switch scalar {
        case "'", "\"": quote = (scalar, offset + 1)
        case "\\": isEscaped = true
        default: current.append(scalar)
        }
      }
    }
    if let quote { throw .unterminatedQuote(String(quote.scalar), column: quote.column) }
    if isEscaped { current.append("\\") }
    if isInWord { words.append(String(current)) }
    return words
  }

  /// A word as a shell reads it back: as it is when it has no whitespace, quote or
  /// backslash, else in single quotes with a `'` inside written `'\''`.
  ///
  ///     CommandParser.quoted("my notes")  // "'my notes'"
  ///     CommandParser.quoted("it's")      // #"'it'\''s'"#
  ///
  /// - Parameter word: The word.
  /// - Returns: Text that ``words(in:)`` reads as exactly `word`.
  public static func quoted(_ word: String) -> String {
    let needsQuotes =
      word.isEmpty
      || word.unicodeScalars.contains {
        $0.properties.isWhitespace || $0 == "'" || $0 == "\"" || $0 == "\\"
      }
    guard needsQuotes else { return word }
    var text = String.UnicodeScalarView()
    text.append("'")
    for scalar in word.unicodeScalars {
      if scalar == "'" {
        text.append(contentsOf: #"'\''"#.unicodeScalars)
      } else {
        text.append(scalar)
      }
    }
    text.append("'")
    return String(text)
  }
}
