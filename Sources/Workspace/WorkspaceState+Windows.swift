import PaneRouter

/// Windows: each its own tree, focus, most-recently-used panes, zoom and recorded size. The
/// state's tree members are the active window's, so every command acts in it; the other
/// windows wait in ``WorkspaceState/windowList``, and switching swaps their parts in one
/// journaled step. Node ids are unique across every window, and lookup never crosses one.
extension WorkspaceState {
  /// The most windows a workspace holds.
  public static let windowLimit = 64

  /// Every window in order, the active one with the state's own tree members.
  public var windows: [Window] {
    var all = windowList.entries
    all[windowList.active] = activeWindow
    return all
  }

  /// The 0-based index of the active window in ``windows``.
  public var activeWindowIndex: Int { windowList.active }

  /// The active window, with its tree's parts.
  public var activeWindow: Window {
    var window = windowList.entries[windowList.active]
    window.rootID = rootID
    window.mostRecentlyUsed = mostRecentlyUsed
    window.zoomedPane = zoomedPane
    window.layoutSize = layoutSize
    return window
  }

  /// The state as it would be with the window at `index` active (a value: nothing is
  /// recorded), for reading a window that is not the active one: its panes, layout, focus.
  ///
  /// - Complexity: O(1).
  public func activating(window index: Int) -> WorkspaceState {
    var state = self
    state.activateWindow(index)
    return state
  }

  /// The root of the tree holding `id` (the root of its window).
  ///
  /// - Complexity: O(*d*), for depth *d*.
  func windowRoot(of id: NodeID) -> NodeID {
    var current = id
    while let parent = nodes[current]?.parent { current = parent }
    return current
  }

  /// The index of the window whose tree holds `id`, or `nil` for a node in none.
  ///
  /// - Complexity: O(*d* + *w*), for depth *d* and *w* windows.
  public func windowIndex(holding id: NodeID) -> Int? {
    guard nodes[id] != nil else { return nil }
    let root = windowRoot(of: id)
    if root == rootID { return windowList.active }
    return windowList.entries.indices.first {
      $0 != windowList.active && windowList.entries[$0].rootID == root
    }
  }

  /// Whether `id` is a node of the active window's tree.
  func isInActiveWindow(_ id: NodeID) -> Bool {
    nodes[id] != nil && windowRoot(of: id) == rootID
  }

  /// The roots of every window's tree, the active one's first.
  var windowRoots: [NodeID] {
    [rootID]
      + windowList.entries.indices.filter { $0 != windowList.active }.map {
        windowList.entries[$0].rootID
      }
  }

  /// Makes the window at `index` active: the active window's tree members go into its entry,
  /// the other's come out of it. Nothing else changes; the journal's window list records it.
  mutating func activateWindow(_ index: Int) {
    let old = windowList.active
    guard index != old else { return }
    var leaving = windowList.entries[old]
    leaving.rootID = rootID
    leaving.mostRecentlyUsed = mostRecentlyUsed
    leaving.zoomedPane = zoomedPane
    leaving.layoutSize = layoutSize
    windowList.entries[old] = leaving
    let entering = windowList.entries[index]
    rootID = entering.rootID
    mostRecentlyUsed = entering.mostRecentlyUsed
    zoomedPane = entering.zoomedPane
    layoutSize = entering.layoutSize
    windowList.entries[index] = entering.detached
    windowList.active = index
    windowList.previous = leaving.identifier
  }

  /// Puts back a journal's window list, each window keeping the recorded size it has now
  /// (undo leaves sizes as they are); returns whether the active window changed.
  mutating func restoreWindows(_ list: WindowList) -> Bool {
    guard list != windowList else { return false }
    var sizes: [String: Size?] = [:]
    for (index, window) in windowList.entries.enumerated() {
      sizes[window.identifier] = index == windowList.active ? layoutSize : window.layoutSize
    }
    let activeBefore = windowList.entries[windowList.active].identifier
    windowList = list
    for index in windowList.entries.indices where index != list.active {
      if let size = sizes[windowList.entries[index].identifier] {
        windowList.entries[index].layoutSize = size
      }
    }
    let activeAfter = list.entries[list.active].identifier
    if activeAfter != activeBefore { layoutSize = sizes[activeAfter] ?? nil }
    return activeAfter != activeBefore
  }

