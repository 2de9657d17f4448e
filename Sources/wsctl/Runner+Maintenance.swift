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
    case .complete(let words):
      output += LineCompletion.output(for: words)
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
        options.json
        ? JSONWriter.string(.object(["initialized": .string(store.path)]))
        : "initialized \(store.path)\n"
    case .migrate:
      try requireFile()
      var from: Int?
      var repairs: [Diagnostic] = []
      try fileStep {
        let loaded = try store.update(default: .example, writingAlways: true) { _ in }.loaded
        from = loaded.migratedFromVersion
        repairs = loaded.diagnostics
      }
      let target = WorkspaceFormat.currentVersion
      if options.json {
        output += JSONWriter.string(
          .object([
            "migrated": .string(store.path),
            "from": from.map { .number(Double($0)) } ?? .null,
            "to": .number(Double(target)),
            "repaired": .array(repairs.map(Self.json)),
          ]))
      } else {
        output +=
          from.map { "migrated \(store.path) from version \($0) to \(target)" }
          ?? "\(store.path) is already at version \(target); rewritten"
        let count = repairs.count
        output += count == 0 ? "\n" : " (\(count) problem\(count == 1 ? "" : "s") repaired)\n"
        for repair in repairs {
          output += "  repaired \(repair)\n"
        }
      }
    case .restoreBackup:
      try requireFile(store.backupPath)
      let replaced = store.exists ? store.path + ".before-restore" : nil
      try fileStep { try store.restoreBackup() }
      if options.json {
        output += JSONWriter.string(
          .object([
            "restored": .string(store.path), "from": .string(store.backupPath),
            "replaced": replaced.map(JSONValue.string) ?? .null,
          ]))
      } else {
        output += "restored \(store.path) from \(store.backupPath)"
        output += replaced.map { " (the replaced file is \($0))\n" } ?? "\n"
      }
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
      var failure = Failure(error, backupAvailable: store.hasBackup)
      if options.json {
        failure.output = JSONWriter.string(
          .object(["valid": false, "error": .string(error.description), "diagnostics": []]))
      }
      throw failure
    }
    let panes = loaded.state.paneIDs.count
    if options.json {
      output += JSONWriter.string(
        .object([
          "valid": .bool(loaded.diagnostics.isEmpty),
          "panes": .number(Double(panes)),
          "migratedFrom": loaded.migratedFromVersion.map { .number(Double($0)) } ?? .null,
          "diagnostics": .array(
            loaded.diagnostics.map(Self.json)),
        ]))
    } else {
      for diagnostic in loaded.diagnostics {
        output += "\(store.path): \(diagnostic)\n"
      }
      if loaded.diagnostics.isEmpty {
        output += "\(store.path): valid (\(panes) pane\(panes == 1 ? "" : "s")"
        output +=
          loaded.migratedFromVersion.map {
            "; format version \($0): 'wsctl migrate' rewrites it in version "
              + "\(WorkspaceFormat.currentVersion))\n"
          } ?? ")\n"
      }
    }
    if !loaded.diagnostics.isEmpty {
      // The diagnostics are the point of `validate`: printed although the call fails.
      let count = loaded.diagnostics.count
      var failure = Failure(
        message: "\(store.path): \(count) problem\(count == 1 ? "" : "s") found; "
          + "'wsctl migrate' writes the repaired file",
        exitCode: Failure.badData)
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

/// Checks of a path before anything is opened or locked.
enum FileSystemCheck {
  /// Whether a path exists.
  static func exists(_ path: String) -> Bool {
    access(path, F_OK) == 0
  }

  /// Whether a path exists and is something other than a regular file (a directory or a
  /// device), which no workspace file can be.
  static func isOtherThanAFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG
  }
}
