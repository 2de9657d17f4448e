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
  /// `wsctl save-layout` writes it: the tree from the root, its tabs, weights, titles and
  /// router roots.
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
    return try WorkspaceTemplate(
      name: name, title: title ?? TemplateText.escaped(name),
      root: NodeTemplate(subtree: rootID, of: self), scope: .workspace)
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
    self.init(template.scope == .workspace ? root : .tabs([(title, root)]))
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

  /// Opens new tabs built from a template at the end of the nearest tabs container (as
  /// `tab new` does, making one at the root if there is none): one tab, or each tab of a
  /// workspace template. Focuses the pane the active children of the (selected) tab lead to.
  mutating func openTemplate(
    _ template: WorkspaceTemplate, parameters: [String: String],
    in transaction: inout Transaction
  ) throws(WorkspaceError) {
    let (title, root) = try template.filled(with: parameters)
    let (opened, selected) = Self.openedTabs(of: template, title: title, root: root)
    let tabs = tabsForNewTab(in: &transaction)
    let first = self[tabs].children.count
    for (tabTitle, tree) in opened {
      let subtree = build(tree, parent: nil, in: &transaction)
      insert(subtree, into: tabs, at: self[tabs].children.count, title: tabTitle, in: &transaction)
      normalizeBuilt(subtree, in: &transaction)
    }
    zoomedPane = nil
    let tab = self[tabs].children[min(first + selected, self[tabs].children.count - 1)]
    focus(activePane(in: tab)!, in: &transaction)
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
