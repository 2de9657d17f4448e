import Workspace
import WorkspaceJSON

/// Why `wsctl` stopped: one line for stderr and the exit code, decided in one place.
///
/// Each error type of the libraries says its own ``ExitCode``: a ``CommandSyntaxError`` is a
/// usage error, a ``WorkspaceError`` a refusal, a ``WorkspaceFileError`` what it says.
struct Failure: Error {
  /// The message, without the `wsctl: ` prefix.
  let message: String
  /// The process's exit code.
  let exitCode: ExitCode
  /// What to print on standard output before the message (the diagnostics of a failed
  /// `validate`, for example); usually empty, since a failed call prints nothing else.
  var output = ""

  /// A usage error naming the offending word.
  static func usage(_ message: String) -> Failure {
    Failure(message: message, exitCode: .usage)
  }

  /// The failure for words that do not parse.
  init(_ error: CommandSyntaxError) {
    self.init(message: error.description, exitCode: error.exitCode)
  }

  /// The failure for a refusal by the workspace's state, raised by the command that starts at
  /// a word: the message names the word's position as grammar errors do (`push a rejected:
  /// duplicate top at word 3`).
  ///
  /// - Parameters:
  ///   - error: The refusal.
  ///   - index: The 0-based index of the command's first word, if known.
  init(_ error: WorkspaceError, atWord index: Int? = nil) {
    let position = index.map { " " + CommandSyntaxError.position(ofWord: $0) } ?? ""
    self.init(message: error.description + position, exitCode: error.exitCode)
  }

  /// The failure for a file error, with a hint to the backup where one helps.
  init(_ error: WorkspaceFileError, backupAvailable: Bool = false) {
    var message = error.description
    switch error {
    case .notJSON, .invalid, .limitExceeded, .fileTooLarge:
      if backupAvailable {
        message += " (a backup is available: 'wsctl restore-backup')"
      }
    default:
      break
    }
    self.init(message: message, exitCode: error.exitCode)
  }

  init(message: String, exitCode: ExitCode) {
    self.message = message
    self.exitCode = exitCode
  }
}
