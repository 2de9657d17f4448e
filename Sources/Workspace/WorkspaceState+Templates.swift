import PaneRouter

/// `template save`, `template rm` and `template apply`: the workspace's templates, and tabs
/// opened from a template.
///
/// Saving and removing change ``WorkspaceState/templates`` only, which undo and redo leave
/// as they are (like the minimum pane size, a setting of the workspace rather than an edit of
/// its layout); a tab opened from a template is one undoable change.
extension WorkspaceState {
  /// The node that `template save` stores without `--node`: the selected tab around the
  /// focused pane, or the root when no tabs container holds it.
  public var activeTab: NodeID {
    guard let (tabs, index) = nearestTabs() else { return rootID }
    return self[tabs].children[index]
  }

  /// A template of the subtree of a node, as `template save` stores it.
  ///
  /// The tab's title is the node's tab title when it is a tab, else a pane's title, else the
  /// template's name.
  ///
  /// - Parameters:
  ///   - name: The template's name.
  ///   - node: A pane number, mark or `last`, or any node's id; the ``activeTab`` if `nil`.
  /// - Returns: The template.
  /// - Throws: ``WorkspaceError/invalidTemplateName(_:)``, ``WorkspaceError/noSuchPane(_:)``,
  ///   ``WorkspaceError/noSuchNode(_:)``, ``WorkspaceError/unknownNodeInTemplate(_:kind:)``,
  ///   or ``WorkspaceError/malformedPlaceholder(_:)`` for a title or route argument whose
  ///   braces are not placeholders (a literal brace is written `{{` or `}}`).
  /// - Complexity: O(*n*), for *n* nodes in the subtree.
  public func template(named name: String, of node: PaneReference? = nil) throws(WorkspaceError)
    -> WorkspaceTemplate
  {
    guard WorkspaceTemplate.isValidName(name) else { throw .invalidTemplateName(name) }
    let id: NodeID
    switch node {
    case nil: id = activeTab
    case .number?, .mark?, .last?: id = try resolve(node!)
    case .id(let given)?:
      guard nodes[given] != nil else { throw .noSuchNode(given) }
      id = given
    }
    let root = try NodeTemplate(subtree: id, of: self)
    var title = TemplateText.escaped(name)
    if let parent = self[id].parent, self[parent].kind == .tabs,
      let index = self[parent].children.firstIndex(of: id)
    {
      title = self[parent].tabTitles[index]
    } else if self[id].isPane {
      title = self[id].title
    }
    return try WorkspaceTemplate(name: name, title: title, root: root)
  }

  mutating func saveTemplate(
    _ name: String, node: PaneReference?, replacing: Bool
  ) throws(WorkspaceError) {
    try templates.insert(template(named: name, of: node), replacing: replacing)
  }

  /// A template of the whole workspace (``WorkspaceTemplate/Scope/workspace``), as
  /// `wsctl save-layout` writes it: the tree from the root, its tabs, weights, titles,
  /// floating panes and router roots; for a workspace of several windows (or of one window
  /// with a title or an identifier other than `main`), every window
  /// (``WorkspaceTemplate/windows``) with its title, identifier and tree, and which is active.
  ///
  /// - Parameters:
  ///   - name: The template's name.
  ///   - title: The template's title; the name if `nil`.
  /// - Throws: As ``template(named:of:)``.
  /// - Complexity: O(*n*), for *n* nodes.
  public func workspaceTemplate(named name: String, title: String? = nil) throws(WorkspaceError)
    -> WorkspaceTemplate
  {
    guard WorkspaceTemplate.isValidName(name) else { throw .invalidTemplateName(name) }
    let title = title ?? TemplateText.escaped(name)
    let all = windows
    if all.count == 1, all[0].identifier == Window.firstIdentifier, all[0].title.isEmpty,
      all[0].unknownMembers.isEmpty
    {
      return try WorkspaceTemplate(
        name: name, title: title, root: NodeTemplate(subtree: rootID, of: self),
        scope: .workspace)
    }
    var windowTemplates: [WindowTemplate] = []
    for window in all {
      var template = WindowTemplate(
        title: TemplateText.escaped(window.title), identifier: window.identifier,
        root: try NodeTemplate(subtree: window.rootID, of: self))
      template.unknownMembers = window.unknownMembers
      windowTemplates.append(template)
    }
    return try WorkspaceTemplate(
      name: name, title: title, windows: windowTemplates, activeWindow: activeWindowIndex)
  }

