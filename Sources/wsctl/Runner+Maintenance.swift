import Workspace
import WorkspaceJSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Runner {
  /// Runs a step that stands alone (help, version, completions and maintenance), returning
  /// `false` for any other step.
  mutating func runStandalone(_ step: Invocation.Step) throws(Failure) -> Bool {
    switch step {
    case .help(let topic):
      output += topic.flatMap(CommandHelp.named)?.text ?? ToolHelp.text
    case .version:
      output += ToolHelp.version + "\n"
    case .completions(let shell):
      output += Completions.script(for: shell)
    case .validate:
      try validate()
    case .initialize(let force):
      guard force || !store.exists else {
        throw Failure(
          message: "'\(store.path)' already exists; 'init --force' replaces it (keeping a backup)",
          exitCode: Failure.cannotCreate)
      }
      try fileStep { try store.save(.example) }
      output +=
        options.json ? "{\"initialized\": \"\(store.path)\"}\n" : "initialized \(store.path)\n"
    case .migrate:
      try requireFile()
      var from: Int?
      try fileStep {
        from = try store.update(default: .example, writingAlways: true) { _ in }.loaded
          .migratedFromVersion
      }
      let target = WorkspaceFormat.currentVersion
      output +=
        from.map { "migrated \(store.path) from version \($0) to \(target)\n" }
        ?? "\(store.path) is already at version \(target); rewritten\n"
    case .restoreBackup:
      try requireFile(store.backupPath)
      try fileStep { try store.restoreBackup() }
      output += "restored \(store.path) from \(store.backupPath)"
      output += store.exists ? " (the replaced file is \(store.path).before-restore)\n" : "\n"
    default:
      return false
    }
    return true
  }

  private mutating func validate() throws(Failure) {
    try requireFile()
    let loaded: LoadedWorkspace
    do {
      loaded = try store.load(default: .example)
    } catch {
      if options.json {
        output += JSONWriter.string(
          .object(["valid": false, "error": .string(error.description), "diagnostics": []]))
      }
      throw Failure(error, backupAvailable: store.hasBackup)
    }
    let panes = loaded.state.paneIDs.count
    if options.json {
      output += JSONWriter.string(
        .object([
          "valid": .bool(loaded.diagnostics.isEmpty),
          "panes": .number(Double(panes)),
          "migratedFrom": loaded.migratedFromVersion.map { .number(Double($0)) } ?? .null,
          "diagnostics": .array(
            loaded.diagnostics.map {
              .object(["location": .string($0.location), "message": .string($0.message)])
            }),
        ]))
    } else {
      for diagnostic in loaded.diagnostics {
        output += "\(store.path): \(diagnostic)\n"
      }
      if loaded.diagnostics.isEmpty {
        output += "\(store.path): valid (\(panes) pane\(panes == 1 ? "" : "s"))\n"
      }
    }
    if !loaded.diagnostics.isEmpty {
      let count = loaded.diagnostics.count
      throw Failure(
        message: "\(store.path): \(count) problem\(count == 1 ? "" : "s") found (repairable)",
        exitCode: Failure.badData)
    }
  }

  private func requireFile(_ path: String? = nil) throws(Failure) {
    let path = path ?? store.path
    guard FileSystemCheck.exists(path) else {
      throw Failure(message: "no such file '\(path)'", exitCode: Failure.noInput)
    }
  }

  private func fileStep(_ body: () throws -> Void) throws(Failure) {
    do {
      try body()
    } catch let error as WorkspaceFileError {
      throw Failure(error, backupAvailable: store.hasBackup)
    } catch {
      throw Failure(message: "\(error)", exitCode: Failure.cannotCreate)
    }
  }
}

extension WorkspaceStore {
  /// Whether the file exists.
  var exists: Bool { FileSystemCheck.exists(path) }
}

/// Whether a path exists.
enum FileSystemCheck {
  static func exists(_ path: String) -> Bool {
    access(path, F_OK) == 0
  }
}
