import PaneRouter

/// Command text that does not parse: a word the grammar does not know, a missing or malformed
/// argument, a malformed route token, an unterminated quote, a malformed deep link.
///
/// It says nothing about any workspace: the words are wrong wherever they run (exit code
/// ``ExitCode/usage``). A command the words spell correctly but the state refuses throws a
/// ``WorkspaceError`` instead.
public enum CommandSyntaxError: Error, Hashable, Sendable {
  /// A word that is not a command; `suggestion` is the closest command word, if any.
  case unknownCommand(String, index: Int, suggestion: String?)
  /// A command ended before a required argument (`index` is where it was expected).
  case missingArgument(command: String, expected: String, index: Int)
  /// A word that is not a valid argument here.
  case invalidArgument(String, index: Int, expected: String)
  /// A word that should be a route token but is malformed.
  case malformedRoute(String, index: Int, reason: PaneRouterError)
  /// A typed line whose quote (`'` or `"`) opened at a 1-based column is never closed.
  case unterminatedQuote(String, column: Int)
  /// A deep link that is not of the form `scheme://workspace/word/word...`.
  case invalidURL(String, reason: String)

  /// The exit code a program reports for malformed words: ``ExitCode/usage``.
  public var exitCode: ExitCode { .usage }

  /// Where a word stands in its list, as every message that names a word says it:
  /// `at word 3` for the 0-based index 2.
  ///
  /// - Parameter index: The word's 0-based index.
  /// - Returns: The phrase, counting words from 1.
  public static func position(ofWord index: Int) -> String {
    "at word \(index + 1)"
  }
}

extension CommandSyntaxError: CustomStringConvertible {
  /// A short, lower-case message quoting the offending word and naming its position.
  public var description: String {
    switch self {
    case .unknownCommand(let word, let index, let suggestion):
      "unknown command '\(word)' \(Self.position(ofWord: index))"
        + (suggestion.map { " — did you mean '\($0)'?" } ?? "")
    case .missingArgument(let command, let expected, let index):
      "'\(command)' needs \(expected) \(Self.position(ofWord: index))"
    case .invalidArgument(let word, let index, let expected):
      "invalid argument '\(word)' \(Self.position(ofWord: index)): expected \(expected)"
    case .malformedRoute(_, let index, let reason):
      "\(reason) \(Self.position(ofWord: index))"
    case .unterminatedQuote(let quote, let column):
      "unterminated \(quote) quote at column \(column)"
    case .invalidURL(let url, let reason): "invalid link '\(url)': \(reason)"
    }
  }
}
