/// The exit codes of the workspace's command-line programs, defined once: `wsctl` and the
/// sample hosts exit with these, and each error type says which one it means.
///
/// The codes follow sysexits(3) where one fits.
///
///     exit(CommandSyntaxError.unknownCommand("pish", index: 0, suggestion: "push").exitCode.rawValue)
public enum ExitCode: Int32, Hashable, Sendable, CaseIterable {
  /// The call succeeded.
  case success = 0
  /// The workspace's state refused a command (no such pane, a router guard, the last pane);
  /// nothing changed.
  case refused = 1
  /// A malformed command line: an unknown command, a missing or malformed argument or token
  /// (`EX_USAGE`).
  case usage = 64
  /// Bad data in the file (`EX_DATAERR`).
  case badData = 65
  /// A required file is missing (`EX_NOINPUT`).
  case noInput = 66
  /// The file cannot be written (`EX_CANTCREAT`).
  case cannotCreate = 73
  /// Another writer held the lock too long (`EX_TEMPFAIL`).
  case lockTimeout = 75
}