  /// Records the layout size of the window with an identifier (the active one's is
  /// ``layoutSize``); nothing for an identifier no window has.
  package mutating func setLayoutSize(_ size: Size?, ofWindow identifier: String) {
    guard let index = windowList.index(of: identifier) else { return }
    if index == windowList.active {
      layoutSize = size
    } else {
      windowList.entries[index].layoutSize = size
    }
  }

  /// The 0-based index of the window a 1-based number names.
  func windowIndex(number: Int) throws(WorkspaceError) -> Int {
    guard number >= 1, number <= windowList.count else {
      throw .noSuchWindow(number, count: windowList.count)
    }
    return number - 1
  }

  /// An identifier no window nor closed window has, from a new window's first pane.
  func freshWindowIdentifier(for pane: NodeID) -> String {
    var taken = Set(windowList.entries.map(\.identifier))
    for entry in closed.entries {
      if let place = entry.window { taken.insert(place.window.identifier) }
    }
    return Self.freshIdentifier(for: pane, taken: taken)
  }

  /// `window new [TITLE] [ROUTE]`: a window of one pane, as `tab new` makes one (its router
  /// copies the focused pane's limits), titled `title` (default the root's route name), made
  /// active.
  mutating func newWindow(
    title: String?, root: RouteToken?, kind: String?, in transaction: inout Transaction
  ) throws(WorkspaceError) {
    guard windowList.count < Self.windowLimit else { throw .tooManyWindows(Self.windowLimit) }
    let source = focusedPane
    let title = title ?? (root ?? self[source].router!.stack.root).name
    let pane = makePane(copying: source, title: title, root: root, kind: kind, in: &transaction)
    windowList.entries.append(
      Window(
        identifier: freshWindowIdentifier(for: pane), title: title, rootID: pane,
        mostRecentlyUsed: [pane]))
    activateWindow(windowList.count - 1)
  }

  /// `window N|next|prev|last`: makes another window active; the active one is no change.
  mutating func selectWindow(_ target: WindowTarget) throws(WorkspaceError) {
    let count = windowList.count
    let current = windowList.active
    switch target {
    case .number(let number): activateWindow(try windowIndex(number: number))
    case .next: activateWindow((current + 1) % count)
    case .previous: activateWindow((current + count - 1) % count)
    case .last:
      guard let previous = windowList.previous, let index = windowList.index(of: previous),
        index != current
      else { throw .noPreviousWindow }
      activateWindow(index)
    }
  }

  /// `window rename TITLE`: the active window's title.
  mutating func renameWindow(_ title: String) {
    windowList.entries[windowList.active].title = title
  }

  /// `window close [N]`: removes a window (default the active one) with its whole tree,
  /// recorded in the closed list with its place, title, identifier, focus and size, so that
  /// `reopen` brings it back with its routers. Closing the active window activates the one
  /// used before it, else the one before it. The last window is refused.
  mutating func closeWindow(_ number: Int?, in transaction: inout Transaction)
    throws(WorkspaceError)
  {
    let index =
      try number.map { (number) throws(WorkspaceError) in try windowIndex(number: number) }
      ?? windowList.active
    guard windowList.count > 1 else { throw .lastWindow }
    if index == windowList.active {
      let previous = windowList.previous.flatMap(windowList.index(of:))
      activateWindow(previous.flatMap { $0 == index ? nil : $0 } ?? (index == 0 ? 1 : index - 1))
    }
    let window = windowList.entries[index]
    var subtree: [NodeID: Node] = [:]
    var pending = [window.rootID]
    while let next = pending.popLast() {
      subtree[next] = self[next]
      pending.append(contentsOf: self[next].children + self[next].floatingPanes)
    }
    closed.record(
      ClosedList.Entry(
        id: window.rootID, nodes: subtree, place: [], siblings: [],
        window: ClosedList.WindowPlace(window: window, index: index)))
    _ = deleteSubtree(window.rootID, in: &transaction)
    windowList.entries.remove(at: index)
    if windowList.active > index { windowList.active -= 1 }
    if windowList.previous == window.identifier { windowList.previous = nil }
  }

