import Workspace

/// The top-level `windows`: every window in order, the active one marked (its tree is the
/// top level's), each other one with its own tree, focus, list, zoom and size.
extension WorkspaceDecoder {
  /// A window as stored, before its focus is repaired.
  struct StoredWindow {
    var window: Window
    var focus: NodeID?
    var zoomed: NodeID?
    var isActive: Bool
    var location: String
  }

  /// The stored windows' objects, or `nil` (noted) for a `windows` member that is no array.
  mutating func windowValues(_ object: JSONDocument.Object) -> [JSONDocument.Value]? {
    guard let value = object[.windows] else { return nil }
    guard let items = value.arrayValue else {
      note("$.windows", "not an array; every window but the top level's dropped")
      return nil
    }
    return items
  }

  /// Claims the ids of the trees of the windows that are not the active one, before any tree
  /// is read, so that fresh ids never collide across windows.
  mutating func collectWindowIDs(_ items: [JSONDocument.Value]) throws(WorkspaceFileError) {
    for (index, item) in items.enumerated() {
      guard let object = item.objectValue, object[.active]?.boolValue != true,
        let root = object[.root]
      else { continue }
      try collectIDs(root, at: "$.windows[\(index)].root", depth: 1)
    }
  }

  /// Reads the windows' members and the trees of the inactive ones (a window whose tree
  /// cannot be read is dropped, noted).
  mutating func decodeWindows(
    _ items: [JSONDocument.Value], limit: Int
  ) throws(WorkspaceFileError) -> [StoredWindow] {
    var windows: [StoredWindow] = []
    var identifiers: Set<String> = []
    var hasActive = false
    for (index, item) in items.enumerated() {
      let location = "$.windows[\(index)]"
      guard let object = item.objectValue else {
        note(location, "not an object; window dropped")
        continue
      }
      warnAboutDuplicateKeys(in: object, at: location)
      let isActive = object[.active]?.boolValue == true && !hasActive
      if object[.active]?.boolValue == true, hasActive {
        note(location + ".active", "a second active window; window dropped")
        continue
      }
      var rootID = NodeID(0)
      if !isActive {
        guard let rootValue = object[.root],
          let root = try decodeNode(rootValue, at: location + ".root", parent: nil, depth: 1)
        else {
          note(location, "window has no usable 'root'; window dropped")
          continue
        }
        rootID = root
      }
      hasActive = hasActive || isActive
      var identifier = try string(object[.id], at: location + ".id") ?? ""
      if !Window.isValidIdentifier(identifier) || identifiers.contains(identifier) {
        let fresh = "w\(rootID.rawValue)-\(index + 1)"
        note(location + ".id", "not a valid identifier used once; '\(fresh)' given")
        identifier = fresh
      }
      identifiers.insert(identifier)
      let title = try string(object[.title], at: location + ".title") ?? ""
      let stored = Window(
        identifier: identifier, title: title, rootID: rootID,
        mostRecentlyUsed: isActive
          ? [] : mostRecentlyUsed(object[.mostRecentlyUsed], limit: limit, at: location + ".mru"),
        layoutSize: isActive
          ? nil : size(object, .layoutSize, lengths: WorkspaceState.layoutLengths),
        unknownMembers: unknown(object, known: FormatKey.windowMembers))
      windows.append(
        StoredWindow(
          window: stored,
          focus: isActive ? nil : storedPane(object[.focus], at: location + ".focus"),
          zoomed: isActive ? nil : storedPane(object[.zoomed], at: location + ".zoomed"),
          isActive: isActive, location: location))
    }
    if !windows.isEmpty, !hasActive {
      note("$.windows", "no window is marked active; the top level's tree is the first window")
      var first = Window.first(rootID: NodeID(0))
      if identifiers.contains(first.identifier) {
        first = Window(
          identifier: "main-\(windows.count + 1)", title: "", rootID: NodeID(0),
          mostRecentlyUsed: [])
      }
      windows.insert(
        StoredWindow(window: first, isActive: true, location: "$"), at: 0)
    }
    return windows
  }

