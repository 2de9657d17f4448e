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

  /// Writes a line to standard error.
  static func error(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { buffer in
      _ = write(STDERR_FILENO, buffer.baseAddress, buffer.count)
    }
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
