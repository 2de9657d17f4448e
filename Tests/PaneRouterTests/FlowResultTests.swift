import PaneRouter
import Testing
import WorkspaceTestSupport

/// A modal flow that finishes with a result: ``RouteStack/finish(with:)``,
/// ``Router/finish(with:)`` and ``RouteTransition/result``.
@MainActor
@Suite struct FlowResultTests {
  /// `[inbox, detail:7]` with a sheet whose flow is `[compose, attachments]`.
  static let withFlow = RouteStack.fixture(
    [MailRoute.inbox, .detail(7)], modal: (.sheet, [.compose, .attachments]))

  @Test(arguments: ModalStyle.allCases)
  func finishClosesTheModalWithItsWholeFlowAndKeepsTheStack(style: ModalStyle) {
    var stack = RouteStack.fixture(
      [MailRoute.inbox, .detail(7)], modal: (style, [.compose, .attachments]))
    let finished = stack.finish(with: .detail(3))
    #expect(finished)
    #expect(stack.modal == nil)
    #expect(stack.stack == [.inbox, .detail(7)])
  }

  @Test(arguments: [
    RouteStack.fixture([MailRoute.inbox]),
    RouteStack.fixture([MailRoute.inbox, .detail(7), .settings]),
  ])
  func finishWithNoPresentedFlowIsRefusedAndChangesNothing(stack: RouteStack<MailRoute>) {
    var changed = stack
    #expect(changed.finish(with: .detail(3)) == false)
    #expect(changed == stack)
    #expect(throws: RouteRejection.noModal) { try changed.apply(.finish(.detail(3))) }
  }

  @Test func aFlowFinishesOnce() {
    var stack = Self.withFlow
    let first = stack.finish(with: .detail(3))
    #expect(first)
    let after = stack
    #expect(stack.finish(with: .detail(4)) == false)
    #expect(stack == after)
  }

  @Test func theRouterReportsTheTypedResultInItsTransition() async {
    let router = Router(Self.withFlow)
    let box = Recorder<RouteTransition<MailRoute>>()
    router.onChange = { box.record($0) }
    let stream = router.transitions
    let finished = router.finish(with: .search("swift testing"))
    #expect(finished)
    #expect(box.values.count == 1)
    let transition = box.values[0]
    #expect(transition.result == .search("swift testing"))
    #expect(transition.operation == .finish(.search("swift testing")))
    #expect(transition.before == Self.withFlow)
    #expect(transition.after.modal == nil)
    var iterator = stream.makeAsyncIterator()
    let streamed = await iterator.next()
    #expect(streamed?.result == .search("swift testing"))
  }

  @Test func onlyAFinishCarriesAResult() {
    let router = Router(Self.withFlow)
    let box = Recorder<RouteTransition<MailRoute>>()
    router.onChange = { box.record($0) }
    router.push(.settings)
    router.dismiss()
    #expect(box.values.count == 2)
    #expect(box.values.allSatisfy { $0.result == nil })
  }

  @Test func theHostPushesTheResultItHeard() {
    let router = Router(Self.withFlow)
    let heard = Recorder<MailRoute>()
    router.onChange = { if let result = $0.result { heard.record(result) } }
    router.finish(with: .detail(3))
    for result in heard.values { router.push(result) }
    #expect(router.stack == [.inbox, .detail(7), .detail(3)])
    #expect(router.modal == nil)
  }

  @Test func aRefusedFinishIsLoggedWithItsReason() {
    let router = Router(root: MailRoute.inbox)
    let lines = Recorder<String>()
    router.logger = { lines.record($0) }
    #expect(router.finish(with: .detail(3)) == false)
    #expect(lines.values == ["finish detail:3 rejected: no modal is presented"])
  }

  @Test func theOperationPrintsTheGrammarsWords() {
    #expect(RouteOperation<MailRoute>.finish(.detail(3)).description == "finish detail:3")
    #expect(RouteOperation<MailRoute>.finish(.detail(3)).map(\.token) == .finish("detail:3"))
  }
}
