import Workspace
import WorkspaceJSON

/// A live host's answer to one `wsctl` call, worked out on the host's state in memory exactly
/// as file mode works it out on the file's, so both print the same bytes and exit alike.
///
/// Working it out touches nothing: the host then applies ``batches`` to its workspace (each
/// one transaction, as file mode applies them), saves, and only then sends ``reply``.
package struct HostAnswer: Sendable {
  /// What `wsctl` prints and its exit code, once the batches are applied and saved.
  package var reply: ToolReply
  /// The transactions to apply, in order; empty for a call that fails or only inspects.
  package var batches: [[WorkspaceCommand]]
  /// The layout size to record before applying ``batches``, so that they measure in the area
  /// file mode lends them (`--size`, or the terminal's when the state records none).
  package var lentLayoutSize: Size?
  /// The layout size the state records afterwards: what file mode saves (the area a `show`
  /// drew, else the size recorded before).
  package var resultingLayoutSize: Size?
  /// The state a dry run would save: the host checks, off its main actor, that the file could
  /// hold it before replying (file mode's dry run fails as the save would).
  package var stateToCheck: WorkspaceState?
  /// Whether the call is not for a host (a maintenance command, say): `wsctl` then runs it on
  /// the file itself.
  package var isDeclined: Bool

  /// Works out the answer to a call's arguments on a host's state.
  ///
  /// - Parameters:
  ///   - arguments: The call's arguments after the program name, as `wsctl` received them.
  ///   - terminal: The terminal of the `wsctl` that asked.
  ///   - state: The host's state.
  ///   - store: The host's store, for the paths messages name.
  /// - Complexity: What the commands cost on the state, as in file mode.
  package init(
    arguments: [String], terminal: TerminalTraits, state: WorkspaceState, store: WorkspaceStore
  ) {
    batches = []
    lentLayoutSize = nil
    resultingLayoutSize = state.layoutSize
    stateToCheck = nil
    isDeclined = false
    let invocation: Invocation
    do {
      invocation = try Invocation(arguments: arguments)
    } catch {
      reply = ToolReply(error)
      return
    }
    guard invocation.isServedByHost else {
      reply = ToolReply(output: "", errors: "", exitCode: .success)
      isDeclined = true
      return
    }
    var runner = Runner(invocation, store: store, terminal: terminal)
    do {
      let result = try runner.run(on: state)
      if invocation.options.dryRun {
        stateToCheck = result == state ? nil : result
      } else {
        batches = runner.appliedBatches
        lentLayoutSize = runner.lentLayoutSize
        resultingLayoutSize = result.layoutSize
      }
      reply = ToolReply(output: runner.output, errors: runner.warnings, exitCode: .success)
    } catch {
      reply = ToolReply(error, warnings: runner.warnings)
    }
  }

  /// The reply of a call whose change the host could not save, or whose dry run the file could
  /// not hold: the file error, as file mode reports it.
  ///
  /// - Parameters:
  ///   - error: The file error.
  ///   - store: The host's store.
  package static func failedToSave(_ error: WorkspaceFileError, store: WorkspaceStore) -> ToolReply
  {
    ToolReply(Failure(error, backupAvailable: store.hasBackup))
  }

  /// Checks, for a dry run, that the file could hold ``stateToCheck``; run off the main actor.
  ///
  /// - Returns: The reply to send.
  package func checked(store: WorkspaceStore) -> ToolReply {
    guard let stateToCheck else { return reply }
    do {
      try store.checkSaving(stateToCheck)
      return reply
    } catch {
      return Self.failedToSave(error, store: store)
    }
  }
}
