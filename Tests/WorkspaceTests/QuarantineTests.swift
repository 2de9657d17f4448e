import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

/// What a host's route type cannot read is quarantined, not cut: it leaves the stack with
/// the place it stood and stays in the router, every readable route stays in its order, and
/// a later repair that reads it puts it back.
@MainActor
@Suite struct QuarantineTests {
  /// An upgraded editor whose `line` takes any second argument, so it reads `line:x:abc`.
  enum UpgradedFileRoute: Route {
    case file(String)
    case line(String, String)

    static let kind = FileRoute.kind

    var token: RouteToken {
      switch self {
      case .file(let name): RouteToken("file", name)
      case .line(let name, let line): RouteToken("line", name, line)
      }
    }

    init(token: RouteToken) throws {
      switch token.name {
      case "file": self = .file(try token.arguments(as: Self.self, String.self))
      case "line":
        let (name, line) = try token.arguments(as: Self.self, String.self, String.self)
        self = .line(name, line)
      default: throw PaneRouterError.unknownRoute(token, kind: Self.kind)
      }
    }
  }

  static let routeTypes = RouteRegistry([FileRoute.self, SettingsRoute.self])
  static let upgraded = RouteRegistry([UpgradedFileRoute.self, SettingsRoute.self])

  /// `T(Files: %2 file router, Settings: %3 general)`: ids `%1 T, %2, %3`.
  static func state(
    _ routes: [RouteToken], modal: (ModalStyle, [RouteToken])? = nil, maxDepth: Int = 64
  ) -> WorkspaceState {
    let stack = try! RouteStack(
      routes: routes, modal: modal.map { (style: $0.0, routes: $0.1) }, maxDepth: maxDepth)
    return WorkspaceState(
      .tabs([
        ("Files", .pane("Files", router: RouterState(kind: FileRoute.kind, stack: stack))),
        ("Settings", .pane("Settings", root: SettingsRoute.general)),
      ]))
  }

  static func router(_ state: WorkspaceState, _ id: Int = 2) throws -> RouterState {
    try #require(state.node(NodeID(id))?.router)
  }

  static func places(_ router: RouterState) -> [String] {
    router.quarantined.map(\.description)
  }

