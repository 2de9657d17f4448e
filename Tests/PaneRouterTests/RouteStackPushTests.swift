import PaneRouter
import Testing
import WorkspaceTestSupport

@Suite struct RouteStackPushTests {
  @Test func newStackHoldsOnlyItsRoot() {
    let stack = RouteStack(root: MailRoute.inbox)
    #expect(stack.stack == [.inbox])
    #expect(stack.root == .inbox)
    #expect(stack.current == .inbox)
    #expect(stack.depth == 1)
    #expect(stack.path == [])
    #expect(stack.modal == nil)
    #expect(stack.isPresentingModal == false)
    #expect(stack.maxDepth == 30)
    #expect(RouteStack<MailRoute>.defaultMaximumDepth == 30)
    #expect(stack.rejectsDuplicateTop == true)
  }

  @Test func pushAppends() {
    var stack = RouteStack(root: MailRoute.inbox)
    let first = stack.push(.detail(7))
    let second = stack.push(.search("x"))
    #expect(first && second)
    #expect(stack.stack == [.inbox, .detail(7), .search("x")])
    #expect(stack.current == .search("x"))
    #expect(stack.depth == 3)
    #expect(stack.path == [.detail(7), .search("x")])
  }

  @Test func pushAtTheDefaultMaximumDepthIsRejected() {
    var stack = RouteStack(root: MailRoute.inbox)
    for id in 1...28 { stack.push(.detail(id)) }
    #expect(stack.depth == 29)
    let last = stack.push(.detail(29))
    #expect(last)
    #expect(stack.depth == 30)
    let before = stack
    let overflow = stack.push(.detail(30))
    #expect(overflow == false)
    #expect(stack == before)
    #expect(throws: RouteRejection.depthLimit(30)) { try stack.apply(.push([.detail(30)])) }
  }

  @Test(arguments: [1, 2, 3, 5])
  func pushAtACustomMaximumDepthIsRejected(maxDepth: Int) {
    var stack = RouteStack(root: MailRoute.inbox, maxDepth: maxDepth)
    #expect(stack.maxDepth == maxDepth)
    for id in 1..<maxDepth {
      let pushed = stack.push(.detail(id))
      #expect(pushed)
    }
    #expect(stack.depth == maxDepth)
    let overflow = stack.push(.compose)
    #expect(overflow == false)
    #expect(stack.depth == maxDepth)
    #expect(stack.current == (maxDepth == 1 ? .inbox : .detail(maxDepth - 1)))
  }

  @Test(arguments: [0, -5, Int.min])
  func maxDepthBelowOneIsClampedToOne(maxDepth: Int) {
    var stack = RouteStack(root: MailRoute.inbox, maxDepth: maxDepth)
    #expect(stack.maxDepth == 1)
    let pushed = stack.push(.detail(7))
    #expect(pushed == false)
    #expect(stack.stack == [.inbox])
    #expect(throws: RouteRejection.depthLimit(1)) { try stack.apply(.push([.detail(7)])) }
    let replaced = stack.replaceCurrent(with: .compose)
    #expect(replaced)
    #expect(stack.stack == [.compose])
  }

  @Test func duplicateTopIsRejectedByDefault() {
    var stack = RouteStack(root: MailRoute.inbox)
    let rootAgain = stack.push(.inbox)
    #expect(rootAgain == false)
    stack.push(.detail(7))
    let again = stack.push(.detail(7))
    #expect(again == false)
    #expect(stack.stack == [.inbox, .detail(7)])
    #expect(throws: RouteRejection.duplicateTop("detail:7")) {
      try stack.apply(.push([.detail(7)]))
    }
  }

  @Test func aRouteEqualToOneBelowTheTopIsNotADuplicate() {
    var stack = RouteStack(root: MailRoute.inbox)
    let pushed = stack.push(.detail(7), .search("x"), .detail(7), .inbox)
    #expect(pushed)
    #expect(stack.stack == [.inbox, .detail(7), .search("x"), .detail(7), .inbox])
  }

  @Test func sameNameWithOtherArgumentsIsNotADuplicate() {
    var stack = RouteStack(root: MailRoute.inbox)
    stack.push(.detail(7))
    let pushed = stack.push(.detail(8))
    #expect(pushed)
    #expect(stack.stack == [.inbox, .detail(7), .detail(8)])
  }

  @Test func duplicateTopIsAllowedWithTheGuardOff() {
    var stack = RouteStack(root: MailRoute.inbox)
    stack.rejectsDuplicateTop = false
    let rootAgain = stack.push(.inbox)
    let first = stack.push(.detail(7))
    let second = stack.push(.detail(7))
    let batch = stack.push(.compose, .compose)
    #expect(rootAgain && first && second && batch)
    #expect(stack.stack == [.inbox, .inbox, .detail(7), .detail(7), .compose, .compose])
  }

  @Test func multiPushAppendsInOrder() {
    var stack = RouteStack(root: MailRoute.inbox)
    let pushed = stack.push(.detail(1), .detail(2), .detail(3))
    #expect(pushed)
    #expect(stack.stack == [.inbox, .detail(1), .detail(2), .detail(3)])
  }

  @Test(arguments: [
    [MailRoute.detail(1), .detail(2), .detail(2)],
    [.detail(1), .detail(1)],
    [.search("top"), .detail(1)],
  ])
  func multiPushWithADuplicateChangesNothing(routes: [MailRoute]) {
    var stack = RouteStack(root: MailRoute.inbox)
    stack.push(.search("top"))
    let before = stack
    let pushed = stack.push(contentsOf: routes)
    #expect(pushed == false)
    #expect(stack == before)
    #expect(throws: RouteRejection.self) { try stack.apply(.push(routes)) }
    #expect(stack == before)
  }

  @Test func multiPushReportsTheDuplicateRoute() {
    var stack = RouteStack(root: MailRoute.inbox)
    #expect(throws: RouteRejection.duplicateTop("detail:2")) {
      try stack.apply(.push([.detail(1), .detail(2), .detail(2), .detail(3)]))
    }
    #expect(stack.stack == [.inbox])
  }

  @Test func multiPushCrossingMaxDepthChangesNothing() {
    var stack = RouteStack(root: MailRoute.inbox, maxDepth: 4)
    stack.push(.compose)
    let before = stack
    let crossing = stack.push(.detail(1), .detail(2), .detail(3))
    #expect(crossing == false)
    #expect(stack == before)
    #expect(throws: RouteRejection.depthLimit(4)) {
      try stack.apply(.push([.detail(1), .detail(2), .detail(3)]))
    }
    let reaching = stack.push(.detail(1), .detail(2))
    #expect(reaching)
    #expect(stack.stack == [.inbox, .compose, .detail(1), .detail(2)])
  }

  @Test func pushContentsOfAcceptsAnySequence() {
    var stack = RouteStack(root: MailRoute.inbox)
    let fromRange = stack.push(contentsOf: (1...3).lazy.map(MailRoute.detail))
    #expect(fromRange)
    #expect(stack.stack == [.inbox, .detail(1), .detail(2), .detail(3)])
    let fromArray = stack.push(contentsOf: [MailRoute.compose])
    #expect(fromArray)
    #expect(stack.current == .compose)
  }

  @Test func pushContentsOfAnEmptySequenceIsRejected() {
    var stack = RouteStack(root: MailRoute.inbox)
    let pushed = stack.push(contentsOf: [])
    #expect(pushed == false)
    #expect(stack.stack == [.inbox])
    #expect(throws: RouteRejection.unchanged) { try stack.apply(.push([])) }
  }
}
