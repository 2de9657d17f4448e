import Workspace

/// The top-level `windows`, read in the same pass as the tree: every window in order, the
/// active one marked (its tree is the top level's), each other one with its own tree read as
/// the top level's is. Only what the reference reads without a diagnostic: a window that is
/// not an object, a second active window, an identifier that is not valid or is used twice,
/// an inactive window without a tree, or an active one that stores a tree's members, is the
/// reference's.
extension OnePassDecoder {
  /// Reads the `windows` array: each window's members and the trees of the inactive ones,
  /// their nodes added to ``nodes``. Focus, list and zoom are checked once every tree is read
  /// (``adopt(_:previous:limit:into:path:)``).
  mutating func windows() throws(NeedsReference) -> [WorkspaceDecoder.StoredWindow] {
    var windows: [WorkspaceDecoder.StoredWindow] = []
    var identifiers: Set<String> = []
    guard try openArray() else { return windows }
    repeat {
      let window = try self.window(at: windows.count)
      guard windows.count < WorkspaceState.windowLimit,
        identifiers.insert(window.window.identifier).inserted,
        !window.isActive || !windows.contains(where: \.isActive)
      else { throw NeedsReference() }
      windows.append(window)
    } while try next(closing: 0x5D)
    guard windows.isEmpty || windows.contains(where: \.isActive) else { throw NeedsReference() }
    return windows
  }

  /// One window of the top level's `windows`, the `index`th.
  private mutating func window(at index: Int) throws(NeedsReference)
    -> WorkspaceDecoder.StoredWindow
  {
    // A window's tree lies two levels deeper than the top level's (inside the array of
    // windows and the window), and its kept members inside the top level, the array and the
    // window.
    let read = try windowMembers(keptDepth: 3) { decoder throws(NeedsReference) in
      decoder.nesting += 2
      defer { decoder.nesting -= 2 }
      return try decoder.node(parent: nil, depth: 1).id
    }
    let location = "$.windows[\(index)]"
    if read.isActive {
      return WorkspaceDecoder.StoredWindow(
        window: try read.activeWindow(), isActive: true, location: location)
    }
    guard let root = read.root else { throw NeedsReference() }
    let window = Window(
      identifier: read.identifier, title: read.title, rootID: root,
      mostRecentlyUsed: read.recent, layoutSize: read.layoutSize,
      unknownMembers: read.members.members)
    return WorkspaceDecoder.StoredWindow(
      window: window, focus: read.focus, zoomed: read.zoomed, isActive: false,
      location: location)
  }

  /// A window's members as the file holds them, in any order: the top level's windows and a
  /// history entry's window list spell a window alike, but for how its `root` is held.
  struct WindowMembers<Root> {
    var identifier = ""
    var title = ""
    var isActive = false
    var focus: NodeID?
    var recent: [NodeID] = []
    var zoomed: NodeID?
    var layoutSize: Size?
    var root: Root?
    var members = ObjectMembers()

    /// The active window: its tree's members are the top level's (or the entry's), and one
    /// it stores is ignored by the reference, so such a window is the reference's.
    func activeWindow() throws(NeedsReference) -> Window {
      guard
        !members.holds(.focus), !members.holds(.mostRecentlyUsed), !members.holds(.zoomed),
        !members.holds(.layoutSize), !members.holds(.root)
      else { throw NeedsReference() }
      return Window(
        identifier: identifier, title: title, rootID: NodeID(0), mostRecentlyUsed: [],
        unknownMembers: members.members)
    }
  }

  /// Reads a window object, its `root` with `readRoot` and the members it does not know kept
  /// at `keptDepth`; a window without a valid identifier is the reference's.
  mutating func windowMembers<Root>(
    keptDepth: Int, root readRoot: (inout Self) throws(NeedsReference) -> Root
  ) throws(NeedsReference) -> WindowMembers<Root> {
    var read = WindowMembers<Root>()
    var identifier: String?
    guard try openObject() else { throw NeedsReference() }
    repeat {
      let (key, start, length) = try self.key()
      let member = Self.windowKeys.member(key)
      try read.members.claim(member)
      switch member {
      case .id?: identifier = try string()
      case .title?: read.title = try string()
      case .active?: read.isActive = try boolean()
      case .focus?: read.focus = try storedID()
      case .mostRecentlyUsed?: read.recent = try ids()
      case .zoomed?: read.zoomed = try storedID()
      case .layoutSize?: read.layoutSize = try size(lengths: WorkspaceState.layoutLengths)
      case .root?: read.root = try readRoot(&self)
      default:
        try read.members.append(
          keyText(start: start, count: length), try keptValue(depth: keptDepth))
      }
    } while try next(closing: 0x7D)
    guard let identifier, Window.isValidIdentifier(identifier) else { throw NeedsReference() }
    read.identifier = identifier
    return read
  }

  /// Puts the stored windows into `state` with the reference's own code, once every tree is
  /// read and the active window's focus repaired: each other window's focus, list and zoom
  /// must need no repair, its list name panes once each within `limit`, and `previous` (the
  /// top level's `previousWindow`) name one of the windows.
  func adopt(
    _ windows: [WorkspaceDecoder.StoredWindow], previous: String?, limit: Int,
    into state: inout WorkspaceState, path: String
  ) throws(NeedsReference) {
    // Without windows the reference keeps the one window a workspace starts with, and
    // ignores a previous window.
    guard !windows.isEmpty else { return }
    for stored in windows where !stored.isActive {
      let recent = stored.window.mostRecentlyUsed
      guard recent.count <= limit, recent.count < 2 || Set(recent).count == recent.count else {
        throw NeedsReference()
      }
      for pane in [stored.focus, stored.zoomed] + recent.map(Optional.some) {
        guard let pane else { continue }
        guard state.nodes[pane]?.isPane == true else { throw NeedsReference() }
      }
    }
    var reference = WorkspaceDecoder(file: path, limits: limits)
    do {
      try reference.adoptWindows(windows, previous: nil, into: &state)
    } catch {
      throw NeedsReference()
    }
    guard reference.diagnostics.isEmpty, state.windowList.entries.count == windows.count else {
      throw NeedsReference()
    }
    if let previous {
      guard state.windowList.index(of: previous) != nil else { throw NeedsReference() }
      state.windowList.previous = previous
    }
  }

  static let windowKeys = KeyTable(keys: FormatKey.windowMembers)
}
