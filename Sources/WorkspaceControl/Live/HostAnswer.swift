import Workspace
import WorkspaceJSON

/// One `wsctl` call as a live host received it.
package struct HostCall: Hashable, Sendable {
  /// The call's arguments after the program name, as `wsctl` received them.
  package var arguments: [String]
  /// The terminal of the `wsctl` that asked.
  package var terminal: TerminalTraits
  /// The file as the `wsctl` that asked names it (`-f w.json`), for messages; the host's
  /// path if `nil`.
  package var fileName: String?

  package init(arguments: [String], terminal: TerminalTraits, fileName: String?) {
    self.arguments = arguments
    self.terminal = terminal
    self.fileName = fileName
  }
}

/// A live host's answer to one `wsctl` call: the call run on a draft of the host's workspace
/// by the same ``Runner`` that file mode runs on the file, so that both print the same bytes,
/// exit alike and apply the same transactions.
///
/// Working it out touches nothing: the host commits ``draft`` (when there is one) to its
/// workspace, saves, and only then sends ``reply``. A call that fails leaves no draft, so
/// nothing anywhere sees it.
package struct HostAnswer: Sendable {
  /// What `wsctl` prints and its exit code, once the draft is committed and saved.
  package var reply: ToolReply
  /// The transactions to commit, already checked against the file's limits; `nil` for a call
  /// that fails, changes nothing, or is a dry run.
  package var draft: WorkspaceDraft?
  /// The area a `show` drew the panes in, which file mode records in a file that holds
  /// another and a host that records no size of its own keeps (never in a dry run).
  package var drawnArea: Size?
  /// Whether the call is not for a host (a maintenance command, say): `wsctl` then runs it on
  /// the file itself.
  package var isDeclined = false

  /// Works out the answer to a call on a draft of a host's workspace.
  ///
  /// Safe to run off the host's main actor: it reads only the draft and the file system
  /// (the checks a save makes first: the file's limits, that it may be written), so that a
  /// large drawing never holds the host's main actor.
  ///
  /// - Parameters:
  ///   - call: The call.
  ///   - draft: A draft of the host's workspace (`Workspace.makeDraft()`).
  ///   - store: The host's store, for the checks of a save.
  ///   - checksFile: Whether to check that the file, its backup and its lock may be written
  ///     (`false` when the host checked them a moment ago; the limits are checked always).
  ///   - knownStamp: The file's stamp as the host last saw it, standing for its size between
  ///     two checks of the file (`nil`: look at the file).
  /// - Complexity: What the commands cost on the state, as in file mode, plus an encoding of
  ///   the state when they change it.
  package init(
    _ call: HostCall, draft: WorkspaceDraft, store: WorkspaceStore, checksFile: Bool = true,
    knownStamp: FileStamp? = nil
  ) {
    self.init(
      PreparedCall(call), draft: draft, store: store, checksFile: checksFile,
      knownStamp: knownStamp)
  }

  /// Works out the answer to a call whose words are already parsed (by a control session's
  /// reading thread), as the initializer that takes the call does.
  package init(
    _ prepared: PreparedCall, draft: WorkspaceDraft, store: WorkspaceStore,
    checksFile: Bool = true, knownStamp: FileStamp? = nil
  ) {
    let call = prepared.call
    let invocation: Invocation
    switch prepared.invocation {
    case .success(let parsed): invocation = parsed
    case .failure(let error):
      self.init(reply: ToolReply(error))
      return
    }
    self.init(
      call, invocation, draft: draft, store: store, checksFile: checksFile,
      knownStamp: knownStamp)
  }

  /// The answer to an inspection, worked out from a draft off the host's main actor (on the
  /// control listener's thread), or `nil` for any other call, which the main actor answers.
  ///
  /// An inspection is a call of views alone (`routes`, `tree`, `history`, `closed`,
  /// `template list`...): no edit, no dry run of one, no file to read (`--from`), nothing
  /// drawn (a drawing records the area it drew in). It reads only the draft: no file, no
  /// lock, nothing to commit.
  ///
  /// The call comes with its words parsed (by the listener's thread), so that a call that is
  /// not an inspection is worked out on the main actor from the same parse.
  ///
  /// - Parameters:
  ///   - prepared: The call, its words parsed.
  ///   - draft: A draft of the host's workspace as it is now.
  ///   - store: The host's store, for the messages that name its file.
  package static func inspection(
    _ prepared: PreparedCall, draft: WorkspaceDraft, store: WorkspaceStore
  ) -> HostAnswer? {
    guard case .success(let invocation) = prepared.invocation,
      invocation.isServedByHost, invocation.options.templatesFile == nil,
      !invocation.steps.contains(where: \.isEdit)
    else { return nil }
    let answer = HostAnswer(prepared.call, invocation, draft: draft, store: store)
    guard answer.draft == nil, answer.drawnArea == nil else { return nil }
    return answer
  }

  /// An answer of a reply alone: nothing to commit, nothing drawn.
  private init(reply: ToolReply) {
    self.reply = reply
  }

  private init(
    _ call: HostCall, _ invocation: Invocation, draft: WorkspaceDraft, store: WorkspaceStore,
    checksFile: Bool = true, knownStamp: FileStamp? = nil
  ) {
    guard invocation.isServedByHost else {
      reply = ToolReply(output: "", errors: "", exitCode: .success)
      isDeclined = true
      return
    }
    var runner = Runner(invocation, store: store, terminal: call.terminal)
    var draft = draft
    do throws(Failure) {
      let initial = draft.state
      try runner.run(on: &draft)
      if !invocation.options.dryRun, runner.drawnArea != initial.layoutSize {
        drawnArea = runner.drawnArea
      }
      // A call the file could not hold, or a file that cannot be written, is refused before
      // anything applies, as file mode refuses it before saving.
      // A command whose target state already holds changes nothing and is not committed: the
      // host reports no change, as file mode saves none.
      let changes = draft.state != initial
      if changes {
        do {
          try store.checkSaving(
            draft.state, after: draft.changes, checkingFile: checksFile, known: knownStamp)
        } catch {
          throw Failure(
            Self.named(error, store, call.fileName), backupAvailable: store.hasBackup)
        }
      }
      reply = ToolReply(output: runner.output, errors: runner.warnings, exitCode: .success)
      if changes, !invocation.options.dryRun { self.draft = draft }
    } catch {
      reply = ToolReply(error, warnings: runner.warnings)
      drawnArea = nil
    }
  }

  /// A file error naming the file as the `wsctl` that asked does.
  private static func named(
    _ error: WorkspaceFileError, _ store: WorkspaceStore, _ fileName: String?
  ) -> WorkspaceFileError {
    guard let fileName else { return error }
    return error.namingFile(store.path, as: fileName)
  }

  /// The reply of a call whose change the host committed but could not save: the file
  /// error, as file mode reports it, saying that the host keeps the change and writes it once
  /// the file can be written, so that a script does not run it again.
  ///
  /// - Parameters:
  ///   - error: The file error.
  ///   - store: The host's store.
  ///   - fileName: The file as the `wsctl` that asked names it.
  package static func failedToSave(
    _ error: WorkspaceFileError, store: WorkspaceStore, fileName: String?
  ) -> ToolReply {
    let failure = Failure(named(error, store, fileName), backupAvailable: store.hasBackup)
    return ToolReply(
      Failure(
        message: failure.message
          + " (the host applied the change and keeps it: it is written once the file can be;"
          + " do not run it again)",
        exitCode: failure.exitCode))
  }
}