  /// Brings back a closed window at its place (or last), with its identifier unless another
  /// window took it since, and makes it active.
  mutating func reopenWindow(_ place: ClosedList.WindowPlace, in transaction: inout Transaction) {
    var window = place.window
    if windowList.index(of: window.identifier) != nil {
      window = Window(
        identifier: freshWindowIdentifier(for: window.rootID), title: window.title,
        rootID: window.rootID, mostRecentlyUsed: window.mostRecentlyUsed,
        layoutSize: window.layoutSize, unknownMembers: window.unknownMembers)
    }
    let index = min(max(0, place.index), windowList.count)
    windowList.entries.insert(window, at: index)
    if windowList.active >= index { windowList.active += 1 }
    activateWindow(index)
    zoomedPane = nil
    let root = rootID
    let kept = mostRecentlyUsed.filter { nodes[$0]?.isPane == true && windowRoot(of: $0) == root }
    mostRecentlyUsed = kept
    focus(mostRecentlyUsed.first ?? activePane(in: rootID) ?? rootID, in: &transaction)
  }

  /// `window move-pane N`: the focused pane moves, as the same node, to a new tab of window
  /// N (as `break` makes one), which becomes active with the pane focused. Refused for the
  /// only pane of its window (`window close` closes a window), for the active window, for a
  /// floating pane and for the only tiled pane of a tab with floating panes.
  mutating func movePane(toWindow number: Int, in transaction: inout Transaction)
    throws(WorkspaceError)
  {
    let pane = focusedPane
    try requireTiled(pane, for: "window move-pane")
    // The only tiled pane of a tab with floating panes: they would lose their tab, as `join`.
    if tab(holding: pane) == pane, let tabs = self[pane].parent,
      let index = self[tabs].children.firstIndex(of: pane),
      !self[tabs].floatingLayers[index].isEmpty
    {
      throw .tabHoldsFloatingPanes(pane)
    }
    let title = self[pane].title.isEmpty ? self[pane].router!.stack.root.name : self[pane].title
    try move(pane, toWindow: number, slot: TabSlot(title), in: &transaction)
  }

  /// `window move-tab N`: the tab holding the focused pane (the whole tree of a window with
  /// no tabs is refused) moves to the end of window N's tabs, with its title and floating
  /// panes, and window N becomes active with the tab's focused pane focused.
  mutating func moveTab(toWindow number: Int, in transaction: inout Transaction)
    throws(WorkspaceError)
  {
    let pane = focusedPane
    let tab = floatingPlace(of: pane).map { self[$0.tabs].children[$0.tab] } ?? tab(holding: pane)
    guard let tabs = self[tab].parent, case .tabs(let children) = self[tabs].content else {
      throw .aloneInWindow(tab)
    }
    try move(
      tab, toWindow: number, slot: children.slots[children.ids.firstIndex(of: tab)!],
      in: &transaction)
  }

  /// Moves a subtree of the active window to a new tab of window `number` in `slot` (its
  /// title and the floating panes that go with it), which becomes active with the tab's
  /// focused pane focused.
  private mutating func move(
    _ id: NodeID, toWindow number: Int, slot: TabSlot, in transaction: inout Transaction
  ) throws(WorkspaceError) {
    let target = try windowIndex(number: number)
    guard target != windowList.active else { throw .sameWindow(number) }
    guard hasPane(outside: id) else { throw .aloneInWindow(id) }
    var moved: [NodeID] = []
    var pending = [id] + slot.floating.ids
    while let next = pending.popLast() {
      if self[next].isPane { moved.append(next) }
      pending.append(contentsOf: self[next].children + self[next].floatingPanes)
    }
    zoomedPane = nil
    takeOut(id, in: &transaction)
    refocusAfterRemoving(moved, in: &transaction)
    let previous = windowList.entries[windowList.active].identifier
    activateWindow(target)
    windowList.previous = previous
    zoomedPane = nil
    let tabs = tabsForNewTab(in: &transaction)
    let index = self[tabs].children.count
    insert(id, into: tabs, at: index, title: slot.title, in: &transaction)
    for floating in slot.floating.ids {
      update(floating, in: &transaction) { $0.parent = tabs }
    }
    changeLayer(of: tabs, tab: index, in: &transaction) { $0 = slot.floating }
    focus(focusTarget(inTab: index, of: tabs) ?? moved[0], in: &transaction)
  }

