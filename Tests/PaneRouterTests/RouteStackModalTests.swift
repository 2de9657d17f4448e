import PaneRouter
import Testing
import WorkspaceTestSupport

@Suite struct RouteStackModalTests {
  /// `[inbox, detail:7]` with nothing presented.
  static let base = RouteStack.fixture([MailRoute.inbox, .detail(7)])

  /// ``base`` with a sheet whose flow is `[compose, attachments]`.
  static let withFlow = RouteStack.fixture(
    [MailRoute.inbox, .detail(7)], modal: (.sheet, [.compose, .attachments]))

  @Test(arguments: ModalStyle.allCases)
  func presentStartsTheModalsOwnStack(style: ModalStyle) throws {
    var stack = Self.base
    let presented = stack.present(.compose, style: style)
    #expect(presented)
    let modal = try #require(stack.modal)
    #expect(modal.style == style)
    #expect(modal.stack == [.compose])
    #expect(modal.root == .compose)
    #expect(modal.current == .compose)
    #expect(modal.path == [])
    #expect(stack.isPresentingModal)
    #expect(stack.stack == [.inbox, .detail(7)])
  }

  @Test func presentDefaultsToASheet() {
    var stack = Self.base
    stack.present(.compose)
    #expect(stack.modal?.style == .sheet)
  }

