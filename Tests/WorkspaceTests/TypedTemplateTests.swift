import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

/// Typed template panes (`NodeTemplate.pane(_:root:of:)`): a route type's kind with
/// placeholders in arguments of any type, checked by the type (and the host's
/// `RouteRegistry`) when the template is made and applied.
@MainActor
@Suite struct TypedTemplateTests {
  /// `line:{file}:{n}` of `FileRoute`, whose `line` takes a `String` and an `Int`.
  private func lineTemplate(name: String = "line") throws -> WorkspaceTemplate {
    try WorkspaceTemplate(
      name: name, title: "{file}",
      root: .pane("{file}:{n}", root: RouteToken("line", "{file}", "{n}"), of: FileRoute.self))
  }

  /// The same template as a templates file holds it: the kind, without the type.
  private func storedLineTemplate() throws -> WorkspaceTemplate {
    try WorkspaceTemplate(
      name: "line", title: "{file}",
      root: .pane(
        "{file}:{n}",
        router: RouterState(
          kind: FileRoute.kind, stack: RouteStack(root: RouteToken("line", "{file}", "{n}")))))
  }

  private static let refusal =
    "invalid value 'abc' for 'n': file route 'line:a.swift:abc' takes 2 arguments (String, Int)"

  @Test func aTypedPaneHasItsTypesKindWithAnIntPlaceholder() throws {
    let template = try lineTemplate()
    #expect(template.parameters == ["file", "n"])
    guard case .pane(_, let router) = template.root.content else {
      Issue.record("\(template.root)")
      return
    }
    #expect(router.kind == "file")
    #expect(router.stack.root.description == "line:%7Bfile%7D:%7Bn%7D")
    // Equal to the template a file holds, which has the kind but not the type.
    #expect(template == (try storedLineTemplate()))
    // Without any registry, the pane it opens is read as the type's values.
    let workspace = Workspace(threeTabs())
    try workspace.applyTemplate(template, parameters: ["file": "a.swift", "n": "12"])
    #expect(workspace.state.invariantViolations() == [])
    let router2 = try workspace.router(FileRoute.self, for: workspace.focusedPane)
    #expect(router2.stack == [.line("a.swift", 12)])
    #expect(try workspace.routes(for: workspace.focusedPane).kind == "file")
  }

