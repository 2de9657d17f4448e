import PaneRouter

/// A named layout to open as a new tab: a ``NodeTemplate`` (shape, weights, titles, router
/// roots) whose titles and route arguments may hold `{name}` placeholders, filled in when it
/// is applied.
///
///     let review = try WorkspaceTemplate(
///       name: "review", title: "{repo} review",
///       root: .split(.horizontal, [
///         .pane("{repo}", router: RouterState(kind: "token", stack: RouteStack(root: "repo:{repo}"))),
///         .pane("diff", router: RouterState(kind: "token", stack: RouteStack(root: "diff:{repo}:{pr}"))),
///       ], weights: [0.4, 0.6]))
///     review.parameters   // ["repo", "pr"]
///     try state.apply(.openTemplate(review, parameters: ["repo": "mail", "pr": "42"]))
///
/// A placeholder stands in a title, or in a route argument (`diff:{repo}:{pr}`), never in a
/// route's name; `{{` and `}}` are literal braces. A value replaces the argument's text, not
/// the token's, so any value is one argument (`a b` is written `a%20b`).
///
/// A pane of a host's route type whose arguments hold placeholders is written with
/// ``NodeTemplate/pane(_:root:of:)``, which gives it the type's kind, whatever the types of
/// its arguments, and checks the filled route with the type:
///
///     let line = try WorkspaceTemplate(
///       name: "line", title: "{file}",
///       root: .pane("{file}:{n}", root: RouteToken("line", "{file}", "{n}"), of: FileRoute.self))
///     line.root == .pane("{file}:{n}", router: RouterState(
///       kind: "file", stack: RouteStack(root: RouteToken("line", "{file}", "{n}"))))   // true
public struct WorkspaceTemplate: Sendable {
  /// What a template describes: one tab, or a whole workspace of tabs.
  public enum Scope: String, Hashable, Sendable {
    /// One tab: `template apply` opens it as a new tab titled ``WorkspaceTemplate/title``.
    case tab
    /// A whole workspace: `wsctl init --from` starts a workspace of its tree, and applying it
    /// opens each of its tabs (its root's children when the root is a tabs container, else
    /// the root as one tab).
    case workspace
  }

  /// The template's name: letters, digits, `_`, `-` and `.` in any script.
  public let name: String
  /// The title of the tab the template opens, which may hold placeholders.
  public let title: String
  /// The tree the tab holds, or the whole workspace's tree when ``scope`` is
  /// ``Scope/workspace`` (of a template of several windows, the active window's tree).
  public let root: NodeTemplate
  /// The windows of a workspace template that describes them, in order, the active one's
  /// tree being ``root``; empty for a template of one tree (every tab template, and a
  /// workspace template of the one untitled window `main`).
  public let windows: [WindowTemplate]
  /// The 0-based index in ``windows`` of the window to make active; 0 when there are none.
  public let activeWindow: Int
  /// Whether the template is one tab or a whole workspace.
  public let scope: Scope
  /// Members of a stored template this version does not understand, kept with it.
  package var unknownMembers: UnknownMembers
  /// The names of the placeholders, in order of first appearance (the tab's title, the
  /// windows' titles, then each tree depth-first: each node's title or tab titles, then its
  /// router's root, a tab's floating panes after its tiled tree), each once.
  public let parameters: [String]

  /// The most UTF-8 bytes of a template's name.
  public static let maximumNameBytes = 128

  /// A template.
  ///
  /// - Parameters:
  ///   - name: The name, valid by ``isValidName(_:)``.
  ///   - title: The title of the tab it opens; placeholders allowed.
  ///   - root: The tree, holding at least one pane; titles and route arguments may hold
  ///     placeholders.
  ///   - scope: ``Scope/tab`` (the default) for a tab's tree, ``Scope/workspace`` for a
  ///     whole workspace's (its tabs, when `root` is a tabs container).
  /// - Throws: ``WorkspaceError/invalidTemplateName(_:)``,
  ///   ``WorkspaceError/malformedPlaceholder(_:)`` naming the text,
  ///   ``WorkspaceError/templateWithoutPane(_:)``, or
  ///   ``WorkspaceError/refusedTemplateRoute(_:template:reason:)`` for a root without
  ///   placeholders of a pane made with ``NodeTemplate/pane(_:root:of:)`` that its type cannot
  ///   read.
  /// - Complexity: O(*n*), for *n* nodes in the tree.
  public init(
    name: String, title: String, root: NodeTemplate, scope: Scope = .tab
  ) throws(WorkspaceError) {
    try self.init(name: name, title: title, root: root, scope: scope, windows: [], active: 0)
  }

