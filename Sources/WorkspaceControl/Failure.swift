import Workspace
import WorkspaceJSON

/// Why `wsctl` stopped: one line for stderr and the exit code, decided in one place.
struct Failure: Error {
  /// The message, without the `wsctl: ` prefix.
  let message: String
  /// The process's exit code.
  let exitCode: Int32
  /// What to print on standard output before the message (the diagnostics of a failed
  /// `validate`, for example); usually empty, since a failed call prints nothing else.
  var output = ""

  /// Success.
  static let ok: Int32 = 0
  /// Refused by the workspace's state; nothing changed.
  static let refused: Int32 = 1
  /// Malformed command line (sysexits `EX_USAGE`).
  static let usage: Int32 = 64
  /// Bad data in the file (`EX_DATAERR`).
  static let badData: Int32 = 65
  /// A required file is missing (`EX_NOINPUT`).
  static let noInput: Int32 = 66
  /// The file cannot be written (`EX_CANTCREAT`).
  static let cannotCreate: Int32 = 73
  /// Another writer held the lock too long (`EX_TEMPFAIL`).
  static let lockTimeout: Int32 = 75

  /// A usage error naming the offending word.
  static func usage(_ message: String) -> Failure {
    Failure(message: message, exitCode: usage)
  }

  /// The failure for a workspace error: usage (64) for malformed words, refused (1) otherwise.
  init(_ error: WorkspaceError) {
    message = error.description
    exitCode = error.isUsageError ? Failure.usage : Failure.refused
  }

  /// The failure for a workspace error raised by the command that starts at a word: the
  /// message names the word's position as grammar errors do (`push a rejected: duplicate
  /// top at word 3`).
  ///
  /// - Parameters:
  ///   - error: The error.
  ///   - index: The 0-based index of the command's first word, if known.
  init(_ error: WorkspaceError, atWord index: Int?) {
    let position = index.map { " " + WorkspaceError.position(ofWord: $0) } ?? ""
    self.init(
      message: error.description + position,
      exitCode: error.isUsageError ? Failure.usage : Failure.refused)
  }

  /// The failure for a file error, with a hint to the backup where one helps.
  init(_ error: WorkspaceFileError, backupAvailable: Bool = false) {
    var message = error.description
    switch error {
    case .notJSON, .invalid, .limitExceeded, .fileTooLarge:
      exitCode = Failure.badData
      if backupAvailable {
        message += " (a backup is available: 'wsctl restore-backup')"
      }
    case .newerVersion:
      exitCode = Failure.badData
    case .saveExceedsLimit:
      exitCode = Failure.refused
    case .cannotRead:
      exitCode = Failure.noInput
    case .noBackup:
      exitCode = Failure.noInput
    case .cannotWrite:
      exitCode = Failure.cannotCreate
    case .lockTimeout:
      exitCode = Failure.lockTimeout
    }
    self.message = message
  }

  init(message: String, exitCode: Int32) {
    self.message = message
    self.exitCode = exitCode
  }
}