  @Test func presentOverAPresentedModalIsRejected() {
    var stack = Self.withFlow
    let presented = stack.present(.settings, style: .cover)
    #expect(presented == false)
    #expect(stack == Self.withFlow)
    #expect(throws: RouteRejection.modalAlreadyPresented) {
      try stack.apply(.present(.settings, style: .cover))
    }
  }

  @Test func pushInsideTheModalLeavesTheBaseStackAlone() {
    var stack = Self.base
    stack.present(.compose)
    let first = stack.push(.attachments)
    let second = stack.push(.detail(7), .settings)
    #expect(first && second)
    #expect(stack.stack == [.inbox, .detail(7)])
    #expect(stack.modal?.stack == [.compose, .attachments, .detail(7), .settings])
    #expect(stack.modal?.path == [.attachments, .detail(7), .settings])
    #expect(stack.path == [.detail(7)])
  }

  @Test func duplicateTopGuardAppliesToTheModalsTop() {
    var stack = Self.base
    stack.present(.compose)
    let duplicate = stack.push(.compose)
    #expect(duplicate == false)
    #expect(throws: RouteRejection.duplicateTop("compose")) { try stack.apply(.push([.compose])) }
    // The base stack's top is no duplicate of the modal's top.
    let baseTop = stack.push(.detail(7))
    #expect(baseTop)
  }

  @Test func theModalsStackHasTheSameDepthLimit() {
    var stack = RouteStack.fixture([MailRoute.inbox, .detail(1), .detail(2)], maxDepth: 3)
    let presented = stack.present(.compose)
    #expect(presented)
    let two = stack.push(.detail(1), .detail(2))
    #expect(two)
    let overflow = stack.push(.detail(3))
    #expect(overflow == false)
    #expect(stack.modal?.stack == [.compose, .detail(1), .detail(2)])
    #expect(throws: RouteRejection.depthLimit(3)) { try stack.apply(.push([.detail(3)])) }
  }

  @Test func popNeverGoesBelowTheModalsRoot() {
    var stack = Self.withFlow
    let first = stack.pop()
    #expect(first)
    #expect(stack.modal?.stack == [.compose])
    let second = stack.pop()
    #expect(second == false)
    #expect(stack.modal?.stack == [.compose])
    #expect(stack.stack == [.inbox, .detail(7)])
    #expect(throws: RouteRejection.atRoot) { try stack.apply(.pop(count: 1)) }
  }

  @Test func popCountInsideTheModalIsClampedAtItsRoot() {
    var stack = Self.withFlow
    let popped = stack.pop(count: 10)
    #expect(popped)
    #expect(stack.modal?.stack == [.compose])
    #expect(stack.stack == [.inbox, .detail(7)])
  }

  @Test func popToInsideTheModal() {
    var stack = Self.base
    stack.present(.compose)
    stack.push(.attachments, .settings, .attachments, .detail(1))
    var first = stack
    let toFirst = first.popTo(.attachments)
    #expect(toFirst)
    #expect(first.modal?.stack == [.compose, .attachments])
    var last = stack
    let toLast = last.popToLast(.attachments)
    #expect(toLast)
    #expect(last.modal?.stack == [.compose, .attachments, .settings, .attachments])
    #expect(last.stack == [.inbox, .detail(7)])
  }

  @Test func popToARouteOnlyBelowTheModalIsRejected() {
    var stack = Self.withFlow
    let popped = stack.popTo(.detail(7))
    #expect(popped == false)
    #expect(stack == Self.withFlow)
    #expect(throws: RouteRejection.notInStack("inbox")) { try stack.apply(.popTo(.inbox)) }
  }

  @Test func popToTheModalsRoot() {
    var stack = Self.withFlow
    let popped = stack.popTo(.compose)
    #expect(popped)
    #expect(stack.modal?.stack == [.compose])
  }

  @Test func replaceCurrentInsideTheModal() {
    var stack = Self.base
    stack.present(.compose)
    let atModalRoot = stack.replaceCurrent(with: .settings)
    #expect(atModalRoot)
    #expect(stack.modal?.stack == [.settings])
    stack.push(.attachments)
    let onTop = stack.replaceCurrent(with: .detail(3))
    #expect(onTop)
    #expect(stack.modal?.stack == [.settings, .detail(3)])
    #expect(stack.stack == [.inbox, .detail(7)])
  }

  @Test func replaceInsideTheModalReplacesTheModalsStack() {
    var stack = Self.withFlow
    let replaced = stack.replace([.settings, .detail(1)])
    #expect(replaced)
    #expect(stack.modal?.stack == [.settings, .detail(1)])
    #expect(stack.modal?.style == .sheet)
    #expect(stack.stack == [.inbox, .detail(7)])
  }

  // MARK: dismiss, the ladder

  @Test func dismissClosesTheModalWithItsWholeFlow() {
    var stack = Self.withFlow
    let dismissed = stack.dismiss()
    #expect(dismissed)
    #expect(stack.modal == nil)
    #expect(stack.stack == [.inbox, .detail(7)])
  }

  @Test func dismissAtTheModalsRootClosesTheModal() {
    var stack = RouteStack(root: MailRoute.inbox)
    stack.present(.compose, style: .cover)
    let dismissed = stack.dismiss()
    #expect(dismissed)
    #expect(stack.modal == nil)
    #expect(stack.stack == [.inbox])
  }

  @Test func dismissWithoutAModalPops() {
    var stack = Self.base
    let dismissed = stack.dismiss()
    #expect(dismissed)
    #expect(stack.stack == [.inbox])
  }

  @Test func dismissAtTheRootWithoutAModalChangesNothing() {
    var stack = RouteStack(root: MailRoute.inbox)
    let dismissed = stack.dismiss()
    #expect(dismissed == false)
    #expect(stack.stack == [.inbox])
    #expect(throws: RouteRejection.atRoot) { try stack.apply(.dismiss) }
  }

  @Test func dismissClimbsTheLadderOneRungAtATime() {
    var stack = Self.withFlow
    var steps: [String] = []
    while stack.dismiss() { steps.append(stack.description) }
    #expect(steps == ["[inbox, detail:7]", "[inbox]"])
  }

  @Test func dismissModalsKeepsTheStack() {
    var stack = Self.withFlow
    let dismissed = stack.dismissModals()
    #expect(dismissed)
    #expect(stack.modal == nil)
    #expect(stack.stack == [.inbox, .detail(7)])
  }

  @Test func dismissModalsWithoutAModalChangesNothing() {
    var stack = Self.base
    let dismissed = stack.dismissModals()
    #expect(dismissed == false)
    #expect(stack == Self.base)
    #expect(throws: RouteRejection.noModal) { try stack.apply(.dismissModals) }
  }

  // MARK: modal path

  @Test func setModalPathKeepsTheModalsRoot() throws {
    var stack = Self.withFlow
    try stack.apply(.setModalPath([.settings, .detail(2)]))
    #expect(stack.modal?.stack == [.compose, .settings, .detail(2)])
    try stack.apply(.setModalPath([]))
    #expect(stack.modal?.stack == [.compose])
    #expect(stack.stack == [.inbox, .detail(7)])
  }

  @Test func setModalPathRejections() {
    var stack = Self.base
    #expect(throws: RouteRejection.noModal) { try stack.apply(.setModalPath([.compose])) }
    var presented = Self.withFlow
    #expect(throws: RouteRejection.unchanged) {
      try presented.apply(.setModalPath([.attachments]))
    }
    let tooDeep = (1...30).map(MailRoute.detail)
    #expect(throws: RouteRejection.depthLimit(30)) {
      try presented.apply(.setModalPath(tooDeep))
    }
    #expect(presented == Self.withFlow)
  }

  @Test func settingThePathWhileAModalIsUpChangesTheBaseStack() {
    var stack = Self.withFlow
    stack.path = [.search("x")]
    #expect(stack.stack == [.inbox, .search("x")])
    #expect(stack.modal?.stack == [.compose, .attachments])
  }
}
