import Workspace
import WorkspaceJSON
import WorkspaceSystem

extension Runner {
  /// Runs a step that stands alone (help, version, completions and maintenance), returning
  /// `false` for any other step.
  mutating func runStandalone(_ step: Invocation.Step) throws(Failure) -> Bool {
    let action: Invocation.Action
    switch step {
    case .version:
      output += ToolHelp.version + "\n"
      return true
    case .complete(let words):
      output += LineCompletion.output(for: words)
      return true
    case .edit: return false
    case .tool(_, let toolAction): action = toolAction
    }
    switch action {
    case .help(let topic):
      output += topic.flatMap(CommandHelp.named)?.text ?? ToolHelp.text
    case .completions(let shell):
      output += Completions.script(for: shell)
    case .validate:
      try validate()
    case .initialize(let force, let name, let parameters):
      try initialize(force: force, name: name, parameters: parameters)
    case .migrate:
      try migrate()
    case .restoreBackup(let force):
      try restoreBackup(force: force)
    default:
      return false
    }
    return true
  }

  /// `init [--force]`: writes the default workspace; with `--from LAYOUT [NAME]
  /// [KEY=VALUE]...`, a workspace built from the layout (or the templates file's NAME) with
  /// its placeholders filled in. A dry run only says it would.
  private mutating func initialize(
    force: Bool, name: String?, parameters: [String: String]
  ) throws(Failure) {
    var state = WorkspaceState.example
    var layout: WorkspaceTemplate?
    if let file = options.templatesFile, let library = try Self.templatesFile(options) {
      let template = try Self.initialTemplate(library, named: name, file: file)
      do {
        state = try WorkspaceState(template: template, parameters: parameters)
      } catch {
        throw Failure(error)
      }
      layout = template
    } else if name != nil || !parameters.isEmpty {
      throw .usage("'init' takes NAME and KEY=VALUE only with --from LAYOUT")
    }
    guard force || !store.exists else {
      throw Failure(
        message: "'\(store.path)' already exists; 'init --force' replaces it (keeping a backup)",
        exitCode: .cannotCreate)
    }
    if options.dryRun {
      try fileStep { () throws(WorkspaceFileError) in try store.checkSaving(state) }
    } else {
      try fileStep { () throws(WorkspaceFileError) in try store.save(state) }
    }
    if options.json {
      var report: JSONObject = [
        "initialized": .string(store.path), "saved": .bool(!options.dryRun),
      ]
      if let layout { report.append(key: "layout", value: .string(layout.name)) }
      output += JSONWriter.string(.object(report))
      return
    }
    output += "\(options.dryRun ? "dry run (not saved): would initialize" : "initialized") "
    output += store.path.escapedForTerminal
    if let layout {
      // Every window's panes, and how many windows when there are several.
      let windows = state.windows.count
      let panes = state.windows.indices.reduce(0) {
        $0 + state.activating(window: $1).paneIDs.count
      }
      var counts = "\(panes) pane\(panes == 1 ? "" : "s")"
      if windows > 1 { counts += " in \(windows) windows" }
      output += " from layout '\(layout.name)' (\(counts))".escapedForTerminal
    }
    output += "\n"
  }

  /// `migrate`: rewrites the file in the current format with its repairs, unless it already
  /// holds exactly those bytes; a dry run only says what it would do.
  private mutating func migrate() throws(Failure) {
    try requireFile()
    var migration: (loaded: LoadedWorkspace, isRewritten: Bool)?
    try fileStep { () throws(WorkspaceFileError) in
      migration = try store.migrate(dryRun: options.dryRun)
    }
    guard let (loaded, isRewritten) = migration else { return }
    let from = loaded.migratedFromVersion
    let repairs = loaded.diagnostics
    let target = WorkspaceFormat.currentVersion
    let saved = isRewritten && !options.dryRun
    if options.json {
      output += JSONWriter.string(
        .object([
          "migrated": .string(store.path),
          "from": from.map { .number(Double($0)) } ?? .null,
          "to": .number(Double(target)),
          "repaired": .array(repairs.map(Self.json)),
          "saved": .bool(saved),
        ]))
      return
    }
    let would = options.dryRun && isRewritten ? "dry run (not saved): would " : ""
    if let from {
      output +=
        "\(would.isEmpty ? "migrated" : would + "migrate") \(store.path.escapedForTerminal) "
        + "from version \(from) to \(target)"
    } else if isRewritten {
      output +=
        "\(store.path.escapedForTerminal) is already at version \(target); "
        + (would.isEmpty ? "rewritten" : would + "rewrite it")
    } else {
      output += "\(store.path.escapedForTerminal) is already at version \(target); nothing to do"
    }
    let count = repairs.count
    output += count == 0 ? "\n" : " (\(count) problem\(count == 1 ? "" : "s") repaired)\n"
    for repair in repairs {
      output += "  repaired \(repair)".escapedForTerminal + "\n"
    }
  }

