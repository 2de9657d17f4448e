import Workspace

/// wsterm's command-line options.
struct Options {
  /// The workspace file.
  var file: String
  /// Print one frame of this size as plain text and exit, instead of running full screen.
  var frameSize: Size?

  static let usage = """
    usage: wsterm [-f FILE] [--frame WxH]

    A full-screen terminal view of a workspace file, driven with tmux's keys (C-b then a key).
      -f, --file FILE   the workspace file (default: $WSCTL_FILE, else workspace.json)
      --frame WxH       print one frame as plain text and exit
      -h, --help        show this help
    """

  /// Why the arguments are not valid.
  struct UsageError: Error, CustomStringConvertible {
    let description: String
  }

  /// Reads the options.
  ///
  /// - Parameters:
  ///   - arguments: The arguments without the program name.
  ///   - environment: Looks up an environment variable.
  /// - Returns: The options, or `nil` if help was asked for.
  /// - Throws: ``UsageError`` naming the offending word.
  static func parse(
    _ arguments: [String], environment: (String) -> String?
  ) throws(UsageError) -> Options? {
    var options = Options(
      file: environment("WSCTL_FILE").flatMap { $0.isEmpty ? nil : $0 } ?? "workspace.json")
    var index = 0
    func value(for option: String) throws(UsageError) -> String {
      index += 1
      guard index < arguments.count else {
        throw UsageError(description: "'\(option)' needs a value")
      }
      return arguments[index]
    }
    while index < arguments.count {
      let word = arguments[index]
      switch word {
      case "-h", "--help": return nil
      case "-f", "--file": options.file = try value(for: word)
      case "--frame":
        let text = try value(for: word)
        guard let size = Size(parsing: text), size.isDrawable else {
          throw UsageError(
            description: "invalid size '\(text)' for '--frame': expected WxH such as 80x24, "
              + "each from 1 to \(Size.drawableLengths.upperBound)")
        }
        options.frameSize = size
      default: throw UsageError(description: "unknown argument '\(word)'")
      }
      index += 1
    }
    return options
  }
}
