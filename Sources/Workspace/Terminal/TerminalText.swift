/// Text from a file or an argument made safe to show on a terminal.
///
/// A title, route token or message can hold anything a workspace file or a command line
/// carries: escape sequences that clear the screen or move the cursor, a newline that breaks
/// a one-line-per-item listing, NUL, BEL, or a bidirectional override that makes the rest of
/// the line read backwards. Every human-readable output shows such text through
/// ``escaped(_:)``, so what reaches the terminal is the text's characters and nothing that
/// drives the terminal.
///
///     TerminalText.escaped("\u{1B}[2Jnotes\n")  // the 16 characters \u{1B}[2Jnotes\n
public enum TerminalText {
  /// The text with every character that would drive a terminal written as an escape: `\n`,
  /// `\t` and `\r` as themselves, every other C0 control, DEL, C1 control, bidirectional
  /// control and line or paragraph separator as `\u{…}` with its hexadecimal code point.
  ///
  /// The result is one line: it holds no control character and no bidirectional control.
  ///
  /// - Parameter text: Text from a file or an argument.
  /// - Returns: The text, escaped.
  /// - Complexity: O(*n*), where *n* is the number of Unicode scalars in `text`.
  public static func escaped(_ text: some StringProtocol) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return String(text) }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      case _ where needsEscape(scalar):
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether a scalar must not reach a terminal raw: a C0 control, DEL, a C1 control, a
  /// bidirectional control (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) or a line
  /// or paragraph separator (U+2028, U+2029).
  ///
  /// - Complexity: O(1).
  public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00..<0x20, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    case 0x2028, 0x2029: true
    default: false
    }
  }
}

extension StringProtocol {
  /// The text as ``TerminalText/escaped(_:)`` shows it on a terminal.
  ///
  /// - Complexity: O(*n*), where *n* is the number of Unicode scalars.
  public var escapedForTerminal: String { TerminalText.escaped(self) }
}