  /// `window N COMMAND` (and `wsctl -w N`): runs a command in window N as if it were active,
  /// then makes the window that was active again, as `at` runs one on a pane: the window
  /// used before stays what `window last` goes to.
  mutating func inWindow(
    _ number: Int, in transaction: inout Transaction,
    _ body: (inout WorkspaceState, inout Transaction) throws(WorkspaceError) -> Void
  ) throws(WorkspaceError) {
    let index = try windowIndex(number: number)
    let original = windowList.entries[windowList.active].identifier
    let previous = windowList.previous
    activateWindow(index)
    try body(&self, &transaction)
    if let back = windowList.index(of: original) { activateWindow(back) }
    windowList.previous = previous
  }

  /// The windows' invariants: at least one, the active one in range with its entry
  /// detached, identifiers valid and unique, the previous window one of them; every other
  /// window's root a parentless node, its most-recently-used list and zoom as sound as the
  /// active window's (with `checkingFocus`), every window's list within its own tree.
  func windowViolations(checkingFocus: Bool) -> [String] {
    let entries = windowList.entries
    guard entries.indices.contains(windowList.active) else {
      return ["active window \(windowList.active + 1) of \(entries.count) does not exist"]
    }
    var problems: [String] = []
    if entries.count > Self.windowLimit { problems.append("more than \(Self.windowLimit) windows") }
    var identifiers: Set<String> = []
    for (index, window) in entries.enumerated() {
      if !Window.isValidIdentifier(window.identifier) {
        problems.append("window \(index + 1) has an invalid identifier")
      }
      if !identifiers.insert(window.identifier).inserted {
        problems.append("window identifier '\(window.identifier)' is repeated")
      }
      guard index != windowList.active else {
        if window != window.detached { problems.append("the active window's entry holds a tree") }
        continue
      }
      guard let root = nodes[window.rootID] else {
        problems.append("root \(window.rootID) of window \(index + 1) does not exist")
        continue
      }
      if root.parent != nil {
        problems.append("root \(window.rootID) of window \(index + 1) has a parent")
      }
      guard checkingFocus, problems.isEmpty else { continue }
      let other = activating(window: index)
      problems += other.mostRecentlyUsedViolations().map { "window \(index + 1): \($0)" }
    }
    if let previous = windowList.previous, !identifiers.contains(previous) {
      problems.append("previous window '\(previous)' does not exist")
    }
    guard checkingFocus, problems.isEmpty else { return problems }
    for (index, window) in windows.enumerated() {
      for pane in window.mostRecentlyUsed
      where nodes[pane] != nil && windowRoot(of: pane) != window.rootID {
        problems.append("most-recently-used \(pane) of window \(index + 1) is in another window")
      }
    }
    return problems
  }
}

/// Which window `window` selects.
public enum WindowTarget: Hashable, Sendable {
  /// A 1-based window number.
  case number(Int)
  /// The next window, wrapping.
  case next
  /// The previous window, wrapping.
  case previous
  /// The window active before the active one.
  case last
}

/// The file layer's repair of stored windows.
extension WorkspaceState {
  /// Repairs the window at `index` as ``repair(focus:)`` repairs the active one (its tree's
  /// fields, focus, list), keeps `zoomed` if it is its focused pane, and reports the repairs;
  /// a window whose tree holds no pane is removed with its nodes, and `nil` returned.
  package mutating func repairWindow(
    at index: Int, focus: NodeID?, zoomed: NodeID?
  ) -> (repairs: [Repair], zoomKept: Bool)? {
    let active = windowList.entries[windowList.active].identifier
    let previous = windowList.previous
    activateWindow(index)
    defer {
      if let back = windowList.index(of: active) { activateWindow(back) }
      windowList.previous = previous.flatMap { windowList.index(of: $0) == nil ? nil : $0 }
    }
    guard let repairs = repair(focus: focus) else {
      var unrecorded = Transaction()
      _ = deleteSubtree(rootID, in: &unrecorded)
      let back = windowList.index(of: active)!
      activateWindow(back)
      windowList.entries.remove(at: index)
      if windowList.active > index { windowList.active -= 1 }
      return nil
    }
    let zoomKept = zoomed != nil && zoomed == focusedPane
    if zoomKept { zoomedPane = zoomed }
    return (repairs, zoomKept)
  }
}
