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
    if let parent = self[id].parent, self[parent].kind == .tabs {
      title = self[parent].tabTitles[self[parent].children.firstIndex(of: id)!]
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

  /// Opens a new tab built from a template at the end of the nearest tabs container (as
  /// `tab new` does, making one at the root if there is none), focusing the pane its active
  /// children lead to.
  mutating func openTemplate(
    _ template: WorkspaceTemplate, parameters: [String: String],
    in transaction: inout Transaction
  ) throws(WorkspaceError) {
    let (title, root) = try template.filled(with: parameters)
    let tabs = tabsForNewTab(in: &transaction)
    let index = self[tabs].children.count
    let subtree = build(root, parent: nil, in: &transaction)
    insert(subtree, into: tabs, at: index, title: title, in: &transaction)
    var built: [NodeID] = []
    var pending = [subtree]
    while let next = pending.popLast() {
      built.append(next)
      pending.append(contentsOf: self[next].children)
    }
    for id in built.reversed() where nodes[id]?.isContainer == true {
      normalize(id, in: &transaction)
    }
    zoomedPane = nil
    let tab = self[tabs].children[index]
    focus(activePane(in: tab)!, in: &transaction)
  }
}
