import PaneRouter
import Testing
import WorkspaceTestSupport

@Suite struct RouteStackPopTests {
  /// `[inbox, detail:1, detail:2, detail:3]`.
  static let fourDeep = RouteStack.fixture([MailRoute.inbox, .detail(1), .detail(2), .detail(3)])

  /// `[inbox, detail:7, search:x, detail:7, compose]`: `detail:7` occurs twice.
  static let withDuplicates = RouteStack.fixture([
    MailRoute.inbox, .detail(7), .search("x"), .detail(7), .compose,
  ])

  @Test func popRemovesTheTop() {
    var stack = Self.fourDeep
    let popped = stack.pop()
    #expect(popped)
    #expect(stack.stack == [.inbox, .detail(1), .detail(2)])
  }

  @Test func popAtTheRootChangesNothing() {
    var stack = RouteStack(root: MailRoute.inbox)
    let popped = stack.pop()
    #expect(popped == false)
    #expect(stack.stack == [.inbox])
    #expect(throws: RouteRejection.atRoot) { try stack.apply(.pop(count: 1)) }
  }

  @Test(arguments: [
    (1, [MailRoute.inbox, .detail(1), .detail(2)]),
    (2, [.inbox, .detail(1)]),
    (3, [.inbox]),
    (4, [.inbox]),
    (100, [.inbox]),
    (Int.max, [.inbox]),
  ])
  func popCountRemovesUpToTheRoot(count: Int, expected: [MailRoute]) {
    var stack = Self.fourDeep
    let popped = stack.pop(count: count)
    #expect(popped)
    #expect(stack.stack == expected)
  }

  @Test(arguments: [0, -1, Int.min])
  func popWithNonPositiveCountChangesNothing(count: Int) {
    var stack = Self.fourDeep
    let popped = stack.pop(count: count)
    #expect(popped == false)
    #expect(stack == Self.fourDeep)
    #expect(throws: RouteRejection.nonPositiveCount(count)) { try stack.apply(.pop(count: count)) }
  }

  @Test(arguments: [1, 2, 50])
  func popCountAtTheRootChangesNothing(count: Int) {
    var stack = RouteStack(root: MailRoute.inbox)
    let popped = stack.pop(count: count)
    #expect(popped == false)
    #expect(stack.stack == [.inbox])
  }

  @Test func popToReturnsToTheFirstOccurrence() {
    var stack = Self.withDuplicates
    let popped = stack.popTo(.detail(7))
    #expect(popped)
    #expect(stack.stack == [.inbox, .detail(7)])
  }

  @Test func popToLastReturnsToTheLastOccurrence() {
    var stack = Self.withDuplicates
    let popped = stack.popToLast(.detail(7))
    #expect(popped)
    #expect(stack.stack == [.inbox, .detail(7), .search("x"), .detail(7)])
  }

  @Test func popToTheRootRouteKeepsOnlyTheRoot() {
    var stack = Self.withDuplicates
    let popped = stack.popTo(.inbox)
    #expect(popped)
    #expect(stack.stack == [.inbox])
  }

  @Test func popToAnAbsentRouteChangesNothing() {
    var stack = Self.withDuplicates
    let first = stack.popTo(.settings)
    let last = stack.popToLast(.detail(8))
    #expect(first == false)
    #expect(last == false)
    #expect(stack == Self.withDuplicates)
    #expect(throws: RouteRejection.notInStack("settings")) { try stack.apply(.popTo(.settings)) }
    #expect(throws: RouteRejection.notInStack("detail:8")) {
      try stack.apply(.popToLast(.detail(8)))
    }
  }

  @Test func popToTheRouteOnTopChangesNothing() {
    var stack = Self.withDuplicates
    let first = stack.popTo(.compose)
    let last = stack.popToLast(.compose)
    #expect(first == false)
    #expect(last == false)
    #expect(stack == Self.withDuplicates)
    #expect(throws: RouteRejection.alreadyOnTop("compose")) { try stack.apply(.popTo(.compose)) }
    #expect(throws: RouteRejection.alreadyOnTop("compose")) {
      try stack.apply(.popToLast(.compose))
    }
  }

  @Test func popToWithTheTopAlsoBelowIt() {
    // [inbox, detail:7, search:x, detail:7]: the last occurrence is the top, the first is not.
    let start = RouteStack.fixture([MailRoute.inbox, .detail(7), .search("x"), .detail(7)])
    var last = start
    let poppedToLast = last.popToLast(.detail(7))
    #expect(poppedToLast == false)
    #expect(last == start)

    var first = start
    let poppedToFirst = first.popTo(.detail(7))
    #expect(poppedToFirst)
    #expect(first.stack == [.inbox, .detail(7)])
  }

  @Test func popToAtTheRootChangesNothing() {
    var stack = RouteStack(root: MailRoute.inbox)
    let popped = stack.popTo(.inbox)
    #expect(popped == false)
    #expect(throws: RouteRejection.alreadyOnTop("inbox")) { try stack.apply(.popTo(.inbox)) }
  }

  @Test func popToRootKeepsOnlyTheRoot() {
    var stack = Self.fourDeep
    let popped = stack.popToRoot()
    #expect(popped)
    #expect(stack.stack == [.inbox])
    #expect(stack.maxDepth == 30)
  }

  @Test func popToRootAtTheRootChangesNothing() {
    var stack = RouteStack(root: MailRoute.inbox)
    let popped = stack.popToRoot()
    #expect(popped == false)
    #expect(throws: RouteRejection.atRoot) { try stack.apply(.popToRoot) }
  }

  @Test func popToRootAtTheRootDismissesAModal() {
    var stack = RouteStack(root: MailRoute.inbox)
    stack.present(.compose, style: .sheet)
    stack.push(.attachments)
    let popped = stack.popToRoot()
    #expect(popped)
    #expect(stack.modal == nil)
    #expect(stack.stack == [.inbox])
  }

  @Test func popToRootDismissesAModalOverADeepStack() {
    var stack = Self.fourDeep
    stack.present(.settings, style: .cover)
    stack.push(.detail(9))
    let popped = stack.popToRoot()
    #expect(popped)
    #expect(stack.modal == nil)
    #expect(stack.stack == [.inbox])
    #expect(stack.visibleRoute == .inbox)
  }
}
