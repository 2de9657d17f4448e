/// The chain of migrations that bring older files forward, one version at a time.
///
/// Version 0 (the pre-release format) named a node's kind `type`, a router's stack `routes`,
/// and the focused pane `focused`; version 1 calls them `kind`, `stack` and `focus`. Version 2
/// adds the top-level `revision`, which every save increases; a version 1 file has none, and
/// reads as revision 0. Version 3 adds stacks and floating panes, which a version 2 file does not
/// hold, and windows: a version 2 file's tree is the first one, so it reads unchanged.
enum Migration {
  /// The step from each version to the next.
  static let steps: [Int: @Sendable (JSONObject) -> JSONObject] = [
    0: fromVersion0, 1: fromVersion1, 2: fromVersion2,
  ]

  /// Migrates a file's top-level object from `version` to the current version.
  ///
  /// - Returns: The migrated object (with `version` set to the current one) and the versions
  ///   it passed through.
  static func migrate(_ object: JSONObject, from version: Int) -> (JSONObject, [Int]) {
    var object = object
    var passed: [Int] = []
    for step in version..<WorkspaceFormat.currentVersion {
      object = steps[step]!(object)
      passed.append(step)
      object[.version] = .number(Double(step + 1))
    }
    return (object, passed)
  }

  private static func fromVersion0(_ file: JSONObject) -> JSONObject {
    var file = file
    file.renameKey("focused", to: FormatKey.focus.description)
    if let root = file[.root] { file[.root] = migrateNode(root, depth: 0) }
    return file
  }

  /// Version 1 has no revision: the file reads as never saved by a revision-counting writer.
  private static func fromVersion1(_ file: JSONObject) -> JSONObject {
    file
  }

  /// Version 3 adds stacks and floating panes, which a version 2 file does not hold, and
  /// windows: its top-level tree members (`root`, `focus`, `mru`, `zoomed`, `layoutSize`) are
  /// the active window's, the others in `windows`. A file without `windows` is one window,
  /// `main`, untitled, active: a version 2 file's tree becomes the first window as it stands.
  private static func fromVersion2(_ file: JSONObject) -> JSONObject {
    file
  }

  /// Renames the keys of one node and its children; depth is bounded by the reader's depth
  /// limit, and nesting beyond the tree limit is left for the decoder to refuse.
  private static func migrateNode(_ value: JSONValue, depth: Int) -> JSONValue {
    guard case .object(var node) = value, depth < 1000 else { return value }
    node.renameKey("type", to: FormatKey.kind.description)
    if case .object(var router)? = node[.router] {
      router.renameKey("routes", to: FormatKey.stack.description)
      node[.router] = .object(router)
    }
    if case .array(let children)? = node[.children] {
      node[.children] = .array(children.map { migrateNode($0, depth: depth + 1) })
    }
    return .object(node)
  }
}

extension JSONObject {
  /// Renames a member in place, keeping its position; does nothing if `old` is absent or
  /// `new` is already present.
  fileprivate mutating func renameKey(_ old: String, to new: String) {
    guard !contains(key: new), let index = lastIndex(ofKey: old) else { return }
    members[index].key = new
  }
}
