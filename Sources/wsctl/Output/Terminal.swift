#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal `wsctl` writes to: its size, whether it takes colour, and buffered output.
enum Terminal {
  /// The size to draw at: `COLUMNS`×`LINES` if set, else the terminal's size, else 80×24.
  static func size() -> (width: Int, height: Int) {
    var window = winsize()
    let measured = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0 && window.ws_col > 0
    let width = environment("COLUMNS").flatMap(Int.init) ?? (measured ? Int(window.ws_col) : 80)
    let height = environment("LINES").flatMap(Int.init) ?? (measured ? Int(window.ws_row) : 24)
    return (max(1, width), max(1, height))
  }

  /// Whether to colour output: standard output is a terminal and `NO_COLOR` is not set.
  static var usesColor: Bool {
    isatty(STDOUT_FILENO) == 1 && (environment("NO_COLOR") ?? "").isEmpty
      && environment("TERM") != "dumb"
  }

  /// An environment variable, or `nil`.
  static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// Writes a line to standard error; control characters in it (a newline inside a quoted
  /// word, say) are escaped, so that a message is always exactly one line, and a line
  /// longer than ``longestErrorLine`` (a huge quoted word) is cut in the middle.
  static func error(_ line: String) {
    var text = oneLine(line)
    if text.count > longestErrorLine {
      text = text.prefix(longestErrorLine * 3 / 4 - 3) + " … " + text.suffix(longestErrorLine / 4)
    }
    text += "\n"
    text.withUTF8 { buffer in
      _ = write(STDERR_FILENO, buffer.baseAddress, buffer.count)
    }
  }

  /// The longest line `error(_:)` writes, in characters.
  static let longestErrorLine = 1000

  /// The text with each control character written as an escape: `\n`, `\t`, `\r` or
  /// `\u{1B}`.
  static func oneLine(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Writes text to standard output as it is.
  static func output(_ text: String) {
    var text = text
    text.withUTF8 { buffer in
      var written = 0
      while written < buffer.count {
        let count = write(STDOUT_FILENO, buffer.baseAddress! + written, buffer.count - written)
        if count <= 0 { break }
        written += count
      }
    }
  }
}