  @Test func theIssuesStackKeepsEveryReadableRouteAndQuarantinesTheUnreadableOne() throws {
    var state = Self.state(["file:a", "line:x:abc", "file:ok.swift"])
    let before = state
    let found = state.repairUnreadableRoutes(Self.routeTypes)
    state.checkInvariants()
    #expect(
      found.map(\.description) == [
        "route 'line:x:abc' of %2 (stack index 1): file route 'line:x:abc' takes 2 arguments (String, Int)"
      ])
    let router = try Self.router(state)
    #expect(router.stack.stack == ["file:a", "file:ok.swift"])
    #expect(Self.places(router) == ["route 'line:x:abc' (stack index 1)"])
    #expect(
      try state.router(FileRoute.self, for: NodeID(2)).stack == [.file("a"), .file("ok.swift")])
    #expect(state.node(NodeID(3))?.router == before.node(NodeID(3))?.router)
    #expect(state.history == before.history)
    #expect(state.unreadableRoutes(Self.routeTypes).isEmpty)
    #expect(state.quarantinedRoutes.map(\.node) == [NodeID(2)])
    // Repairing again finds nothing and changes nothing.
    let repaired = state
    #expect(state.repairUnreadableRoutes(Self.routeTypes).isEmpty)
    #expect(state == repaired)
  }

  @Test(
    arguments: [
      (["bad", "file:b", "file:c"], ["file:b", "file:c"], ["route 'bad' (stack index 0)"]),
      (
        ["bad", "line:q", "file:b", "worse"], ["file:b"],
        [
          "route 'bad' (stack index 0)", "route 'line:q' (stack index 1)",
          "route 'worse' (stack index 3)",
        ]
      ),
      (
        ["bad", "line:q"], ["file:untitled"],
        ["route 'bad' (stack index 0)", "route 'line:q' (stack index 1)"]
      ),
    ] as [([RouteToken], [RouteToken], [String])])
  func anUnreadableRootGivesWayToTheFirstReadableRouteOrTheFallback(
    stored: [RouteToken], shown: [RouteToken], quarantined: [String]
  ) throws {
    var registry = RouteRegistry([SettingsRoute.self])
    registry.register(FileRoute.self, fallbackRoot: .file("untitled"))
    var state = Self.state(stored)
    state.repairUnreadableRoutes(registry)
    state.checkInvariants()
    let router = try Self.router(state)
    #expect(router.stack.stack == shown)
    #expect(Self.places(router) == quarantined)
  }

  @Test func aStackWithNothingReadableAndNoFallbackIsLeftAsItIsAndReportedAgain() throws {
    var state = Self.state(["bad", "line:q"], modal: (.sheet, ["file:m", "worse"]))
    let found = state.repairUnreadableRoutes(Self.routeTypes)
    state.checkInvariants()
    #expect(found.map(\.token) == ["bad", "line:q", "worse"])
    let router = try Self.router(state)
    #expect(router.stack.stack == ["bad", "line:q"])
    #expect(router.stack.modal?.stack == ["file:m"])
    #expect(Self.places(router) == ["route 'worse' (sheet modal index 1)"])
    #expect(state.unreadableRoutes(Self.routeTypes).map(\.token) == ["bad", "line:q"])
  }

  @Test func aModalKeepsItsReadableRoutesAndOneWithNoneIsDismissedWithItsTokensKept() throws {
    var state = Self.state(["file:a"], modal: (.sheet, ["file:m", "bad", "file:n"]))
    state.repairUnreadableRoutes(Self.routeTypes)
    state.checkInvariants()
    var router = try Self.router(state)
    #expect(router.stack.modal?.style == .sheet)
    #expect(router.stack.modal?.stack == ["file:m", "file:n"])
    #expect(Self.places(router) == ["route 'bad' (sheet modal index 1)"])

    state = Self.state(["file:a", "oops"], modal: (.cover, ["bad", "line:q"]))
    state.repairUnreadableRoutes(Self.routeTypes)
    state.checkInvariants()
    router = try Self.router(state)
    #expect(router.stack.modal == nil)
    #expect(router.stack.stack == ["file:a"])
    #expect(
      Self.places(router) == [
        "route 'oops' (stack index 1)", "route 'bad' (cover modal index 0)",
        "route 'line:q' (cover modal index 1)",
      ])
  }

  @Test func anUpgradedHostGetsItsQuarantinedTokensBackWhereTheyStood() throws {
    let stored: [RouteToken] = ["file:a", "bogus", "line:x:abc", "file:b"]
    var state = Self.state(stored, modal: (.cover, ["line:y:z"]))
    state.repairUnreadableRoutes(Self.routeTypes)
    #expect(try Self.router(state).stack.stack == ["file:a", "file:b"])
    #expect(try Self.router(state).stack.modal == nil)
    // The upgraded type reads the lines, not `bogus`: each line goes back where it stood.
    let found = state.repairUnreadableRoutes(Self.upgraded)
    state.checkInvariants()
    #expect(found.isEmpty)
    let router = try Self.router(state)
    #expect(router.stack.stack == ["file:a", "line:x:abc", "file:b"])
    #expect(router.stack.modal?.style == .cover)
    #expect(router.stack.modal?.stack == ["line:y:z"])
    #expect(Self.places(router) == ["route 'bogus' (stack index 1)"])
    // Shown and quarantined routes still make up the stored stack, in its order.
    let original = try #require(
      Self.state(stored).node(NodeID(2))?.router?.stack.stack.filter { $0 != "bogus" })
    #expect(router.stack.stack == original)
  }

  @Test func aReinstatedTokenIsClampedToTheStackAndKeptPastItsDepth() throws {
    var state = Self.state(["file:a", "line:x:abc", "line:y:z", "file:b"], maxDepth: 4)
    state.repairUnreadableRoutes(Self.routeTypes)
    let workspace = Workspace(state, routeTypes: Self.routeTypes)
    // The user pops to the root and pushes two files: the stack has room for one more.
    try workspace.apply(CommandParser.parse(line: "focus %2 pop push file:c file:d"))
    workspace.state.checkInvariants()
    var edited = workspace.state
    edited.repairUnreadableRoutes(Self.upgraded)
    edited.checkInvariants()
    let router = try Self.router(edited)
    #expect(router.stack.stack == ["file:a", "line:x:abc", "file:c", "file:d"])
    #expect(Self.places(router) == ["route 'line:y:z' (stack index 2)"])
  }

  @Test func aWorkspaceReportsAReinstatementAsAReplacedChangeWithNoUndoStep() throws {
    var state = Self.state(["file:a", "line:x:abc"])
    state.repairUnreadableRoutes(Self.routeTypes)
    let workspace = Workspace(state, routeTypes: Self.upgraded)
    var changes: [WorkspaceChange] = []
    workspace.onChange = { changes.append($0) }
    #expect(workspace.quarantinedRoutes.count == 1)
    #expect(workspace.repairUnreadableRoutes().isEmpty)
    #expect(changes.map(\.origin) == [.replaced])
    #expect(workspace.quarantinedRoutes.isEmpty)
    #expect(
      try workspace.router(UpgradedFileRoute.self, for: NodeID(2)).current == .line("x", "abc"))
    #expect(workspace.state.history.undoEntries.isEmpty)
    // Nothing left to do: nothing reported.
    workspace.repairUnreadableRoutes()
    #expect(changes.count == 1)
  }

  @Test func undoAndRedoAfterARepairNeitherLoseNorRepeatAQuarantinedToken() throws {
    let workspace = Workspace(
      Self.state(["file:a", "line:x:abc", "file:ok.swift"]), routeTypes: Self.routeTypes)
    // A command before the repair: its before-image holds the unreadable token.
    try workspace.apply(CommandParser.parse(line: "focus %2 push file:c"))
    workspace.repairUnreadableRoutes()
    workspace.state.checkInvariants()
    func expect(_ stack: [RouteToken]) throws {
      workspace.state.checkInvariants()
      let router = try Self.router(workspace.state)
      #expect(router.stack.stack == stack)
      #expect(Self.places(router) == ["route 'line:x:abc' (stack index 1)"])
      #expect(workspace.unreadableRoutes.isEmpty)
    }
    try expect(["file:a", "file:ok.swift", "file:c"])
    try workspace.undo()
    try expect(["file:a", "file:ok.swift"])
    try workspace.redo()
    try expect(["file:a", "file:ok.swift", "file:c"])
    // Commands after the repair carry the quarantine along.
    try workspace.apply(CommandParser.parse(line: "pop 2 push file:d"))
    try expect(["file:a", "file:d"])
    try workspace.undo()
    try expect(["file:a", "file:ok.swift", "file:c"])
    try workspace.redo()
    try expect(["file:a", "file:d"])
  }

  @Test func dismissingAModalDropsItsQuarantinedTokensAndUndoBringsThemBack() throws {
    var state = Self.state(["file:a", "bad"], modal: (.sheet, ["file:m", "worse"]))
    state.repairUnreadableRoutes(Self.routeTypes)
    let workspace = Workspace(state, routeTypes: Self.routeTypes)
    try workspace.apply(CommandParser.parse(line: "focus %2 dismiss"))
    workspace.state.checkInvariants()
    #expect(Self.places(try Self.router(workspace.state)) == ["route 'bad' (stack index 1)"])
    try workspace.undo()
    workspace.state.checkInvariants()
    #expect(
      Self.places(try Self.router(workspace.state)) == [
        "route 'bad' (stack index 1)", "route 'worse' (sheet modal index 1)",
      ])
    // A modal the repair dismissed keeps its tokens until another is presented.
    var dismissed = Self.state(["file:a"], modal: (.cover, ["bad"]))
    dismissed.repairUnreadableRoutes(Self.routeTypes)
    try dismissed.apply(CommandParser.parse(line: "focus %2 push file:b"))
    #expect(Self.places(try Self.router(dismissed)) == ["route 'bad' (cover modal index 0)"])
    try dismissed.apply(CommandParser.parse(line: "present sheet file:s"))
    dismissed.checkInvariants()
    #expect(try Self.router(dismissed).quarantined.isEmpty)
  }

  @Test func routersOfUnregisteredKindsKeepTheirQuarantineAsItIs() throws {
    var state = Self.state(["file:a", "line:x:abc"])
    state.repairUnreadableRoutes(Self.routeTypes)
    let repaired = state
    state.repairUnreadableRoutes(RouteRegistry([SettingsRoute.self]))
    #expect(state == repaired)
  }
}