  /// A new workspace built from a template, as `wsctl init --from LAYOUT` starts one: a
  /// workspace template's tree as the whole tree, a tab template's as the one tab of a tabs
  /// container, focused on the pane the active children lead to, ids from 1.
  ///
  ///     let state = try WorkspaceState(template: project, parameters: ["project": "mail"])
  ///
  /// - Parameters:
  ///   - template: The template.
  ///   - parameters: A value for each of its parameters.
  /// - Throws: The errors of ``WorkspaceTemplate/filled(with:)``.
  /// - Complexity: O(*n*), for *n* nodes in the template.
  public init(template: WorkspaceTemplate, parameters: [String: String]) throws(WorkspaceError) {
    let (title, root) = try template.filled(with: parameters)
    let windows = try template.filledWindows(with: parameters)
    guard !windows.isEmpty else {
      self.init(template.scope == .workspace ? root : .tabs([(title, root)]))
      return
    }
    self.init(windows[0].root)
    let reserved = Set(windows.compactMap(\.identifier))
    let first =
      windows[0].identifier
      ?? (reserved.contains(Window.firstIdentifier)
        ? Self.freshIdentifier(for: focusedPane, taken: reserved) : Window.firstIdentifier)
    windowList = WindowList(
      Window(
        identifier: first, title: windows[0].title, rootID: rootID, mostRecentlyUsed: [],
        unknownMembers: windows[0].unknownMembers))
    var unrecorded = Transaction()
    for window in windows.dropFirst() {
      openWindow(window, reserving: reserved, in: &unrecorded)
    }
    activateWindow(template.activeWindow)
    windowList.previous = nil
  }

  /// Builds a window of a template as a new window after the others (ids continuing from
  /// the other windows'), focused where its active children lead, and makes it active; its
  /// identifier is the template's unless a window or closed window has it, else a fresh one
  /// (`w` and its focused pane's id), which is none of `reserved` (the identifiers the other
  /// windows of its template give).
  ///
  /// - Returns: The new window's root.
  @discardableResult
  mutating func openWindow(
    _ window: WindowTemplate, reserving reserved: Set<String>, in transaction: inout Transaction
  ) -> NodeID {
    let placeholder = Window(
      identifier: "", title: window.title, rootID: NodeID(0), mostRecentlyUsed: [],
      unknownMembers: window.unknownMembers)
    windowList.entries.append(placeholder)
    activateWindow(windowList.count - 1)
    rootID = build(window.root, parent: nil, in: &transaction)
    normalizeStructure(from: rootID, in: &transaction)
    mostRecentlyUsed = [focusedPane]
    zoomedPane = nil
    layoutSize = nil
    let taken = Set(
      windowList.entries.map(\.identifier)
        + closed.entries.compactMap { $0.window?.window.identifier })
    let identifier =
      window.identifier.flatMap { taken.contains($0) ? nil : $0 }
      ?? Self.freshIdentifier(for: focusedPane, taken: taken.union(reserved))
    windowList.entries[windowList.active] = Window(
      identifier: identifier, title: window.title, rootID: NodeID(0), mostRecentlyUsed: [],
      unknownMembers: window.unknownMembers)
    return rootID
  }

  /// The tabs a template opens, each with its title, and the index of the one to select: a
  /// workspace template's root tabs (else its root as one tab), a tab template's tree.
  static func openedTabs(
    of template: WorkspaceTemplate, title: String, root: NodeTemplate
  ) -> (tabs: [(String, NodeTemplate)], selected: Int) {
    if template.scope == .workspace,
      case .tabs(let children, let titles, let selected) =
        root.content
    {
      return (Array(zip(titles, children)), selected)
    }
    return ([(title, root)], 0)
  }