  /// A workspace template of several windows (``Scope/workspace``), each its own tree, as
  /// `save-layout` writes a workspace of several windows; applying it opens them as new
  /// windows, and `init --from` starts a workspace of them.
  ///
  ///     let mail = try WorkspaceTemplate(name: "mail", title: "mail", windows: [
  ///       WindowTemplate(title: "Inbox", identifier: "inbox", root: inbox),
  ///       WindowTemplate(title: "Compose", root: .pane("Draft", root: MailRoute.draft)),
  ///     ], activeWindow: 1)
  ///
  /// - Parameters:
  ///   - name: The name, valid by ``isValidName(_:)``.
  ///   - title: The template's title; placeholders allowed.
  ///   - windows: The windows in order: 1 to ``WorkspaceState/windowLimit``, identifiers (where
  ///     given) valid and distinct, each tree holding a pane; titles and route arguments may
  ///     hold placeholders.
  ///   - activeWindow: The 0-based index of the window to make active.
  /// - Throws: As ``init(name:title:root:scope:)``, or
  ///   ``WorkspaceError/malformedTemplate(_:reason:)`` for windows that cannot be built.
  /// - Complexity: O(*n*), for *n* nodes in the windows' trees.
  public init(
    name: String, title: String, windows: [WindowTemplate], activeWindow: Int = 0
  ) throws(WorkspaceError) {
    guard Self.isValidName(name) else { throw .invalidTemplateName(name) }
    if let reason = WindowTemplate.problem(of: windows, active: activeWindow) {
      throw .malformedTemplate(name, reason: reason)
    }
    try self.init(
      name: name, title: title, root: windows[activeWindow].root, scope: .workspace,
      windows: windows, active: activeWindow)
  }

  private init(
    name: String, title: String, root: NodeTemplate, scope: Scope, windows: [WindowTemplate],
    active: Int
  ) throws(WorkspaceError) {
    guard Self.isValidName(name) else { throw .invalidTemplateName(name) }
    for tree in windows.isEmpty ? [root] : windows.map(\.root) {
      guard tree.containsPane else { throw .templateWithoutPane(name) }
      if let reason = Self.floatingProblem(in: tree, isTab: scope == .tab) {
        throw .malformedTemplate(name, reason: reason)
      }
    }
    var names: [String] = []
    func collect(_ text: String) throws(WorkspaceError) {
      do {
        for parameter in try TemplateText.placeholders(in: text) where !names.contains(parameter) {
          names.append(parameter)
        }
      } catch {
        throw .malformedPlaceholder(error)
      }
    }
    try collect(title)
    for window in windows { try collect(window.title) }
    for tree in windows.isEmpty ? [root] : windows.map(\.root) {
      try Self.collect(tree, name: name, into: collect)
    }
    self.name = name
    self.title = title
    self.root = root
    self.scope = scope
    self.windows = windows
    self.activeWindow = active
    self.parameters = names
    self.unknownMembers = UnknownMembers()
  }

  /// Collects the placeholders of a tree's titles and routes, and checks each root without
  /// placeholders of a pane made with ``NodeTemplate/pane(_:root:of:)`` with its type.
  private static func collect(
    _ root: NodeTemplate, name: String, into collect: (String) throws(WorkspaceError) -> Void
  ) throws(WorkspaceError) {
    _ = try root.mapped(
      title: { (text) throws(WorkspaceError) in
        try collect(text)
        return text
      },
      router: { (router, reader) throws(WorkspaceError) in
        var isFixed = true
        for argument in router.stack.root.arguments {
          try collect(argument)
          isFixed = isFixed && ((try? TemplateText.placeholders(in: argument)) ?? []).isEmpty
        }
        if let reader, isFixed {
          let token = Self.unescaped(router.stack.root)
          if let reason = reader.problem(token) {
            throw .refusedTemplateRoute(token, template: name, reason: reason)
          }
        }
        return router
      })
  }