  /// `restore-backup [--force]`: replaces the file with its backup once the backup loads; a
  /// dry run checks the backup and only says what it would do.
  ///
  /// While a host is live for the file it is refused (a dry run too) unless `force`: the host
  /// would adopt the older backup, and its own saved changes would be gone from the file and
  /// from the host. A host declines `restore-backup`, so it always runs here, on the file.
  private mutating func restoreBackup(force: Bool) throws(Failure) {
    try requireFile(store.backupPath)
    if !force, let host = LiveHost(file: store.path) {
      throw Failure(
        message:
          "a host is live for '\(store.path)' (pid \(host.pid.map(String.init) ?? "unknown")): "
          + "it would adopt the backup and lose its saved changes; nothing changed "
          + "('restore-backup --force' restores it anyway)",
        exitCode: .refused)
    }
    let replaced = store.exists ? store.targetPath + ".before-restore" : nil
    if options.dryRun {
      try fileStep { () throws(WorkspaceFileError) in
        _ = try store.loadBackup()
        try store.checkSaving(nil)
      }
    } else {
      try fileStep { () throws(WorkspaceFileError) in try store.restoreBackup() }
    }
    if options.json {
      output += JSONWriter.string(
        .object([
          "restored": .string(store.path), "from": .string(store.backupPath),
          "replaced": replaced.map(JSONValue.string) ?? .null, "saved": .bool(!options.dryRun),
        ]))
    } else {
      output += options.dryRun ? "dry run (not saved): would restore " : "restored "
      output += "\(store.path) from \(store.backupPath)".escapedForTerminal
      output +=
        replaced.map {
          " (the replaced file \(options.dryRun ? "would be" : "is") \($0))".escapedForTerminal
        } ?? ""
      output += "\n"
    }
  }

  private mutating func validate() throws(Failure) {
    try requireFile()
    let loaded: LoadedWorkspace
    do {
      loaded = try store.load(default: .example)
    } catch {
      var failure = Failure(error, backupAvailable: store.hasBackup)
      if options.json {
        failure.output = JSONWriter.string(
          .object(["valid": false, "error": .string(error.description), "diagnostics": []]))
      }
      throw failure
    }
    let panes = loaded.state.paneIDs.count
    // Stored routes that the host's published route types cannot read: the file is sound,
    // but its host will find them on restore.
    let unreadable = loaded.state.unreadableRoutes(RouteRegistry(schema: loaded.state.routeSchema))
      .map { Diagnostic($0, in: loaded.state) }
    let problems = loaded.diagnostics + unreadable
    // Quarantined tokens are kept as they are, so they warn without making the file invalid.
    let warnings = Diagnostic.quarantinedRoutes(in: loaded.state)
    if options.json {
      output += JSONWriter.string(
        .object([
          "valid": .bool(problems.isEmpty),
          "panes": .number(Double(panes)),
          "migratedFrom": loaded.migratedFromVersion.map { .number(Double($0)) } ?? .null,
          "diagnostics": .array(problems.map(Self.json)),
          "warnings": .array(warnings.map(Self.json)),
        ]))
    } else {
      for diagnostic in problems {
        output += "\(store.path): \(diagnostic)".escapedForTerminal + "\n"
      }
      for warning in warnings {
        output += "\(store.path): warning: \(warning)".escapedForTerminal + "\n"
      }
      if problems.isEmpty {
        output += "\(store.path.escapedForTerminal): valid (\(panes) pane\(panes == 1 ? "" : "s")"
        output +=
          loaded.migratedFromVersion.map {
            "; format version \($0): 'wsctl migrate' rewrites it in version "
              + "\(WorkspaceFormat.currentVersion))\n"
          } ?? ")\n"
      }
    }
    if !problems.isEmpty {
      // The diagnostics are the point of `validate`: printed although the call fails.
      let count = problems.count
      var hints: [String] = []
      if !loaded.diagnostics.isEmpty { hints.append("'wsctl migrate' writes the repaired file") }
      if !unreadable.isEmpty {
        hints.append(
          "the host's route types cannot read \(unreadable.count) stored route\(unreadable.count == 1 ? "" : "s")"
        )
      }
      var failure = Failure(
        message: "\(store.path): \(count) problem\(count == 1 ? "" : "s") found; "
          + hints.joined(separator: "; "),
        exitCode: .badData)
      failure.output = output
      output = ""
      throw failure
    }
  }

  /// A diagnostic as `--json` prints it: `{"location": ..., "message": ...}`.
  private static func json(_ diagnostic: Diagnostic) -> JSONValue {
    .object(["location": .string(diagnostic.location), "message": .string(diagnostic.message)])
  }

  private func requireFile(_ path: String? = nil) throws(Failure) {
    let path = path ?? store.path
    guard FileSystem.exists(path) else {
      throw Failure(message: "no such file '\(path)'", exitCode: .noInput)
    }
  }

  private func fileStep(_ body: () throws(WorkspaceFileError) -> Void) throws(Failure) {
    do {
      try body()
    } catch {
      throw Failure(error, backupAvailable: store.hasBackup)
    }
  }

}
