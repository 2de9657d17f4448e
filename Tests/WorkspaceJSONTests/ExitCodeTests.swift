import Testing
import Workspace
import WorkspaceJSON

/// The exit codes are defined once and each error type names its own.
@Suite struct ExitCodeTests {
  @Test(
    arguments: [
      (ExitCode.success, 0), (.refused, 1), (.usage, 64), (.badData, 65), (.noInput, 66),
      (.cannotCreate, 73), (.lockTimeout, 75),
    ] as [(ExitCode, Int32)])
  func codesAreTheSysexitsValues(code: ExitCode, value: Int32) {
    #expect(code.rawValue == value)
  }

  @Test func syntaxErrorsAreUsageErrorsAndRefusalsAreRefusals() {
    #expect(CommandSyntaxError.unknownCommand("pish", index: 0, suggestion: nil).exitCode == .usage)
    #expect(CommandSyntaxError.unterminatedQuote("'", column: 1).exitCode == .usage)
    #expect(WorkspaceError.lastPane.exitCode == .refused)
    #expect(WorkspaceError.noTabs.exitCode == .refused)
    // A value out of range is malformed whatever the state.
    #expect(WorkspaceError.invalidCount(0).exitCode == .usage)
    #expect(WorkspaceError.invalidFraction(2).exitCode == .usage)
    #expect(
      WorkspaceError.invalidSize(Size(width: 0, height: 1), expected: 1...10).exitCode == .usage)
  }

  @Test(
    arguments: [
      (WorkspaceFileError.notJSON(path: "w", line: 1, column: 1, offset: 0, reason: "x"), .badData),
      (.invalid(path: "w", location: "$", reason: "x"), .badData),
      (.newerVersion(path: "w", found: 9, supported: 2), .badData),
      (.limitExceeded(path: "w", location: "$", what: "x", limit: 1), .badData),
      (.fileTooLarge("w", size: 2, limit: 1), .badData),
      (.saveExceedsLimit(path: "w", location: "$", what: "x", size: 2, limit: 1), .refused),
      (.cannotRead("w", reason: "x"), .noInput),
      (.noBackup("w.bak"), .noInput),
      (.cannotWrite("w", reason: "x"), .cannotCreate),
      (.lockTimeout("w.lock", seconds: 1), .lockTimeout),
    ] as [(WorkspaceFileError, ExitCode)])
  func fileErrorsNameTheirCode(error: WorkspaceFileError, code: ExitCode) {
    #expect(error.exitCode == code)
  }

  @Test func anUpdateSaysWhetherTheFileOrTheChangeFailed() throws {
    let store = WorkspaceStore(path: "/tmp/workspace-json-tests-missing/nothing/w.json")
    let error = try #require(throws: WorkspaceStore.UpdateError<WorkspaceError>.self) {
      try store.update(default: .example) { (state) throws(WorkspaceError) in
        try state.apply(.zoom)
      }
    }
    guard case .file(.cannotWrite) = error else {
      Issue.record("expected a file error, got \(error)")
      return
    }
    #expect(error.description.hasPrefix("cannot write"))
  }
}
