/// One window of a workspace: its own tree, focus, most-recently-used panes, zoom and
/// recorded size, a title, and an identifier a host maps to its scene (a SwiftUI scene's
/// storage, an AppKit window's restoration id).
///
/// The state's own members (``WorkspaceState/rootID``, ``WorkspaceState/mostRecentlyUsed``,
/// ``WorkspaceState/zoomedPane``, ``WorkspaceState/layoutSize``) are the active window's;
/// ``WorkspaceState/windows`` gives every window with its tree's parts, the active one's
/// read from those members.
public struct Window: Equatable, Sendable {
  /// The identifier a host maps to its scene: unique in the workspace, never empty, kept by
  /// save and restore, close and reopen.
  public let identifier: String
  /// The window's title (may be empty).
  public package(set) var title: String
  /// The root of the window's tree.
  public package(set) var rootID: NodeID
  /// The window's recently focused panes, most recent first.
  public package(set) var mostRecentlyUsed: [NodeID]
  /// The window's zoomed pane, if any.
  public package(set) var zoomedPane: NodeID?
  /// The size of the area the window's panes were last laid out in, if recorded.
  public package(set) var layoutSize: Size?
  /// Members of the stored window this version does not understand.
  public package(set) var unknownMembers: UnknownMembers

  /// A window from its parts.
  package init(
    identifier: String, title: String, rootID: NodeID, mostRecentlyUsed: [NodeID],
    zoomedPane: NodeID? = nil, layoutSize: Size? = nil,
    unknownMembers: UnknownMembers = UnknownMembers()
  ) {
    self.identifier = identifier
    self.title = title
    self.rootID = rootID
    self.mostRecentlyUsed = mostRecentlyUsed
    self.zoomedPane = zoomedPane
    self.layoutSize = layoutSize
    self.unknownMembers = unknownMembers
  }

  /// The focused pane: the first of the most-recently-used list.
  public var focusedPane: NodeID? { mostRecentlyUsed.first }

  /// The identifier of the window a workspace starts with, and of the window an older file's
  /// tree becomes.
  public static let firstIdentifier = "main"

  /// The window a workspace starts with, and that an older file's tree becomes.
  package static func first(rootID: NodeID) -> Window {
    Window(identifier: firstIdentifier, title: "", rootID: rootID, mostRecentlyUsed: [])
  }

  /// Whether `identifier` can name a window: 1 to 64 bytes, none a control character.
  public static func isValidIdentifier(_ identifier: String) -> Bool {
    !identifier.isEmpty && identifier.utf8.count <= 64
      && identifier.unicodeScalars.allSatisfy { !$0.properties.generalCategory.isControl }
  }

  /// The window with its tree's parts cleared: how the list holds the active window, whose
  /// parts the state's own members hold.
  var detached: Window {
    Window(
      identifier: identifier, title: title, rootID: NodeID(0), mostRecentlyUsed: [],
      unknownMembers: unknownMembers)
  }
}

extension Unicode.GeneralCategory {
  fileprivate var isControl: Bool {
    switch self {
    case .control, .format, .lineSeparator, .paragraphSeparator: true
    default: false
    }
  }
}

/// The windows of a workspace in order, and which one is active: what undo restores of them
/// (the active window's tree parts are the state's own members, so its entry holds none).
public struct WindowList: Equatable, Sendable {
  /// The windows in order; the active one's tree parts are cleared (``Window/detached``).
  package var entries: [Window]
  /// The 0-based index of the active window.
  public package(set) var active: Int
  /// The identifier of the window active before the active one (`window last`), if any.
  public package(set) var previous: String?

  /// A list of one window, active.
  package init(_ window: Window) {
    entries = [window.detached]
    active = 0
    previous = nil
  }

  /// A list from its parts; the file layer checks them first.
  package init(entries: [Window], active: Int, previous: String? = nil) {
    self.entries = entries
    self.active = active
    self.previous = previous
    self.entries[active] = entries[active].detached
  }

  /// Whether the list is the one window a workspace starts with: `main`, untitled, active,
  /// nothing kept, no previous window (what a file without `windows` holds).
  public var isFirstWindowOnly: Bool {
    entries.count == 1 && previous == nil
      && entries[0] == WindowList(Window.first(rootID: NodeID(0))).entries[0]
  }

  /// The number of windows.
  public var count: Int { entries.count }

  /// The index of the window with an identifier, or `nil`.
  public func index(of identifier: String) -> Int? {
    entries.firstIndex { $0.identifier == identifier }
  }
}
