import Workspace
import WorkspaceJSON
import WorkspaceSystem

/// A control session without a host (`wsctl control` with no host live, or `--no-host`): the
/// lines run on the file one after another, each as the call of its own would run, printing
/// the same bytes.
///
/// Each line that edits takes the file's lock for its own write, as a call does, so other
/// writers (and a host that starts meanwhile) interleave; the session does not read the file
/// again while it keeps the stamp of the session's last write, so a line costs its command
/// and its write. With `--write-at-end` the file is read once, every line applies to that
/// state in memory (a refused line changes nothing), and the result is written once after
/// the last line; should another writer have saved meanwhile, the lines that changed the
/// state are applied again on its state then, as a host replays its changes.
struct FileControl {
  private let context: ControlMode.Context
  private let store: WorkspaceStore
  private let writesAtEnd: Bool
  /// The file as the session last wrote it.
  private var written: WrittenFile?
  private var output = ReplyOutput()

  init(_ context: ControlMode.Context, store: WorkspaceStore, writesAtEnd: Bool) {
    self.context = context
    self.store = store
    self.writesAtEnd = writesAtEnd
  }

  /// Runs the script's lines and returns `wsctl`'s exit code.
  mutating func run(_ lines: LineReader) -> ExitCode {
    var lines = lines
    var number = 0
    var atEnd: AtEnd?
    if writesAtEnd {
      do {
        atEnd = try AtEnd(store)
      } catch {
        return ControlMode.fail(error)
      }
      if let warnings = atEnd?.warnings(quiet: context.prefix.contains("-q")) {
        Terminal.write(warnings, to: 2)
      }
    }
    while let line = lines.next() {
      number += 1
      let line = ControlLine(line, number: number, prefix: context.prefix)
      let reply: ToolReply
      switch line.content {
      case .answered(let answered): reply = answered
      case .call(let arguments, let invocation):
        if atEnd != nil {
          reply = atEnd!.apply(invocation, terminal: context.terminal)
        } else {
          reply = runOnFile(arguments, invocation)
        }
      }
      output.add(number, reply)
      // A script typed line by line sees each reply at once.
      output.flush()
    }
    output.flush()
    var code = ExitCode.success
    if let failure = lines.failure {
      Terminal.error("wsctl: control: reading the script failed: \(failure)")
      code = .noInput
    }
    if let atEnd {
      do {
        try atEnd.save(terminal: context.terminal)
      } catch {
        return ControlMode.fail(error)
      }
    }
    return code
  }

  /// A line as a call of its own runs on the file, knowing the session's last write.
  private mutating func runOnFile(_ arguments: [String], _ invocation: Invocation) -> ToolReply {
    var runner: Runner
    do {
      runner = try Runner(invocation, terminal: context.terminal)
    } catch {
      return ToolReply(error)
    }
    guard !invocation.exportsToFile else { return context.answer(arguments, invocation) }
    runner.written = written
    let reply = Tool.fileMode(&runner)
    written = runner.written
    return reply
  }
}

/// `--write-at-end`: the state the lines build in memory, and what it started from.
private struct AtEnd {
  let store: WorkspaceStore
  /// The file as read at the start, with its stamp from just before the read.
  let loaded: LoadedWorkspace
  let stamp: FileStamp?
  var state: WorkspaceState
  /// The calls that changed the state, to apply again on another writer's.
  var changing: [Invocation] = []

  init(_ store: WorkspaceStore) throws(Failure) {
    self.store = store
    stamp = FileStamp(path: store.targetPath)
    do {
      loaded = try store.load(default: .example)
    } catch {
      throw Failure(error, backupAvailable: store.hasBackup)
    }
    state = loaded.state
  }

  /// The warnings of the file's repairs, as a call prints them.
  func warnings(quiet: Bool) -> String? {
    guard !quiet, !loaded.diagnostics.isEmpty else { return nil }
    return loaded.diagnostics.map {
      Terminal.errorLine("wsctl: warning: \(store.path): \($0) (repaired)")
    }.joined()
  }

  /// Applies a line's call to the state: all of it, or (refused) nothing.
  mutating func apply(_ invocation: Invocation, terminal: TerminalTraits) -> ToolReply {
    guard invocation.isServedByHost else {
      let name = invocation.steps.first?.name ?? ""
      return ToolReply(
        Failure.usage("'\(name)' cannot run in a session that writes at the end (--write-at-end)"))
    }
    var runner = Runner(invocation, store: store, terminal: terminal)
    var draft = Runner.draft(of: state)
    do throws(Failure) {
      try runner.run(on: &draft)
      if !invocation.options.dryRun, draft.state != state {
        do {
          try store.checkSaving(draft.state)
        } catch {
          throw Failure(error, backupAvailable: store.hasBackup)
        }
        state = draft.state
        changing.append(invocation)
      }
      return ToolReply(output: runner.output, errors: runner.warnings, exitCode: .success)
    } catch {
      return ToolReply(error, warnings: runner.warnings)
    }
  }

  /// Writes the state, once: as built when the file is still what was read, else with the
  /// changing lines applied again on the file's state.
  func save(terminal: TerminalTraits) throws(Failure) {
    guard state != loaded.state else { return }
    let isClean = loaded.diagnostics.isEmpty && loaded.migratedFromVersion == nil
    let read = stamp.map { ($0, loaded.state) }
    do {
      _ = try store.save(
        default: .example, writingWhenMissing: true,
        written: isClean && !loaded.isDefault ? read : nil
      ) { file in
        if file.state == loaded.state { return state }
        var replayed = file.state
        for invocation in changing {
          var runner = Runner(invocation, store: store, terminal: terminal)
          var draft = Runner.draft(of: replayed)
          if (try? runner.run(on: &draft)) != nil { replayed = draft.state }
        }
        return replayed
      }
    } catch {
      switch error {
      case .file(let error): throw Failure(error, backupAvailable: store.hasBackup)
      }
    }
  }
}
