/// Text of a template that does not read as literal text and placeholders.
public struct TemplateTextError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public enum Problem: Hashable, Sendable {
    /// A `{` with no `}` after it.
    case unclosedBrace
    /// `{}`.
    case emptyPlaceholder
    /// A placeholder whose name is not a valid name, such as `{a b}`.
    case invalidName(String)
    /// A `}` that closes nothing (write `}}` for a literal one).
    case unmatchedBrace
  }

  /// The whole text.
  public let text: String
  /// The 0-based offset, in Unicode scalars, of the offending brace.
  public let offset: Int
  /// What is wrong.
  public let problem: Problem

  /// `unclosed '{' at offset 3 in 'a {b' (write '{{' for a literal brace)`.
  public var description: String {
    let what =
      switch problem {
      case .unclosedBrace: "unclosed '{'"
      case .emptyPlaceholder: "empty placeholder '{}'"
      case .invalidName(let name): "invalid placeholder name '\(name)'"
      case .unmatchedBrace: "unmatched '}'"
      }
    return "\(what) at offset \(offset) in '\(text)' (write '{{' or '}}' for a literal brace)"
  }
}