  @Test func aValueTheTypeCannotReadIsRefusedNamingItWithoutARegistry() throws {
    var state = threeTabs()
    let before = state
    #expect {
      try state.apply(
        .openTemplate(try lineTemplate(), parameters: ["file": "a.swift", "n": "abc"]))
    } throws: { error in
      guard let error = error as? WorkspaceError,
        case .invalidTemplateArgument("n", "abc", _) = error
      else { return false }
      return error.description == Self.refusal && error.exitCode == .usage
    }
    #expect(state == before)
    #expect(state.invariantViolations() == [])
    try state.apply(.openTemplate(try lineTemplate(), parameters: ["file": "a.swift", "n": "3"]))
    #expect(state.routes(of: state.focusedPane) == ["line:a.swift:3"])
    #expect(state.invariantViolations() == [])
  }

  @Test func theRegistryNamesTheParameterItCannotReadNotTheFirst() throws {
    // A template read from a file has the kind only; the host's registry checks it, and
    // blames `n`, whose value it cannot read, rather than `file`, the route's first.
    let workspace = Workspace(threeTabs(), routeTypes: RouteRegistry([FileRoute.self]))
    let before = workspace.state
    #expect {
      try workspace.applyTemplate(
        try storedLineTemplate(), parameters: ["file": "a.swift", "n": "abc"])
    } throws: { error in
      (error as? WorkspaceError)?.description == Self.refusal
    }
    #expect(workspace.state == before)
    #expect(workspace.state.invariantViolations() == [])
  }

  @Test func aBadValueInOnePaneOfSeveralRefusesTheWholeTab() throws {
    let template = try WorkspaceTemplate(
      name: "pair", title: "{file}",
      root: .split(
        .horizontal,
        [
          .pane("file", root: RouteToken("file", "{file}"), of: FileRoute.self),
          .pane("note", root: RouteToken("note", "{id}"), of: NoteRoute.self),
        ]))
    var state = threeTabs()
    let before = state
    #expect(throws: WorkspaceError.self) {
      try state.apply(.openTemplate(template, parameters: ["file": "a", "id": "seven"]))
    }
    do {
      try state.apply(.openTemplate(template, parameters: ["file": "a", "id": "seven"]))
    } catch {
      #expect(
        error.description
          == "invalid value 'seven' for 'id': note route 'note:seven' takes one Int")
    }
    #expect(state == before)
    try state.apply(.openTemplate(template, parameters: ["file": "a", "id": "7"]))
    #expect(state.invariantViolations() == [])
    let kinds = state.numberedPanes.suffix(2).map { state.node($0)?.router?.kind }
    #expect(kinds == ["file", "note"])
  }

  @Test func aFixedRootTheTypeCannotReadIsRefusedWhenMade() throws {
    #expect(
      throws: WorkspaceError.refusedTemplateRoute(
        RouteToken("line", "a", "b"), template: "bad",
        reason: "file route 'line:a:b' takes 2 arguments (String, Int)")
    ) {
      try WorkspaceTemplate(
        name: "bad", title: "bad",
        root: .pane("x", root: RouteToken("line", "a", "b"), of: FileRoute.self))
    }
    // Literal braces are read as braces.
    #expect(
      try WorkspaceTemplate(
        name: "ok", title: "ok",
        root: .pane("x", root: RouteToken("file", "{{a}}"), of: FileRoute.self)
      ).parameters == [])
  }

  @Test func aTokenRootIsUntypedOnlyWhenSaidSo() throws {
    // `of: RouteToken.self` and `untyped:` say so: kind `token`, read by any type.
    for template in [
      NodeTemplate.pane("x", root: RouteToken("line", "{file}"), of: RouteToken.self),
      .pane("x", untyped: RouteToken("line", "{file}")),
    ] {
      guard case .pane(_, let router) = template.content else {
        Issue.record("\(template)")
        continue
      }
      #expect(router.kind == RouteToken.kind)
      #expect(template.routeReader == nil)
    }
    // In generic code a `RouteToken` is the route type of untyped routers: kind `token`.
    // (A bare `RouteToken` given to `pane(_:root:)` directly is the deprecated overload, which
    // says so at compile time and makes the same untyped pane.)
    func typedPane<R: Route>(_ root: R) -> NodeTemplate { .pane("x", root: root) }
    guard case .pane(_, let untyped) = typedPane(RouteToken("note", "7")).content,
      case .pane(_, let typed) = typedPane(NoteRoute.note(7)).content
    else {
      Issue.record("not panes")
      return
    }
    #expect(untyped.kind == "token")
    #expect(typed.kind == "note")
  }

  @Test func aTypedTemplateAddedToTheWorkspaceIsCheckedWhenApplied() throws {
    let workspace = Workspace(threeTabs(), routeTypes: RouteRegistry([FileRoute.self]))
    try workspace.addTemplate(lineTemplate())
    #expect(workspace.templates["line"] == (try lineTemplate()))
    let before = workspace.state
    #expect {
      try workspace.applyTemplate(named: "line", parameters: ["file": "a.swift", "n": "abc"])
    } throws: { error in
      (error as? WorkspaceError)?.description == Self.refusal
    }
    #expect(workspace.state == before)
    try workspace.applyTemplate(named: "line", parameters: ["file": "a.swift", "n": "9"])
    #expect(workspace.state.invariantViolations() == [])
    let routes = try workspace.routes(for: workspace.focusedPane)
    #expect(routes.kind == "file")
    #expect(routes.current as? FileRoute == .line("a.swift", 9))
  }

  @Test func theCulpritIsThePlaceholderAStandInMakesReadable() {
    let problem: (RouteToken) -> String? = { token in
      (try? FileRoute(token: token)) == nil ? "unreadable" : nil
    }
    let root = RouteToken("line", "{file}", "{n}")
    #expect(
      WorkspaceTemplate.culprit(
        of: root, values: ["file": "a", "n": "abc"], problem: problem) == "n")
    // No stand-in helps: the route's first placeholder.
    #expect(
      WorkspaceTemplate.culprit(
        of: RouteToken("line", "{file}"), values: ["file": "a"], problem: problem) == "file")
  }
}