  /// Why the floating layers of a tree cannot be built, or `nil`: a layer on a node that is
  /// not a tab (a tabs container's child; the root when `isTab`), or a layer the live model
  /// could not hold (``FloatingLayerTemplate/problem``).
  private static func floatingProblem(in root: NodeTemplate, isTab: Bool) -> String? {
    var pending = [(root, isTab)]
    while let (node, isTab) = pending.popLast() {
      if let layer = node.floatingLayer {
        guard isTab else { return "a floating layer on a node that is not a tab" }
        if let problem = layer.problem { return problem }
      }
      let childrenAreTabs: Bool
      if case .tabs = node.content { childrenAreTabs = true } else { childrenAreTabs = false }
      pending += node.children.map { ($0, childrenAreTabs) }
    }
    return nil
  }

  /// Whether `text` can name a template or a placeholder: 1 to ``maximumNameBytes`` UTF-8
  /// bytes of letters, digits (in any script), `_`, `-` and `.`, not starting with `-` or `.`.
  ///
  ///     WorkspaceTemplate.isValidName("dépôt-2")   // true
  ///     WorkspaceTemplate.isValidName("a b")       // false
  ///
  /// - Complexity: O(*n*), where *n* is the length of `text`.
  public static func isValidName(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first != "-", first != ".",
      text.utf8.count <= maximumNameBytes
    else { return false }
    return text.unicodeScalars.allSatisfy { scalar in
      scalar == "_" || scalar == "-" || scalar == "."
        || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        || (scalar.properties.generalCategory == .nonspacingMark
          || scalar.properties.generalCategory == .spacingMark)
    }
  }

  /// The tab's title and tree with every placeholder replaced by its value.
  ///
  /// - Parameter values: A value for each of ``parameters`` and for nothing else.
  /// - Returns: The title and the tree to build.
  /// - Throws: ``WorkspaceError/unknownTemplateParameter(_:template:expected:)`` for a value
  ///   of no placeholder (checked first, in name order, so a misspelt name is named as such),
  ///   ``WorkspaceError/missingTemplateParameter(_:template:)`` for the first parameter without
  ///   a value, or ``WorkspaceError/invalidTemplateArgument(_:value:reason:)`` for a value that
  ///   makes a route token longer than `RouteToken.maximumLength`, or a route that the type
  ///   of a pane made with ``NodeTemplate/pane(_:root:of:)`` cannot read (naming the
  ///   parameter whose value it cannot read: the first that a stand-in value such as `0` or
  ///   `x` in its place makes readable).
  /// - Complexity: O(*n* + *t*), for *n* nodes and *t* bytes of text in the template.
  public func filled(with values: [String: String]) throws(WorkspaceError) -> (
    title: String, root: NodeTemplate
  ) {
    for key in values.keys.sorted() where !parameters.contains(key) {
      throw .unknownTemplateParameter(key, template: name, expected: parameters)
    }
    if let missing = parameters.first(where: { values[$0] == nil }) {
      throw .missingTemplateParameter(missing, template: name)
    }
    return (TemplateText.filled(title, with: values), try filled(root, with: values))
  }

  /// The windows with every placeholder of their titles and trees replaced by its value;
  /// empty for a template of one tree.
  ///
  /// - Throws: As ``filled(with:)``.
  func filledWindows(with values: [String: String]) throws(WorkspaceError) -> [WindowTemplate] {
    var filled: [WindowTemplate] = []
    for window in windows {
      filled.append(
        window.with(
          title: TemplateText.filled(window.title, with: values),
          root: try self.filled(window.root, with: values)))
    }
    return filled
  }

  private func filled(
    _ root: NodeTemplate, with values: [String: String]
  ) throws(WorkspaceError) -> NodeTemplate {
    try root.mapped(
      title: { (text) throws(WorkspaceError) in TemplateText.filled(text, with: values) },
      router: { (router, reader) throws(WorkspaceError) in
        try Self.filled(router, reader, with: values, template: name)
      })
  }

  /// Every tree of the template: each window's, or the one root.
  var trees: [NodeTemplate] { windows.isEmpty ? [root] : windows.map(\.root) }

