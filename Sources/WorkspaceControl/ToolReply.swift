import Workspace

/// What one call prints and its exit code: what file mode prints, and what a live host sends
/// back for `wsctl` to print.
package struct ToolReply: Hashable, Sendable {
  /// Standard output.
  package var output: String
  /// Standard error: warnings, then the message of a failed call; each line ends in a newline.
  package var errors: String
  /// The process's exit code.
  package var exitCode: ExitCode

  package init(output: String, errors: String, exitCode: ExitCode) {
    self.output = output
    self.errors = errors
    self.exitCode = exitCode
  }

  /// The reply of a call the workspace refused.
  package init(_ error: WorkspaceError) {
    self.init(Failure(error))
  }

  /// The reply of a call that failed: the failure's output and its message.
  init(_ failure: Failure, warnings: String = "") {
    self.init(
      output: failure.output, errors: warnings + Terminal.errorLine("wsctl: \(failure.message)"),
      exitCode: failure.exitCode)
  }

  /// Prints the reply: warnings before the output of a call that succeeded, the message after
  /// the output of one that failed.
  func print() {
    if exitCode == .success {
      Terminal.write(errors, to: 2)
      Terminal.output(output)
    } else {
      Terminal.output(output)
      Terminal.write(errors, to: 2)
    }
  }
}
