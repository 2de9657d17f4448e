import Workspace

extension WorkspaceDecoder {
  /// Decodes the stored history into `state`; a history that is malformed or does not
  /// replay onto the tree is dropped with a diagnostic, never trusted.
  mutating func decodeHistory(_ value: JSONDocument.Value, into state: inout WorkspaceState) {
    let location = "$.history"
    guard let object = value.objectValue,
      let undo = object[.undo]?.arrayValue, let redo = object[.redo]?.arrayValue
    else {
      note(location, "not an object with 'undo' and 'redo' arrays; history dropped")
      return
    }
    let limit = object[.limit]?.intValue.map { max(0, $0) } ?? History.defaultLimit
    var history = History(limit: limit)
    var entries: [[History.Entry]] = [[], []]
    for (list, (key, items)) in [(FormatKey.undo, undo), (.redo, redo)].enumerated() {
      for (index, item) in items.enumerated() {
        guard let entry = historyEntry(item, windows: Self.firstWindowOnly) else {
          note("\(location).\(key)[\(index)]", "malformed history entry; history dropped")
          return
        }
        entries[list].append(entry)
      }
    }
    history.undoEntries = Array(entries[0].suffix(limit))
    history.redoEntries = entries[1]
    var candidate = state
    candidate.history = history
    guard candidate.historyReplays() else {
      note(location, "history does not match the tree; history dropped")
      return
    }
    state.history = history
  }

  /// The window list of a workspace of the first window alone.
  static let firstWindowOnly = WindowList(Window.first(rootID: NodeID(0)))

  private func historyEntry(_ value: JSONDocument.Value, windows: WindowList) -> History.Entry? {
    guard let object = value.objectValue,
      let label = object[.label]?.stringValue,
      let root = object[.root]?.intValue,
      let mru = object[.mostRecentlyUsed]?.arrayValue,
      let images = object[.nodes]?.arrayValue
    else { return nil }
    var nodes = NodeImages()
    for image in images {
      guard let pair = image.objectValue, let id = pair[.id]?.intValue,
        let stored = pair[.node]
      else { return nil }
      if stored.isNull {
        nodes[NodeID(id)] = .some(nil)
      } else {
        guard let node = flatNode(stored, id: NodeID(id)) else { return nil }
        nodes[NodeID(id)] = node
      }
    }
    let recent = mru.compactMap { $0.intValue.map(NodeID.init(_:)) }
    guard recent.count == mru.count else { return nil }
    let zoomed = object[.zoomed]?.intValue.map(NodeID.init(_:))
    // An entry without `windows` was made in a workspace of the first window alone.
    guard let windowList = storedWindowList(object, fallback: windows) else { return nil }
    let restoresZoom: Bool
    switch object[.zoomChanged] {
    case nil: restoresZoom = false
    case let value?:
      guard let flag = value.boolValue else { return nil }
      restoresZoom = flag
    }
    return History.Entry(
      label: label,
      journal: Journal(
        nodes: nodes, rootID: NodeID(root), mostRecentlyUsed: recent, zoomedPane: zoomed,
        restoresZoom: restoresZoom, windowList: windowList))
  }

  /// A node image as history stores it (children and parent as ids); strict, since any doubt
  /// drops the history rather than risking a bad undo.
  private func flatNode(_ value: JSONDocument.Value, id: NodeID) -> Node? {
    guard let object = value.objectValue, object[.id]?.intValue == id.rawValue,
      let kindName = object[.kind]?.stringValue
    else { return nil }
    let kind: Node.Kind
    switch StoredNodeKind(name: kindName) {
    case .pane?: kind = .pane
    case .tabs?: kind = .tabs
    case .stack?:
      guard let axisName = object[.axis]?.stringValue, let axis = Axis(rawValue: axisName)
      else { return nil }
      kind = .stack(axis)
    case .split?:
      guard let axisName = object[.axis]?.stringValue, let axis = Axis(rawValue: axisName)
      else { return nil }
      kind = .split(axis)
    case nil: kind = .unknown(kindName)
    }
    // The encoder writes the parent first; a later `parent` is a member the tree kept.
    var members = object
    let parent = members.members.firstIndex { $0.hasKey(.parent) }.map {
      members.members.remove(at: $0).value
    }
    let parentID = parent?.intValue.map(NodeID.init(_:))
    if case .unknown(let name) = kind {
      return .unknown(
        id, kind: name, parent: parentID,
        unknownMembers: unknown(members, known: FormatKey.unknownKindNodeMembers))
    }
    // Read exactly the fields the tree reads for this kind; the rest are kept members. An
    // image the kind's payload cannot hold (a pane without a router, weights or titles that
    // do not match the children) is a doubt.
    var router: RouterState?
    if let value = object[.router] {
      var decoder = self
      let noted = decoder.diagnostics.count
      guard let decoded = try? decoder.decodeRouter(value, at: "$"),
        decoder.diagnostics.count == noted
      else { return nil }
      router = decoded
    }
    let children = (object[.children]?.arrayValue ?? []).compactMap {
      $0.intValue.map(NodeID.init(_:))
    }
    let active = object[.active]?.intValue ?? 0
    let unknownMembers = unknown(members, known: StoredNodeKind(kind)!.members)
    switch kind {
    case .pane:
      guard let router else { return nil }
      return .pane(
        id, title: object[.title]?.stringValue ?? "", router: router, parent: parentID,
        unknownMembers: unknownMembers,
        mark: object[.mark]?.stringValue.flatMap { WorkspaceState.isValidMark($0) ? $0 : nil })
    case .split(let axis):
      let weights = (object[.weights]?.arrayValue ?? []).compactMap(\.numberValue)
      guard weights.count == children.count else { return nil }
      return .split(
        id, axis: axis, children: children, weights: weights, activeIndex: active,
        router: router, parent: parentID, unknownMembers: unknownMembers)
    case .tabs:
      let titles = (object[.titles]?.arrayValue ?? []).compactMap(\.stringValue)
      guard titles.count == children.count,
        let floating = flatFloating(object[.floating], tabCount: children.count)
      else { return nil }
      return .tabs(
        id, children: children, titles: titles, activeIndex: active, router: router,
        parent: parentID, unknownMembers: unknownMembers, floating: floating)
    case .stack(let axis):
      return .stack(
        id, axis: axis, children: children, activeIndex: active, router: router,
        parent: parentID, unknownMembers: unknownMembers)
    case .unknown:
      return nil
    }
  }
}
