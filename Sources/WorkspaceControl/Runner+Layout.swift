import Workspace
import WorkspaceJSON

/// `load-layout`, `save-layout` and `init --from`: layout files (`docs/FORMAT.md`, "Layout
/// files"), the terse spelling of a template that people write by hand.
///
/// A layout is read where the workspace is (a live host is sent its absolute path), and a
/// layout file is always written by `wsctl` itself, as templates files are: a live host
/// prints `save-layout -` and the client writes FILE (see `Tool`).
extension Runner {
  /// The one template of a layout file (or of a templates file holding one), for
  /// `load-layout`.
  ///
  /// - Throws: The file's error (66 missing, 65 malformed, with its JSON path), or a usage
  ///   ``Failure`` for a templates file of several templates.
  static func layout(_ file: String, word: Int) throws(Failure) -> WorkspaceTemplate {
    let library: TemplateLibrary
    do {
      library = try LayoutFile.loadTemplates(path: file)
    } catch {
      throw Failure(error)
    }
    guard library.templates.count == 1 else {
      throw .usage(
        "'\(file)' \(Invocation.position(word + 1)) holds \(library.templates.count) templates; "
          + "'load-layout' takes a layout of one (for one of several: "
          + "--from FILE template apply NAME)")
    }
    return library.templates[0]
  }

  /// The template `init --from FILE [NAME]` starts a workspace from: NAME's, or the file's
  /// only one.
  static func initialTemplate(
    _ library: TemplateLibrary, named name: String?, file: String
  ) throws(Failure) -> WorkspaceTemplate {
    if let name {
      do {
        return try library.template(named: name)
      } catch {
        throw Failure(error)
      }
    }
    guard library.templates.count == 1 else {
      throw .usage(
        "'\(file)' holds \(library.templates.count) templates; name one: "
          + "init NAME [KEY=VALUE]... (\(library.names.map { "'\($0)'" }.joined(separator: ", ")))")
    }
    return library.templates[0]
  }

  /// The workspace (or its active tab) as `save-layout` writes it, named NAME or after FILE
  /// (`dev.layout.json` is `dev`), with a split's equal shares written as none.
  static func layout(
    of state: WorkspaceState, file: String, name: String?, tab: Bool, word: Int
  ) throws(Failure) -> WorkspaceTemplate {
    let name = name ?? layoutName(of: file)
    do {
      let template =
        tab ? try state.template(named: name) : try state.workspaceTemplate(named: name)
      guard template.windows.isEmpty else {
        return try WorkspaceTemplate(
          name: template.name, title: template.title,
          windows: template.windows.map { $0.with(title: $0.title, root: plainWeights($0.root)) },
          activeWindow: template.activeWindow)
      }
      return try WorkspaceTemplate(
        name: template.name, title: template.title, root: plainWeights(template.root),
        scope: template.scope)
    } catch {
      throw Failure(error, atWord: word)
    }
  }

  /// A layout's name after its file: the last component without `.json` and `.layout`,
  /// else `layout`.
  static func layoutName(of file: String) -> String {
    var name = Substring(file.split(separator: "/").last ?? "")
    for suffix in [".json", ".layout"] where name.hasSuffix(suffix) {
      name = name.dropLast(suffix.count)
    }
    return WorkspaceTemplate.isValidName(String(name)) ? String(name) : "layout"
  }

  /// The tree with every split of equal shares given shares of 1, which a layout leaves out.
  private static func plainWeights(_ node: NodeTemplate) -> NodeTemplate {
    var result: NodeTemplate
    switch node.content {
    case .pane: return node
    case .split(let axis, let children, let weights):
      let equal = weights.allSatisfy { abs($0 - weights[0]) <= 1e-9 * max(1, weights[0]) }
      result = NodeTemplate(
        .split(
          axis, children: children.map(plainWeights),
          weights: equal ? Array(repeating: 1, count: weights.count) : weights),
        router: node.router)
    case .tabs(let children, let titles, let selected):
      result = NodeTemplate(
        .tabs(children: children.map(plainWeights), titles: titles, selected: selected),
        router: node.router)
    case .stack(let axis, let children, let expanded):
      result = NodeTemplate(
        .stack(axis, children: children.map(plainWeights), expanded: expanded),
        router: node.router)
    }
    result.unknownMembers = node.unknownMembers
    return result.floating(node.floatingLayer)
  }

  /// Writes a layout to FILE (`-`: returns its text, for standard output) and returns what
  /// the call prints, as ``export(_:to:force:options:)`` does for templates.
  ///
  /// - Throws: A ``Failure`` with exit 73 for an existing FILE without `force`, or one that
  ///   cannot be written.
  static func save(
    _ template: WorkspaceTemplate, to file: String, force: Bool, options: Invocation.Options
  ) throws(Failure) -> String {
    if file == Invocation.standardOutput {
      return String(decoding: LayoutFile.encode(template), as: UTF8.self)
    }
    if !force, FileSystem.exists(file) {
      throw Failure(
        message: "'\(file)' already exists; 'save-layout --force' replaces it",
        exitCode: .cannotCreate)
    }
    if !options.dryRun {
      do {
        try LayoutFile.write(template, to: file)
      } catch {
        throw Failure(error)
      }
    }
    if options.json {
      let report: JSONObject = [
        "file": .string(file), "layout": .string(template.name),
        "scope": .string(template.scope.rawValue), "written": .bool(!options.dryRun),
      ]
      return JSONWriter.string(.object(report))
    }
    guard options.dryRun else { return "" }
    return "dry run (not written): layout '\(template.name)' to \(file)".escapedForTerminal + "\n"
  }

  /// What reconciling did, one line each: `reconciled %7: kept %3 %5; opened %9; closed %4`.
  static func report(_ reconciliation: Reconciliation) -> String {
    func ids(_ list: [NodeID]) -> String {
      list.isEmpty ? "none" : list.map(\.description).joined(separator: " ")
    }
    var line = "reconciled \(reconciliation.target): kept \(ids(reconciliation.kept)); "
    line += "opened \(ids(reconciliation.opened)); closed \(ids(reconciliation.closed))"
    if !reconciliation.setAside.isEmpty { line += "; set aside \(ids(reconciliation.setAside))" }
    return line + "\n"
  }

  /// What reconciling did, as `--json` prints it.
  static func json(_ reconciliation: Reconciliation) -> JSONValue {
    func ids(_ list: [NodeID]) -> JSONValue { .array(list.map { .number(Double($0.rawValue)) }) }
    return .object([
      "target": .number(Double(reconciliation.target.rawValue)),
      "kept": ids(reconciliation.kept), "opened": ids(reconciliation.opened),
      "closed": ids(reconciliation.closed), "setAside": ids(reconciliation.setAside),
    ])
  }
}
