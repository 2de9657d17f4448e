/// The text of a template's title or route argument: literal text with `{name}` placeholders,
/// and `{{` and `}}` for a literal brace.
///
///     try TemplateText.placeholders(in: "{project}: {{draft}}")   // ["project"]
///     TemplateText.filled("{project}: {{draft}}", with: ["project": "mail"])
///     // "mail: {draft}"
///
/// A placeholder's name follows the rule of template names (``WorkspaceTemplate/isValidName(_:)``):
/// letters, digits, `_`, `-` and `.`, in any script, not starting with `-` or `.`.
enum TemplateText {
  /// One piece of a parsed text.
  enum Piece: Equatable {
    case literal(String)
    case placeholder(String)
  }

  /// The pieces of a text, in order; adjacent literal text is one piece.
  ///
  /// - Parameter text: The text.
  /// - Returns: The pieces.
  /// - Throws: A ``TemplateTextError`` for an unclosed `{`, an empty placeholder `{}`, a
  ///   placeholder whose name is not valid, or a lone `}`, at its offset in Unicode scalars.
  /// - Complexity: O(*n*), where *n* is the length of `text`.
  static func pieces(of text: String) throws(TemplateTextError) -> [Piece] {
    guard text.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") })
    else { return text.isEmpty ? [] : [.literal(text)] }
    let scalars = Array(text.unicodeScalars)
    var pieces: [Piece] = []
    var literal = String.UnicodeScalarView()
    func flush() {
      if !literal.isEmpty { pieces.append(.literal(String(literal))) }
      literal = String.UnicodeScalarView()
    }
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      let next = index + 1 < scalars.count ? scalars[index + 1] : nil
      switch scalar {
      case "{" where next == "{", "}" where next == "}":
        literal.append(scalar)
        index += 2
      case "{":
        guard let close = scalars[(index + 1)...].firstIndex(of: "}") else {
          throw TemplateTextError(text: text, offset: index, problem: .unclosedBrace)
        }
        let name = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
        guard !name.isEmpty else {
          throw TemplateTextError(text: text, offset: index, problem: .emptyPlaceholder)
        }
        guard WorkspaceTemplate.isValidName(name) else {
          throw TemplateTextError(text: text, offset: index, problem: .invalidName(name))
        }
        flush()
        pieces.append(.placeholder(name))
        index = close + 1
      case "}":
        throw TemplateTextError(text: text, offset: index, problem: .unmatchedBrace)
      default:
        literal.append(scalar)
        index += 1
      }
    }
    flush()
    return pieces
  }

  /// The names of a text's placeholders, in order of first appearance, each once.
  ///
  /// - Throws: A ``TemplateTextError`` for malformed text, as ``pieces(of:)``.
  static func placeholders(in text: String) throws(TemplateTextError) -> [String] {
    var names: [String] = []
    for case .placeholder(let name) in try pieces(of: text) where !names.contains(name) {
      names.append(name)
    }
    return names
  }

  /// The text with each placeholder replaced by its value and `{{`, `}}` by one brace.
  ///
  /// The text must be well-formed (a template's texts are checked when it is made), and every
  /// placeholder must have a value.
  static func filled(_ text: String, with values: [String: String]) -> String {
    guard let pieces = try? pieces(of: text) else { preconditionFailure("malformed '\(text)'") }
    var result = ""
    for piece in pieces {
      switch piece {
      case .literal(let literal): result += literal
      case .placeholder(let name):
        guard let value = values[name] else { preconditionFailure("no value for '\(name)'") }
        result += value
      }
    }
    return result
  }

  /// Text that ``filled(_:with:)`` turns back into `literal`: each brace doubled.
  static func escaped(_ literal: String) -> String {
    guard literal.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") })
    else { return literal }
    var text = ""
    for character in literal {
      if character == "{" || character == "}" { text.append(character) }
      text.append(character)
    }
    return text
  }
}