  /// `w` and a pane's id, with a suffix `-2`, `-3`… while `taken` holds it, as
  /// ``freshWindowIdentifier(for:)`` makes one.
  static func freshIdentifier(for pane: NodeID, taken: Set<String>) -> String {
    var candidate = "w\(pane.rawValue)"
    var suffix = 1
    while taken.contains(candidate) {
      suffix += 1
      candidate = "w\(pane.rawValue)-\(suffix)"
    }
    return candidate
  }

  /// Opens new tabs built from a template at the end of the nearest tabs container (as
  /// `tab new` does, making one at the root if there is none): one tab, or each tab of a
  /// workspace template. Focuses the pane the active children of the (selected) tab lead to.
  mutating func openTemplate(
    _ template: WorkspaceTemplate, parameters: [String: String],
    in transaction: inout Transaction
  ) throws(WorkspaceError) {
    let (title, root) = try template.filled(with: parameters)
    let windows = try template.filledWindows(with: parameters)
    guard windows.isEmpty else {
      guard windowList.count + windows.count <= Self.windowLimit else {
        throw .tooManyWindows(Self.windowLimit)
      }
      let first = windowList.count
      let reserved = Set(windows.compactMap(\.identifier))
      for window in windows { openWindow(window, reserving: reserved, in: &transaction) }
      activateWindow(first + template.activeWindow)
      return
    }
    let (opened, selected) = Self.openedTabs(of: template, title: title, root: root)
    let tabs = tabsForNewTab(in: &transaction)
    let first = self[tabs].children.count
    for (tabTitle, tree) in opened {
      let subtree = build(tree, parent: nil, in: &transaction)
      let index = self[tabs].children.count
      insert(subtree, into: tabs, at: index, title: tabTitle, in: &transaction)
      attachFloating(tree.floatingLayer, to: tabs, tab: index, in: &transaction)
      normalizeBuilt(subtree, in: &transaction)
    }
    zoomedPane = nil
    focusOpenedTab(min(first + selected, self[tabs].children.count - 1), of: tabs, in: &transaction)
  }

  /// Builds the floating panes of a tab's layer template into tab `tab` of `tabs`, replacing
  /// its layer.
  mutating func attachFloating(
    _ layer: FloatingLayerTemplate?, to tabs: NodeID, tab: Int, in transaction: inout Transaction
  ) {
    guard let layer else { return }
    let built = buildFloating(layer, parent: tabs, in: &transaction)
    changeLayer(of: tabs, tab: tab, in: &transaction) { $0 = built }
  }

  /// Focuses tab `tab` of `tabs` as it was built: its floating layer's top shown pane when the
  /// layer has focus (in the layer's order), else the pane its active children lead to.
  mutating func focusOpenedTab(_ tab: Int, of tabs: NodeID, in transaction: inout Transaction) {
    let layer = self[tabs].floatingLayers[tab]
    guard layer.isFocused, let top = layer.top else {
      focusBuilt(self[tabs].children[tab], in: &transaction)
      return
    }
    focus(top, in: &transaction)
    // Focus raises the pane it focuses; the layer keeps the order the template gave it.
    changeLayer(of: tabs, tab: tab, in: &transaction) { $0 = layer }
  }

  /// Focuses the pane a subtree just built leads to, as ``focusedPane`` follows the active
  /// children (and the focused floating layer of a selected tab) from the root.
  mutating func focusBuilt(_ subtree: NodeID, in transaction: inout Transaction) {
    var id = subtree
    while let child = self[id].activeChild {
      if self[id].kind == .tabs, self[id].floatingLayers[self[id].activeIndex].isFocused {
        focusOpenedTab(self[id].activeIndex, of: id, in: &transaction)
        return
      }
      id = child
    }
    focus(activePane(in: id)!, in: &transaction)
  }

  /// Normalises every container of a subtree just built, deepest first.
  mutating func normalizeBuilt(_ subtree: NodeID, in transaction: inout Transaction) {
    var built: [NodeID] = []
    var pending = [subtree]
    while let next = pending.popLast() {
      built.append(next)
      pending.append(contentsOf: self[next].children)
    }
    for id in built.reversed() where nodes[id]?.isContainer == true {
      normalize(id, in: &transaction)
    }
  }
}