  /// Puts the stored windows into `state` (whose tree members are the active window's) and
  /// repairs each other window's focus, list and zoom, noting every repair.
  mutating func adoptWindows(
    _ windows: [StoredWindow], previous: JSONDocument.Value?, into state: inout WorkspaceState
  ) throws(WorkspaceFileError) {
    guard let active = windows.firstIndex(where: \.isActive) else { return }
    state.windowList = WindowList(entries: windows.map(\.window), active: active)
    var index = 0
    for stored in windows {
      defer { index += 1 }
      guard !stored.isActive else { continue }
      guard
        let (repairs, zoomKept) = state.repairWindow(
          at: index, focus: stored.focus, zoomed: stored.zoomed)
      else {
        note(stored.location, "the window holds no pane; window dropped")
        index -= 1
        continue
      }
      for repair in repairs {
        note(stored.location, "\(repair.node): \(repair.message)")
      }
      if let zoomed = stored.zoomed, !zoomKept {
        note(
          stored.location + ".zoomed", "\(zoomed) is not the window's focused pane; zoom cleared")
      }
    }
    if let previous {
      if let identifier = previous.stringValue, state.windowList.index(of: identifier) != nil {
        state.windowList.previous = identifier
      } else {
        note("$.previousWindow", "not the identifier of a window; ignored")
      }
    }
  }
}

/// Windows by id, as a history entry and a closed window store them: strict, since any
/// doubt drops what holds them rather than risk a bad undo or reopen.
extension WorkspaceDecoder {
  /// A window whose root is an id (a history entry's inactive window, a closed window);
  /// with `isActive`, only its identifier and title.
  func flatWindow(_ value: JSONDocument.Value) -> (window: Window, isActive: Bool)? {
    guard let object = value.objectValue, let identifier = object[.id]?.stringValue,
      Window.isValidIdentifier(identifier)
    else { return nil }
    let title = object[.title].map(\.stringValue) ?? ""
    guard let title else { return nil }
    let unknownMembers = unknown(object, known: FormatKey.windowMembers)
    if object[.active]?.boolValue == true {
      return (
        Window(
          identifier: identifier, title: title, rootID: NodeID(0), mostRecentlyUsed: [],
          unknownMembers: unknownMembers), true
      )
    }
    guard let root = object[.root]?.intValue, (1...Self.maximumID).contains(root) else {
      return nil
    }
    let items = object[.mostRecentlyUsed]?.arrayValue ?? []
    let recent = items.compactMap { $0.intValue.map(NodeID.init(_:)) }
    guard recent.count == items.count else { return nil }
    var zoomed: NodeID?
    if let value = object[.zoomed], !value.isNull {
      guard let raw = value.intValue else { return nil }
      zoomed = NodeID(raw)
    }
    var layoutSize: Size?
    if let value = object[.layoutSize] {
      guard let text = value.stringValue, let size = Size(parsing: text),
        WorkspaceState.layoutLengths.contains(size.width),
        WorkspaceState.layoutLengths.contains(size.height)
      else { return nil }
      layoutSize = size
    }
    return (
      Window(
        identifier: identifier, title: title, rootID: NodeID(root), mostRecentlyUsed: recent,
        zoomedPane: zoomed, layoutSize: layoutSize, unknownMembers: unknownMembers), false
    )
  }

  /// A history entry's window list: `windows` with exactly one active window and
  /// identifiers used once, and `previousWindow` one of them; `fallback` without `windows`.
  func storedWindowList(
    _ object: JSONDocument.Object, fallback: WindowList
  ) -> WindowList? {
    guard let value = object[.windows] else {
      return object[.previousWindow] == nil ? fallback : nil
    }
    guard let items = value.arrayValue, !items.isEmpty,
      items.count <= WorkspaceState.windowLimit
    else { return nil }
    var windows: [Window] = []
    var active: Int?
    for item in items {
      guard let (window, isActive) = flatWindow(item) else { return nil }
      if isActive {
        guard active == nil else { return nil }
        active = windows.count
      }
      windows.append(window)
    }
    guard let active, Set(windows.map(\.identifier)).count == windows.count else { return nil }
    var previous: String?
    if let value = object[.previousWindow] {
      guard let identifier = value.stringValue,
        windows.contains(where: { $0.identifier == identifier })
      else { return nil }
      previous = identifier
    }
    return WindowList(entries: windows, active: active, previous: previous)
  }

  /// A closed entry's `window` and `index`, checked against the entry's tree: its root is
  /// the entry's node, its list and zoom its panes.
  func closedWindow(
    _ object: JSONDocument.Object, root: NodeID, nodes: [NodeID: Node]
  ) -> ClosedList.WindowPlace?? {
    guard let value = object[.window] else { return .some(nil) }
    guard let (window, isActive) = flatWindow(value), !isActive, window.rootID == root,
      let index = object[.index]?.intValue, index >= 0,
      window.mostRecentlyUsed.allSatisfy({ nodes[$0]?.isPane == true }),
      window.zoomedPane.map({ nodes[$0]?.isPane == true }) ?? true
    else { return nil }
    return .some(ClosedList.WindowPlace(window: window, index: index))
  }
}
