import Workspace
import WorkspaceJSON

/// Runs a parsed invocation: reads the file, applies the steps as one transaction, saves
/// once, and prints. Output is collected and printed only when the whole call succeeds.
struct Runner {
  let invocation: Invocation
  let store: WorkspaceStore
  var output = ""

  init(_ invocation: Invocation) {
    self.invocation = invocation
    let path =
      invocation.options.file ?? Terminal.environment("WSCTL_FILE").flatMap {
        $0.isEmpty ? nil : $0
      } ?? "workspace.json"
    store = WorkspaceStore(path: path)
  }

  var options: Invocation.Options { invocation.options }

  /// Runs every step; throws the ``Failure`` that ends the call.
  mutating func run() throws(Failure) {
    let steps = invocation.steps
    if steps.count == 1, let step = steps.first, try runStandalone(step) {
      return
    }
    let hasEdits = steps.contains {
      switch $0 {
      case .edit, .link: true
      default: false
      }
    }
    if hasEdits, !options.dryRun {
      var printed = ""
      do {
        let (_, loaded) = try store.update(default: .example) { state in
          var runner = self
          try runner.execute(steps, on: &state)
          printed = runner.output
        }
        warn(loaded.diagnostics)
      } catch let failure as Failure {
        throw failure
      } catch let error as WorkspaceError {
        throw Invocation.failure(error, words: [])
      } catch let error as WorkspaceFileError {
        throw Failure(error, backupAvailable: store.hasBackup)
      } catch {
        throw Failure(message: "\(error)", exitCode: Failure.cannotCreate)
      }
      output = printed
    } else {
      let loaded = try load()
      warn(loaded.diagnostics)
      var state = loaded.state
      do {
        try execute(steps, on: &state)
      } catch let error as WorkspaceError {
        throw Invocation.failure(error, words: [])
      } catch let failure as Failure {
        throw failure
      } catch {
        throw Failure(message: "\(error)", exitCode: Failure.refused)
      }
    }
  }

  private func load() throws(Failure) -> LoadedWorkspace {
    do {
      return try store.load(default: .example)
    } catch {
      throw Failure(error, backupAvailable: store.hasBackup)
    }
  }

  private func warn(_ diagnostics: [Diagnostic]) {
    guard !options.quiet else { return }
    for diagnostic in diagnostics {
      Terminal.error("wsctl: warning: \(store.path): \(diagnostic) (repaired)")
    }
  }

  /// Applies the edits in batches (one transaction each, between inspections) and renders
  /// each inspection on the state at its point.
  private mutating func execute(_ steps: [Invocation.Step], on state: inout WorkspaceState) throws {
    var batch: [WorkspaceCommand] = []
    var applied: [WorkspaceChange] = []
    func flush(_ state: inout WorkspaceState) throws {
      guard !batch.isEmpty else { return }
      applied.append(try state.apply(batch))
      batch = []
    }
    let initialFocus = state.focusedPane
    for step in steps {
      switch step {
      case .edit(let command):
        batch.append(command)
      case .link(_, let commands):
        batch += commands
      default:
        try flush(&state)
        try inspect(step, state)
      }
    }
    try flush(&state)
    if !applied.isEmpty { reportEdits(applied, initialFocus: initialFocus, state) }
  }

  private mutating func reportEdits(
    _ changes: [WorkspaceChange], initialFocus: NodeID, _ state: WorkspaceState
  ) {
    let commands = changes.flatMap(\.commands)
    let changed = changes.reduce(into: Set<NodeID>()) { $0.formUnion($1.changedNodes) }
    if options.json {
      print(
        .object([
          "applied": .array(commands.map { .string($0.description) }),
          "saved": .bool(!options.dryRun),
          "focus": .number(Double(state.focusedPane.rawValue)),
          "changed": .array(changed.sorted().map { .number(Double($0.rawValue)) }),
        ]))
    } else if options.dryRun {
      let text = commands.map(\.description).joined(separator: " ")
      output += "dry run (not saved): \(text)\n"
      output += "focus \(initialFocus) -> \(state.focusedPane); "
      output += "changed \(changed.sorted().map(\.description).joined(separator: " "))\n"
    }
  }

  private mutating func inspect(_ step: Invocation.Step, _ state: WorkspaceState) throws {
    switch step {
    case .show(let size, let ascii):
      let area =
        size
        ?? {
          let t = Terminal.size()
          return Size(width: t.width, height: t.height - 1)
        }()
      if options.json {
        print(Report.showJSON(state, in: area))
      } else {
        output += BoxRenderer(
          state: state, width: area.width, height: area.height, ascii: ascii,
          color: size == nil && Terminal.usesColor
        ).render()
      }
    case .tree:
      options.json ? print(Report.treeJSON(state)) : (output += Report.tree(state))
    case .routes(let reference):
      let pane = try reference.map { try state.pane(for: $0) } ?? state.focusedPane
      if options.json {
        print(state.node(pane)!.router.map(Report.routerJSON) ?? .null)
      } else {
        output += Report.routes(of: pane, in: state)
      }
    case .layout(let size):
      options.json
        ? print(Report.layoutJSON(state, in: size)) : (output += Report.layout(state, in: size))
    case .history:
      options.json ? print(Report.historyJSON(state)) : (output += Report.history(state))
    default:
      throw Failure.usage("this command cannot be combined with others")
    }
  }

  private mutating func print(_ value: JSONValue) {
    output += JSONWriter.string(value)
  }
}

extension WorkspaceState {
  /// The pane a reference names, or the error `focus` would give.
  fileprivate func pane(for reference: PaneReference) throws(WorkspaceError) -> NodeID {
    var copy = self
    try copy.apply(.focus(.pane(reference)))
    return copy.focusedPane
  }
}
