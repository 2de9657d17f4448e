import PaneRouter

/// The workspace's templates for a host: save the active tab or a subtree, remove one, open a
/// tab from one (the workspace's own, or one the host brings).
extension Workspace {
  /// The workspace's templates, saved with it.
  public var templates: TemplateLibrary { state.templates }

  /// Stores the active tab, or the subtree of `node`, as a template (`template save`).
  ///
  /// - Parameters:
  ///   - name: The template's name.
  ///   - node: A pane number or any node's id; the active tab if `nil`.
  ///   - replacing: Whether a template of the same name is replaced rather than refused.
  /// - Returns: The stored template.
  /// - Throws: As ``WorkspaceState/template(named:of:)``, or
  ///   ``WorkspaceError/templateExists(_:)``; nothing changed.
  @discardableResult
  public func saveTemplate(
    named name: String, of node: PaneReference? = nil, replacing: Bool = false
  ) throws(WorkspaceError) -> WorkspaceTemplate {
    try apply(.saveTemplate(name, node: node, replacing: replacing))
    return state.templates[name]!
  }

  /// Adds a template built in code (the host's own, or one a templates file holds) to the
  /// workspace's templates, as one change: saved with the workspace and sent to its
  /// observers, and, like ``saveTemplate(named:of:replacing:)``, not recorded for undo (undo
  /// never drops a template).
  ///
  ///     let library = try TemplatesFile.load(path: ".workspace/templates.json")
  ///     try workspace.addTemplate(library.template(named: "review"))
  ///
  /// - Parameters:
  ///   - template: The template.
  ///   - replacing: Whether a template of the same name is replaced rather than refused.
  /// - Returns: What changed.
  /// - Throws: ``WorkspaceError/templateExists(_:)`` when the name is taken and `replacing`
  ///   is `false`, or ``WorkspaceError/refusedTemplateRoute(_:template:reason:)`` for a
  ///   router root without placeholders that the type registered in ``routeTypes`` for its
  ///   router's kind cannot read (a root with placeholders is checked when the template is
  ///   applied, with its values); nothing changed.
  /// - Complexity: O(*t* + *n*), for *t* templates in the workspace and *n* nodes in the
  ///   template's tree.
  @discardableResult
  public func addTemplate(
    _ template: WorkspaceTemplate, replacing: Bool = false
  ) throws(WorkspaceError) -> WorkspaceChange {
    try apply(.addTemplate(template, replacing: replacing))
  }

  /// Removes a template (`template rm`).
  ///
  /// - Throws: ``WorkspaceError/noSuchTemplate(_:existing:)``; nothing changed.
  public func removeTemplate(named name: String) throws(WorkspaceError) {
    try apply(.removeTemplate(name))
  }

  /// Opens a new tab built from one of the workspace's templates (`template apply`), as one
  /// undoable change.
  ///
  ///     try workspace.applyTemplate(named: "review", parameters: ["repo": "mail", "pr": "42"])
  ///
  /// - Parameters:
  ///   - name: The template's name.
  ///   - parameters: A value for each of its parameters.
  /// - Returns: What changed.
  /// - Throws: ``WorkspaceError/noSuchTemplate(_:existing:)``, the errors of
  ///   ``WorkspaceTemplate/filled(with:)``, or
  ///   ``WorkspaceError/invalidTemplateArgument(_:value:reason:)`` for a value that makes a
  ///   route the type in ``routeTypes`` cannot read; nothing changed.
  @discardableResult
  public func applyTemplate(
    named name: String, parameters: [String: String] = [:]
  ) throws(WorkspaceError) -> WorkspaceChange {
    try apply(.applyTemplate(name, parameters: parameters))
  }

  /// Opens a new tab built from a template the host brings (its own, or one read from a
  /// templates file), as ``applyTemplate(named:parameters:)`` does.
  @discardableResult
  public func applyTemplate(
    _ template: WorkspaceTemplate, parameters: [String: String] = [:]
  ) throws(WorkspaceError) -> WorkspaceChange {
    try apply(.openTemplate(template, parameters: parameters))
  }
}

extension WorkspaceTemplate {
  /// Throws ``WorkspaceError/invalidTemplateArgument(_:value:reason:)`` for the first route
  /// with placeholders that, filled with `values`, the type registered for its router's kind
  /// cannot read, naming the parameter to blame (``culprit(of:values:problem:)``). Values for
  /// no placeholder, or missing ones, are left to ``filled(with:)``.
  func checkRoutes(
    with values: [String: String], _ registry: RouteRegistry
  ) throws(WorkspaceError) {
    guard !registry.kinds.isEmpty else { return }
    try forEachRouter { (router) throws(WorkspaceError) in
      let root = router.stack.root
      let names = root.arguments.flatMap { (try? TemplateText.placeholders(in: $0)) ?? [] }
      guard !names.isEmpty, names.allSatisfy({ values[$0] != nil }) else { return }
      let token = RouteToken(
        name: root.name, arguments: root.arguments.map { TemplateText.filled($0, with: values) })
      if let reason = registry.problem(reading: token, kind: router.kind) {
        let culprit =
          Self.culprit(of: root, values: values) {
            registry.problem(reading: $0, kind: router.kind)
          } ?? names[0]
        throw .invalidTemplateArgument(culprit, value: values[culprit]!, reason: reason)
      }
    }
  }

  /// Calls `body` with every router template of every window's tree, depth-first.
  fileprivate func forEachRouter(
    _ body: (RouterState) throws(WorkspaceError) -> Void
  ) throws(WorkspaceError) {
    for tree in trees {
      _ = try tree.mapped(
        title: { (text) throws(WorkspaceError) in text },
        router: { (router) throws(WorkspaceError) in
          try body(router)
          return router
        })
    }
  }
}

extension WorkspaceTemplate {
  /// Throws ``WorkspaceError/refusedTemplateRoute(_:template:reason:)`` for the first router
  /// root with no placeholder (depth-first) that the type registered for its router's kind
  /// cannot read. A root with placeholders is checked when the template is applied, with
  /// its values (``checkRoutes(with:_:)``).
  ///
  /// - Complexity: O(*n*), for *n* nodes in the tree.
  func checkFixedRoutes(_ registry: RouteRegistry) throws(WorkspaceError) {
    guard !registry.kinds.isEmpty else { return }
    try forEachRouter { (router) throws(WorkspaceError) in
      let root = router.stack.root
      let isFixed = root.arguments.allSatisfy {
        ((try? TemplateText.placeholders(in: $0)) ?? []).isEmpty
      }
      guard isFixed else { return }
      let token = RouteToken(
        name: root.name, arguments: root.arguments.map { TemplateText.filled($0, with: [:]) })
      if let reason = registry.problem(reading: token, kind: router.kind) {
        throw .refusedTemplateRoute(token, template: name, reason: reason)
      }
    }
  }
}
