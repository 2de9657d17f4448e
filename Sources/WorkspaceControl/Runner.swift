import Workspace
import WorkspaceJSON

/// Runs a parsed invocation: reads the file, applies the steps as one transaction, saves
/// once, and prints. Output is collected and printed only when the whole call succeeds.
///
/// Both run the steps on a ``WorkspaceDraft`` (``run(on:)``): file mode over the file's state,
/// then saves it; a live host over its workspace, then commits it. So a call prints the same
/// bytes, exits with the same code, and applies the same transactions in both.
struct Runner {
  let invocation: Invocation
  let store: WorkspaceStore
  /// The terminal the output is for: where `show` takes its size and colour from.
  let terminal: TerminalTraits
  var output = ""
  /// Warnings for standard error, each one line ending in a newline.
  var warnings = ""
  /// The area the last `show` laid the panes out in, which the workspace records.
  private(set) var drawnArea: Size?
  /// The templates of the `--from` file, read before the first step.
  private var fileTemplates: TemplateLibrary?
  /// The file as this process last wrote it, for a control session's next line: while the
  /// file keeps that stamp it holds that state, and is not read again (see
  /// `WorkspaceStore.save(default:written:resolving:)`).
  var written: WrittenFile?

  /// Resolves the file (`-f`, else `$WSCTL_FILE`, else `./workspace.json`) and the lock
  /// timeout (`$WSCTL_LOCK_TIMEOUT` seconds, else 10).
  ///
  /// - Throws: A usage ``Failure`` for a `WSCTL_LOCK_TIMEOUT` that is not a number of seconds.
  init(_ invocation: Invocation, terminal: TerminalTraits = .current) throws(Failure) {
    self.invocation = invocation
    self.terminal = terminal
    var store = WorkspaceStore(path: Self.filePath(invocation.options.file))
    if let text = Terminal.environment("WSCTL_LOCK_TIMEOUT"), !text.isEmpty {
      guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
        throw .usage(
          "invalid WSCTL_LOCK_TIMEOUT '\(text)': expected a number of seconds such as 2.5")
      }
      store.lockTimeout = seconds
    }
    self.store = store
  }

  /// A runner for a live host's state: the host's store, the client's terminal.
  init(_ invocation: Invocation, store: WorkspaceStore, terminal: TerminalTraits) {
    self.invocation = invocation
    self.store = store
    self.terminal = terminal
  }

  /// The file a call names: `file` (of `-f`), else `$WSCTL_FILE`, else `./workspace.json`;
  /// the completion reads the same.
  static func filePath(_ file: String?) -> String {
    file ?? Terminal.environment("WSCTL_FILE").flatMap { $0.isEmpty ? nil : $0 }
      ?? "workspace.json"
  }

  var options: Invocation.Options { invocation.options }

  /// Runs every step; throws the ``Failure`` that ends the call.
  mutating func run() throws(Failure) {
    let steps = invocation.steps
    if steps.count == 1, let step = steps.first, try runStandalone(step) {
      return
    }
    let hasEdits = steps.contains(where: \.isEdit)
    if hasEdits, !options.dryRun {
      do {
        var printed = ""
        let saved = try store.save(
          default: .example, written: written.map { ($0.stamp, $0.state) }
        ) { (loaded) throws(Failure) in
          var runner = self
          var draft = Self.draft(of: loaded.state)
          try runner.execute(steps, on: &draft)
          var state = draft.state
          if let drawnArea = runner.drawnArea { try? state.recordLayoutSize(drawnArea) }
          printed = runner.output
          return state
        }
        written = WrittenFile(saved, after: written)
        warn(saved.loaded.diagnostics)
        output = printed
      } catch {
        switch error {
        case .file(let error): throw Failure(error, backupAvailable: store.hasBackup)
        case .change(let failure): throw failure
        }
      }
    } else {
      let loaded = try load()
      warn(loaded.diagnostics)
      var draft = Self.draft(of: loaded.state)
      try run(on: &draft)
      if let drawnArea, drawnArea != loaded.state.layoutSize, !options.dryRun, !loaded.isDefault {
        record(drawnArea)
      }
      let state = draft.state
      if hasEdits, state != loaded.state {
        // A dry run fails as the save would: a state the file cannot hold, or a file that
        // cannot be written.
        do {
          try store.checkSaving(state)
        } catch {
          throw Failure(error, backupAvailable: store.hasBackup)
        }
      }
    }
  }

  /// A draft of a file's state that checks new tokens as the host that saved the file
  /// published its route types (``WorkspaceState/routeSchema``), refusing what it would.
  static func draft(of state: WorkspaceState) -> WorkspaceDraft {
    WorkspaceDraft(state, routeTypes: RouteRegistry(schema: state.routeSchema))
  }

  /// Runs the steps on a draft: what file mode does between loading and saving, and what a
  /// live host does on a draft of its workspace before committing it. The area the last
  /// `show` drew is ``drawnArea``, for the caller to record.
  ///
  /// - Throws: The ``Failure`` that ends the call; the draft may then hold part of the call,
  ///   and must be dropped.
  mutating func run(on draft: inout WorkspaceDraft) throws(Failure) {
    try execute(invocation.steps, on: &draft)
  }

  private func load() throws(Failure) -> LoadedWorkspace {
    if let written, FileStamp(path: store.targetPath) == written.stamp {
      return LoadedWorkspace(
        state: written.state, diagnostics: [], migratedFromVersion: nil, isDefault: false)
    }
    do {
      return try store.load(default: .example)
    } catch {
      throw Failure(error, backupAvailable: store.hasBackup)
    }
  }

  /// Records the area `show` laid the panes out in, in a file that holds another: without
  /// waiting for the lock, and giving up silently where the file cannot be written (read-only,
  /// busy), since an inspection never fails for it. A change of the recorded size alone
  /// leaves the backup as it was.
  private func record(_ area: Size) {
    var store = self.store
    store.lockTimeout = 0
    guard (try? store.checkSaving(nil)) != nil else { return }
    _ = try? store.update(default: .example) { state in try state.recordLayoutSize(area) }
  }

  /// The size `show` draws at: `--size`, else the terminal's less its last row, which is left
  /// for the shell's prompt.
  private var drawingSize: Size {
    if let size = options.size { return size }
    return Size(width: terminal.size.width, height: max(1, terminal.size.height - 1))
  }

  /// The area the panes get in the picture of `size`: below its tab bars.
  private func paneArea(of size: Size, in state: WorkspaceState) -> Size {
    BoxRenderer(
      state: state, width: size.width, height: size.height, ascii: false, color: false
    ).paneArea
  }

  private mutating func warn(_ diagnostics: [Diagnostic]) {
    guard !options.quiet else { return }
    for diagnostic in diagnostics {
      warnings += Terminal.errorLine("wsctl: warning: \(store.path): \(diagnostic) (repaired)")
    }
  }

  /// Applies the edits in batches (one transaction each, between inspections) and renders
  /// each inspection on the state at its point.
  ///
  /// Edits measure (directional focus, a split's room, resize) in the area the last `show`
  /// drew, else in the pane area of a drawing at `--size` if given, else at the recorded
  /// size, else in the terminal's; the state's recorded size stays as it is.
  private mutating func execute(
    _ steps: [Invocation.Step], on draft: inout WorkspaceDraft
  ) throws(Failure) {
    fileTemplates = try Self.templatesFile(options)
    let initialState = draft.state
    // The pane area of a drawing of the state as it was: only worked out for `--size`, or
    // for a batch that measures (the terminal's size is no size a router operation needs).
    let needsArea = options.size != nil || draft.state.layoutSize == nil
    var measuringArea: Size?
    var batch: [WorkspaceCommand] = []
    // The first word of each command in the batch, to name the one the state refuses.
    var batchWords: [Int] = []
    func flush(_ draft: inout WorkspaceDraft, measuringIn area: Size?) throws(Failure) {
      guard !batch.isEmpty else { return }
      if area == nil, needsArea, measuringArea == nil,
        options.size != nil || batch.contains(where: \.mayReadLayoutSize)
      {
        measuringArea = paneArea(of: drawingSize, in: initialState)
      }
      var failedIndex: Int?
      do {
        try draft.apply(batch, measuringIn: area ?? measuringArea, failedIndex: &failedIndex)
      } catch {
        throw Failure(error, atWord: failedIndex.map { batchWords[$0] })
      }
      batch = []
      batchWords = []
    }
    for step in steps {
      switch step {
      case .edit(let command, let word):
        batch.append(try fromTemplatesFile(command, word: word))
        batchWords.append(word)
      case .tool(_, .loadLayout(let file, let parameters, let reconcile, let keep, let word)):
        let template = try Self.layout(file, word: word)
        batch.append(
          reconcile
            ? .reconcileWithTemplate(template, parameters: parameters, keepingOthers: keep)
            : .openTemplate(template, parameters: parameters))
        batchWords.append(word)
      case .tool(_, .open(_, let commands, let word)):
        for command in commands { batch.append(try fromTemplatesFile(command, word: word)) }
        batchWords += Array(repeating: word, count: commands.count)
      case .tool(_, let action):
        try flush(&draft, measuringIn: drawnArea)
        try inspect(action, draft.state)
      case .complete, .version:
        throw Failure.usage("this command cannot be combined with others")
      }
    }
    try flush(&draft, measuringIn: drawnArea)
    guard !draft.changes.isEmpty else { return }
    reportEdits(draft.changes, from: initialState, to: draft.state)
  }

  /// Prints what the edits did: with `--json` always, in text only for a dry run (a saved
  /// edit is silent, as in tmux).
  private mutating func reportEdits(
    _ changes: [WorkspaceChange], from initialState: WorkspaceState, to state: WorkspaceState
  ) {
    let initialFocus = initialState.focusedPane
    let commands = changes.flatMap { $0.commands }
    let changed = changes.reduce(into: Set<NodeID>()) { $0.formUnion($1.changedNodes) }
    if options.json {
      var report: JSONObject = [
        "applied": .array(commands.map { .string($0.description) }),
        // The store writes the file only when the state changed.
        "saved": .bool(!options.dryRun && state != initialState),
        "focus": .number(Double(state.focusedPane.rawValue)),
        "changed": .array(changed.sorted().map { .number(Double($0.rawValue)) }),
      ]
      let reconciliations = changes.flatMap { $0.reconciliations }
      if !reconciliations.isEmpty {
        report.members.append((key: "reconciled", value: .array(reconciliations.map(Self.json))))
      }
      let results = changes.flatMap { $0.flowResults }
      if !results.isEmpty {
        report.members.append(
          (
            key: "results",
            value: .array(
              results.map {
                .object([
                  "node": .number(Double($0.owner.rawValue)), "result": .string("\($0.result)"),
                ])
              })
          ))
      }
      print(.object(report))
      return
    }
    for reconciliation in changes.flatMap({ $0.reconciliations }) {
      output += Self.report(reconciliation)
    }
    if options.dryRun {
      // `separated(by:)`, not the generic `joined(separator:)`, whose first call would be a
      // tenth of a dry run's instructions.
      let text = commands.map(\.description).separated(by: " ")
      output += "dry run (not saved): \(text)".escapedForTerminal + "\n"
      output += "focus \(initialFocus) -> \(state.focusedPane); "
      output += "changed \(changed.sorted().map(\.description).separated(by: " "))\n"
    }
  }

  /// A view of the active window, of window N (`-w N`), or of every window (`-w all`,
  /// each under a line naming it; with `--json`, an array of objects with the window's
  /// number, identifier, title, whether it is active, and the view).
  private mutating func inspect(
    _ action: Invocation.Action, _ state: WorkspaceState
  ) throws(Failure) {
    switch options.window {
    case nil:
      try inspectWindow(action, state)
    case .number(let number)?:
      guard number <= state.windows.count else {
        throw Failure(WorkspaceError.noSuchWindow(number, count: state.windows.count))
      }
      try inspectWindow(action, state.activating(window: number - 1))
    case .all?:
      var views: [JSONValue] = []
      for (index, window) in state.windows.enumerated() {
        let isActive = index == state.activeWindowIndex
        let start = output.count
        if !options.json {
          let title = window.title.isEmpty ? "" : " \(window.title)"
          if !output.isEmpty, !output.hasSuffix("\n") { output += "\n" }
          let heading = "window \(index + 1)\(title) [\(window.identifier)]"
          output += heading.escapedForTerminal + (isActive ? " (active)\n" : "\n")
        }
        let before = output
        try inspectWindow(action, state.activating(window: index))
        if options.json {
          let view =
            (try? JSONReader.parse(Array(output.utf8.dropFirst(before.utf8.count)))) ?? .null
          output = String(output.prefix(start))
          views.append(
            .object([
              "window": .number(Double(index + 1)), "id": .string(window.identifier),
              "title": .string(window.title), "active": .bool(isActive), "view": view,
            ]))
        }
      }
      if options.json { print(.array(views)) }
    }
  }

  private mutating func inspectWindow(
    _ action: Invocation.Action, _ state: WorkspaceState
  ) throws(Failure) {
    switch action {
    case .show(let ascii):
      let area = drawingSize
      // What the user now sees is what later edits measure on, and what the file records:
      // `--json` lays the panes out in the whole size, the picture below its tab bars (for
      // the active window only: another window's view records nothing).
      if options.window == nil {
        drawnArea = options.json ? area : paneArea(of: area, in: state)
      }
      if options.json {
        print(Report.showJSON(state, in: area))
      } else {
        output += BoxRenderer(
          state: state, width: area.width, height: area.height, ascii: ascii,
          color: terminal.usesColor
        ).render()
      }
    case .tree:
      emit(Report.treeJSON(state), or: Report.tree(state))
    case .routes(let reference, let word):
      var id = state.focusedPane
      if let reference {
        do {
          id = try state.routerNode(for: reference)
        } catch {
          throw Failure(error, atWord: word)
        }
      }
      guard let router = state.node(id)?.router else {
        throw Failure(WorkspaceError.noRouter(id), atWord: word)
      }
      if options.json {
        print(Report.routerJSON(router))
      } else {
        output += Report.routes(of: id, in: state)
      }
    case .layout(let size):
      emit(Report.layoutJSON(state, in: size), or: Report.layout(state, in: size))
    case .history:
      emit(Report.historyJSON(state), or: Report.history(state))
    case .closed:
      emit(Report.closedJSON(state), or: Report.closed(state))
    case .templateList:
      let library = templates(of: state)
      emit(Report.templateListJSON(library), or: Report.templateList(library))
    case .templateShow(let name, let word):
      let library = templates(of: state)
      let template: WorkspaceTemplate
      do {
        template = try library.template(named: name)
      } catch {
        throw Failure(error, atWord: word)
      }
      emit(TemplatesFile.templateValue(template), or: Report.template(template))
    case .templateExport(let file, let names, let force, let word):
      let library = try Self.exportedTemplates(of: templates(of: state), names: names, word: word)
      output += try Self.export(library, to: file, force: force, options: options)
    case .saveLayout(let file, let name, let tab, let force, let word):
      let template = try Self.layout(of: state, file: file, name: name, tab: tab, word: word)
      output += try Self.save(template, to: file, force: force, options: options)
    default:
      throw Failure.usage("this command cannot be combined with others")
    }
  }

  /// The templates of the `--from` file (a templates file or a layout file), read once, before any step, so that a call fails
  /// on the file first in file mode and on a host alike.
  ///
  /// - Throws: The file's error: missing or unreadable (66), malformed (65).
  static func templatesFile(_ options: Invocation.Options) throws(Failure) -> TemplateLibrary? {
    guard let path = options.templatesFile else { return nil }
    do {
      return try LayoutFile.loadTemplates(path: path)
    } catch {
      throw Failure(error)
    }
  }

  /// The templates `template list`, `show` and `apply` read: the `--from` file's, else the
  /// workspace's.
  private func templates(of state: WorkspaceState) -> TemplateLibrary {
    fileTemplates ?? state.templates
  }

  /// A command as it applies with `--from FILE`: `template apply` takes the file's template
  /// (an unknown name lists the file's); `template save` and `rm`, which change the
  /// workspace's templates, are refused, since the file is only read.
  private func fromTemplatesFile(
    _ command: WorkspaceCommand, word: Int
  ) throws(Failure) -> WorkspaceCommand {
    guard let library = fileTemplates else { return command }
    switch command {
    case .at(let target, let command):
      return .at(target, try fromTemplatesFile(command, word: word))
    case .applyTemplate(let name, let parameters):
      do {
        return .openTemplate(try library.template(named: name), parameters: parameters)
      } catch {
        throw Failure(error, atWord: word)
      }
    case .saveTemplate, .removeTemplate:
      throw .usage(
        "'\(command.words.prefix(2).joined(separator: " "))' \(Invocation.position(word)) changes "
          + "the workspace's templates; --from FILE is only read (write the file by hand, "
          + "starting from 'wsctl template show NAME --json')")
    default:
      return command
    }
  }

  private mutating func print(_ value: JSONValue) {
    output += JSONWriter.string(value)
  }

  /// Prints the JSON form with `--json`, else the text.
  private mutating func emit(
    _ value: @autoclosure () -> JSONValue, or text: @autoclosure () -> String
  ) {
    if options.json {
      print(value())
    } else {
      output += text()
    }
  }
}

extension WorkspaceState {
  /// The node whose router `routes` prints: any node by id (a container may own a router),
  /// a pane by number; otherwise the error resolving it gives.
  fileprivate func routerNode(for reference: PaneReference) throws(WorkspaceError) -> NodeID {
    if case .id(let id) = reference, node(id) != nil { return id }
    return try resolve(reference)
  }
}

/// A file as this process last wrote it: its stamp after the write, and the state it holds.
struct WrittenFile {
  let stamp: FileStamp
  let state: WorkspaceState

  /// What a save leaves known: the state it wrote, or, when it wrote nothing to a file that
  /// kept the stamp of `earlier`, that; else nothing (the file was read, or changed by another
  /// writer).
  init?(_ saved: WorkspaceStore.Saved, after earlier: WrittenFile?) {
    guard let stamp = saved.stamp else { return nil }
    if saved.didWrite {
      self.init(stamp: stamp, state: saved.state)
    } else if let earlier, earlier.stamp == stamp {
      self = earlier
    } else {
      return nil
    }
  }

  init(stamp: FileStamp, state: WorkspaceState) {
    self.stamp = stamp
    self.state = state
  }
}