  private static func filled(
    _ router: RouterState, _ reader: RouteReader?, with values: [String: String],
    template: String
  ) throws(WorkspaceError) -> RouterState {
    let root = router.stack.root
    let token = RouteToken(
      name: root.name, arguments: root.arguments.map { TemplateText.filled($0, with: values) })
    if token.description.utf8.count > RouteToken.maximumLength {
      // The longest value among the route's placeholders is the one to blame.
      let names = root.arguments.flatMap { (try? TemplateText.placeholders(in: $0)) ?? [] }
      let culprit = names.max { (values[$0]?.utf8.count ?? 0) < (values[$1]?.utf8.count ?? 0) }!
      throw .invalidTemplateArgument(
        culprit, value: values[culprit]!,
        reason: "route '\(root.name):…' would be \(token.description.utf8.count) bytes, "
          + "over the limit of \(RouteToken.maximumLength)")
    }
    if let reader, let reason = reader.problem(token) {
      guard let culprit = culprit(of: root, values: values, problem: reader.problem) else {
        throw .refusedTemplateRoute(token, template: template, reason: reason)
      }
      throw .invalidTemplateArgument(culprit, value: values[culprit] ?? "", reason: reason)
    }
    var stack = RouteStack(root: token, maxDepth: router.stack.maxDepth)
    stack.rejectsDuplicateTop = router.stack.rejectsDuplicateTop
    var filled = RouterState(kind: router.kind, stack: stack)
    filled.unknownMembers = router.unknownMembers
    return filled
  }
}

extension WorkspaceTemplate: Hashable {
  /// Compares name, title, tree, scope, windows and kept members.
  public static func == (lhs: WorkspaceTemplate, rhs: WorkspaceTemplate) -> Bool {
    lhs.name == rhs.name && lhs.title == rhs.title && lhs.root == rhs.root
      && lhs.scope == rhs.scope && lhs.windows == rhs.windows
      && lhs.activeWindow == rhs.activeWindow && lhs.unknownMembers == rhs.unknownMembers
  }

  /// Hashes the name and parameters.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(parameters)
  }
}

extension WorkspaceTemplate {
  /// A route token as a template spells it: canonical, except that the braces of
  /// placeholders are written as they are (`detail:{id}`, not `detail:%7Bid%7D`).
  ///
  /// - Parameter token: A template's route.
  /// - Returns: Text that `RouteToken(parsing:)` reads back to the same token.
  public static func spelling(of token: RouteToken) -> String {
    let text = token.description
    guard text.contains("%7") else { return text }
    return text.replacing("%7B", with: "{").replacing("%7D", with: "}")
  }
}

extension WorkspaceTemplate {
  /// The names of the placeholders of a title or route argument, in order, each once.
  ///
  ///     try WorkspaceTemplate.placeholders(in: "{repo} #{pr}")   // ["repo", "pr"]
  ///
  /// - Throws: A ``TemplateTextError`` for an unclosed `{`, an empty `{}`, an invalid name or
  ///   a lone `}` (a literal brace is written `{{` or `}}`).
  public static func placeholders(in text: String) throws(TemplateTextError) -> [String] {
    try TemplateText.placeholders(in: text)
  }
}

extension WorkspaceTemplate {
  /// The parameter to blame when a route type cannot read a route filled with `values`: the
  /// first placeholder of the route that a stand-in value (`0`, `1`, `0.5`, `true`, `x`) in
  /// place of its own makes readable, and else the route's first placeholder.
  ///
  ///     // FileRoute.line takes (String, Int): `n` is to blame, not `file`.
  ///     WorkspaceTemplate.culprit(
  ///       of: RouteToken("line", "{file}", "{n}"), values: ["file": "a", "n": "abc"],
  ///       problem: { routeTypes.problem(reading: $0, kind: "file") })   // "n"
  ///
  /// - Parameters:
  ///   - root: The route as the template holds it, with placeholders.
  ///   - values: A value for each of its placeholders.
  ///   - problem: Why the route type cannot read a token; `nil` when it reads it.
  /// - Returns: The name of a placeholder of `root`; `nil` when it has none.
  /// - Complexity: At most five readings of a token for each of the route's placeholders.
  static func culprit(
    of root: RouteToken, values: [String: String], problem: (RouteToken) -> String?
  ) -> String? {
    var names: [String] = []
    for argument in root.arguments {
      for name in (try? TemplateText.placeholders(in: argument)) ?? [] where !names.contains(name) {
        names.append(name)
      }
    }
    for name in names {
      for standIn in ["0", "1", "0.5", "true", "x"] where standIn != values[name] {
        var probe = values
        probe[name] = standIn
        let token = RouteToken(
          name: root.name, arguments: root.arguments.map { TemplateText.filled($0, with: probe) })
        if problem(token) == nil { return name }
      }
    }
    return names.first
  }

  /// A route without placeholders as it is read: `{{` and `}}` written as single braces.
  static func unescaped(_ root: RouteToken) -> RouteToken {
    RouteToken(
      name: root.name, arguments: root.arguments.map { TemplateText.filled($0, with: [:]) })
  }
}
