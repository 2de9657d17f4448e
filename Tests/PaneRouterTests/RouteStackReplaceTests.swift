import PaneRouter
import Testing
import WorkspaceTestSupport

@Suite struct RouteStackReplaceTests {
  static let start = RouteStack.fixture([MailRoute.inbox, .detail(7), .search("x")], maxDepth: 4)

  @Test func replaceSwapsTheWholeStackRootIncluded() {
    var stack = Self.start
    let replaced = stack.replace([.settings, .detail(1)])
    #expect(replaced)
    #expect(stack.stack == [.settings, .detail(1)])
    #expect(stack.root == .settings)
    #expect(stack.maxDepth == 4)
  }

  @Test func replaceWithOneRouteLeavesOnlyANewRoot() {
    var stack = Self.start
    let replaced = stack.replace([.compose])
    #expect(replaced)
    #expect(stack.stack == [.compose])
    #expect(stack.path == [])
  }

  @Test func replaceWithNothingIsRejected() {
    var stack = Self.start
    let replaced = stack.replace([])
    #expect(replaced == false)
    #expect(stack == Self.start)
    #expect(throws: RouteRejection.emptyStack) { try stack.apply(.replace([])) }
  }

  @Test func replaceOverMaxDepthIsRejected() {
    var stack = Self.start
    let routes = [MailRoute.inbox, .detail(1), .detail(2), .detail(3), .detail(4)]
    let replaced = stack.replace(routes)
    #expect(replaced == false)
    #expect(stack == Self.start)
    #expect(throws: RouteRejection.depthLimit(4)) { try stack.apply(.replace(routes)) }
  }

  @Test func replaceExactlyAtMaxDepthIsAccepted() {
    var stack = Self.start
    let routes = [MailRoute.inbox, .detail(1), .detail(2), .detail(3)]
    let replaced = stack.replace(routes)
    #expect(replaced)
    #expect(stack.stack == routes)
  }

  @Test func replaceWithTheIdenticalStackChangesNothing() {
    var stack = Self.start
    let replaced = stack.replace([.inbox, .detail(7), .search("x")])
    #expect(replaced == false)
    #expect(throws: RouteRejection.unchanged) {
      try stack.apply(.replace([.inbox, .detail(7), .search("x")]))
    }
  }

  @Test func replaceIgnoresTheDuplicateTopGuard() {
    // Adjacent equal routes are the caller's explicit choice when replacing.
    var stack = Self.start
    let replaced = stack.replace([.inbox, .inbox])
    #expect(replaced)
    #expect(stack.stack == [.inbox, .inbox])
  }

  @Test func replaceCurrentSwapsTheTop() {
    var stack = Self.start
    let replaced = stack.replaceCurrent(with: .compose)
    #expect(replaced)
    #expect(stack.stack == [.inbox, .detail(7), .compose])
  }

  @Test func replaceCurrentAtDepthOneReplacesTheRoot() {
    var stack = RouteStack(root: MailRoute.inbox)
    let replaced = stack.replaceCurrent(with: .settings)
    #expect(replaced)
    #expect(stack.stack == [.settings])
    #expect(stack.root == .settings)
  }

  @Test func replaceCurrentWithTheTopChangesNothing() {
    var stack = Self.start
    let replaced = stack.replaceCurrent(with: .search("x"))
    #expect(replaced == false)
    #expect(stack == Self.start)
    #expect(throws: RouteRejection.unchanged) { try stack.apply(.replaceCurrent(.search("x"))) }
  }

  @Test func replaceCurrentAtMaxDepthIsAllowed() {
    var stack = RouteStack.fixture([MailRoute.inbox, .detail(1)], maxDepth: 2)
    let replaced = stack.replaceCurrent(with: .detail(2))
    #expect(replaced)
    #expect(stack.stack == [.inbox, .detail(2)])
  }

  // MARK: path

  @Test func pathIsTheStackWithoutItsRoot() {
    #expect(Self.start.path == [.detail(7), .search("x")])
    #expect(RouteStack(root: MailRoute.inbox).path == [])
  }

  @Test func settingThePathKeepsTheRoot() {
    var stack = Self.start
    stack.path = [.compose, .attachments]
    #expect(stack.stack == [.inbox, .compose, .attachments])
    stack.path = []
    #expect(stack.stack == [.inbox])
  }

  @Test func settingThePathOverMaxDepthIsIgnored() {
    var stack = Self.start
    stack.path = [.detail(1), .detail(2), .detail(3), .detail(4)]
    #expect(stack == Self.start)
    #expect(throws: RouteRejection.depthLimit(4)) {
      try stack.apply(.setPath([.detail(1), .detail(2), .detail(3), .detail(4)]))
    }
    stack.path = [.detail(1), .detail(2), .detail(3)]
    #expect(stack.stack == [.inbox, .detail(1), .detail(2), .detail(3)])
  }

  @Test func settingTheSamePathIsRejectedAsUnchanged() {
    var stack = Self.start
    #expect(throws: RouteRejection.unchanged) {
      try stack.apply(.setPath([.detail(7), .search("x")]))
    }
  }

  @Test func settingThePathAcceptsAdjacentDuplicates() {
    var stack = Self.start
    stack.path = [.detail(1), .detail(1)]
    #expect(stack.stack == [.inbox, .detail(1), .detail(1)])
  }

  // MARK: visibleRoute and description

  @Test func visibleRouteIsTheTopOfTheModalOrTheStack() {
    var stack = Self.start
    #expect(stack.visibleRoute == .search("x"))
    stack.present(.compose, style: .sheet)
    #expect(stack.visibleRoute == .compose)
    stack.push(.attachments)
    #expect(stack.visibleRoute == .attachments)
    #expect(stack.current == .search("x"))
    stack.dismiss()
    #expect(stack.visibleRoute == .search("x"))
  }

  @Test func descriptionListsTheTokens() {
    var stack = Self.start
    #expect(stack.description == "[inbox, detail:7, search:x]")
    stack.present(.compose, style: .cover)
    stack.push(.move(7, "a b"))
    #expect(stack.description == "[inbox, detail:7, search:x] cover [compose, move:7:a%20b]")
  }
}
