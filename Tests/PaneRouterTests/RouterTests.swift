import Observation
import PaneRouter
import Testing
import WorkspaceTestSupport

/// Stream tests await transitions; a time limit turns a lost transition into a failure, not a hang.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct RouterTests {
  /// Runs `body` while tracking `read`, and returns how many times observation fired.
  static func observationCount(
    of read: @escaping () -> Void, during body: () -> Void
  ) -> Int {
    let fired = Recorder<Bool>()
    withObservationTracking(read) { fired.record(true) }
    body()
    return fired.values.count
  }

  static func stack(
    _ routes: [MailRoute], modal: (style: ModalStyle, routes: [MailRoute])? = nil
  ) -> RouteStack<MailRoute> {
    RouteStack.fixture(routes, modal: modal)
  }

  // MARK: State

  @Test func newRouterHoldsOnlyItsRoot() {
    let router = Router(root: MailRoute.inbox, maxDepth: 4)
    #expect(router.stack == [.inbox])
    #expect(router.root == .inbox)
    #expect(router.current == .inbox)
    #expect(router.depth == 1)
    #expect(router.path == [])
    #expect(router.modal == nil)
    #expect(router.modalPath == [])
    #expect(router.visibleRoute == .inbox)
    #expect(router.state.maxDepth == 4)
    #expect(router.state == RouteStack(root: .inbox, maxDepth: 4))
  }

  @Test func routerOverAnExistingStack() {
    let state = RouteStack.fixture(
      [MailRoute.inbox, .detail(7)], modal: (.cover, [.compose, .attachments]), maxDepth: 5,
      rejectsDuplicateTop: false)
    let router = Router(state)
    #expect(router.state == state)
    #expect(router.current == .detail(7))
    #expect(router.visibleRoute == .attachments)
    #expect(router.modal?.style == .cover)
    #expect(router.modalPath == [.attachments])
    let duplicate = router.push(.attachments)
    #expect(duplicate)
    #expect(router.modal?.stack == [.compose, .attachments, .attachments])
  }

  @Test func operationsReturnWhetherTheyChangedAnything() {
    let router = Router(root: MailRoute.inbox)
    #expect(router.push(.detail(7)))
    #expect(router.push(.detail(7)) == false)
    #expect(router.push(.compose, .attachments))
    #expect(router.push(contentsOf: [MailRoute]()) == false)
    #expect(router.popTo(.detail(7)))
    #expect(router.stack == [.inbox, .detail(7)])
    #expect(router.present(.compose, style: .cover))
    #expect(router.present(.settings) == false)
    #expect(router.push(.attachments))
    #expect(router.visibleRoute == .attachments)
    #expect(router.dismiss())
    #expect(router.modal == nil)
    #expect(router.replaceCurrent(with: .search("x")))
    #expect(router.popToLast(.inbox))
    #expect(router.pop() == false)
    #expect(router.pop(count: 0) == false)
    #expect(router.replace([.settings, .detail(1)]))
    #expect(router.popToRoot())
    #expect(router.dismissModals() == false)
    #expect(router.stack == [.settings])
  }

  @Test(arguments: [1, 7, 42, 1000] as [UInt64])
  func routerMatchesTheValueStack(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    var stack = RouteStack(root: MailRoute.inbox, maxDepth: 5)
    let router = Router(stack)
    let transitions = Recorder<RouteTransition<MailRoute>>()
    router.onChange = { transitions.record($0) }
    var changes = 0
    for _ in 0..<300 {
      let operation = RandomOperations.operation(&generator)
      let before = stack
      let expected = stack.call(operation)
      #expect(router.call(operation) == expected, "\(before) \(operation)")
      #expect(router.state == stack)
      if expected {
        changes += 1
        #expect(
          transitions.values.last
            == RouteTransition(operation: operation, before: before, after: stack))
      }
    }
    #expect(transitions.values.count == changes)
  }

  // MARK: send

  @Test func sendFromADetachedTask() async {
    let router = Router(root: MailRoute.inbox)
    let sent = await Task.detached { router.send { $0.push(.detail(7)) } }.value
    await sent.value
    #expect(router.stack == [.inbox, .detail(7)])
  }

  @Test func sendRunsLaterOnTheMainActor() async {
    let router = Router(root: MailRoute.inbox)
    let task = router.send { router in
      MainActor.assertIsolated()
      router.present(.compose)
    }
    #expect(router.modal == nil)
    await task.value
    #expect(router.modal?.stack == [.compose])
  }

  @Test func sendsFromManyTasksAllApply() async {
    let router = Router(root: MailRoute.inbox)
    await withTaskGroup(of: Void.self) { group in
      for id in 1...20 {
        group.addTask { await router.send { $0.push(.detail(id)) }.value }
      }
    }
    #expect(router.depth == 21)
    #expect(Set(router.path) == Set((1...20).map(MailRoute.detail)))
  }

  // MARK: Observation

  @Test func observationFiresWhenTheStateChanges() {
    let router = Router(root: MailRoute.inbox)
    #expect(
      Self.observationCount(of: { _ = router.stack }, during: { router.push(.detail(7)) }) == 1)
    #expect(
      Self.observationCount(of: { _ = router.visibleRoute }, during: { router.present(.compose) })
        == 1)
    #expect(
      Self.observationCount(of: { _ = router.modalPath }, during: { router.push(.attachments) })
        == 1)
    #expect(Self.observationCount(of: { _ = router.path }, during: { router.path = [] }) == 1)
    #expect(router.state.description == "[inbox] sheet [compose, attachments]")
  }

  @Test func observationDoesNotFireForRejectedCalls() {
    let router = Router(root: MailRoute.inbox, maxDepth: 2)
    router.push(.detail(7))
    let rejectedCalls = {
      router.push(.detail(7))
      router.push(.compose)
      router.pop(count: 0)
      router.popTo(.settings)
      router.popTo(.detail(7))
      router.replace([])
      router.replace([.inbox, .detail(7)])
      router.replaceCurrent(with: .detail(7))
      router.dismissModals()
      router.path = [.detail(7)]
      router.path = [.detail(1), .detail(2)]
      router.modalPath = [.compose]
      #expect(throws: RouteRejection.noModal) { try router.apply(.dismissModals) }
    }
    let count = Self.observationCount(of: { _ = router.state }, during: rejectedCalls)
    #expect(count == 0)
    #expect(router.stack == [.inbox, .detail(7)])
    #expect(Self.observationCount(of: { _ = router.state }, during: { router.pop() }) == 1)
  }

  // MARK: Transitions and onChange

  @Test func transitionsDeliverEachChangeInOrder() async {
    let router = Router(root: MailRoute.inbox)
    let stream = router.transitions
    router.push(.detail(7))
    router.push(.detail(7))  // rejected: not delivered
    router.present(.compose, style: .sheet)
    router.dismiss()
    var received: [RouteTransition<MailRoute>] = []
    for await transition in stream {
      received.append(transition)
      if received.count == 3 { break }
    }
    let root = Self.stack([.inbox])
    let pushed = Self.stack([.inbox, .detail(7)])
    let presented = Self.stack([.inbox, .detail(7)], modal: (.sheet, [.compose]))
    #expect(
      received == [
        RouteTransition(operation: .push([.detail(7)]), before: root, after: pushed),
        RouteTransition(
          operation: .present(.compose, style: .sheet), before: pushed, after: presented),
        RouteTransition(operation: .dismiss, before: presented, after: pushed),
      ])
  }

  @Test func everyStreamReceivesEveryTransition() async {
    let router = Router(root: MailRoute.inbox)
    let first = router.transitions
    let second = router.transitions
    router.push(.detail(1))
    router.pop()
    for stream in [first, second] {
      var operations: [RouteOperation<MailRoute>] = []
      for await transition in stream {
        operations.append(transition.operation!)
        if operations.count == 2 { break }
      }
      #expect(operations == [.push([.detail(1)]), .pop(count: 1)])
    }
  }

  @Test func transitionsFinishWhenTheRouterGoesAway() async {
    var router: Router<MailRoute>? = Router(root: .inbox)
    let stream = router!.transitions
    router!.push(.detail(1))
    router = nil
    var operations: [RouteOperation<MailRoute>] = []
    for await transition in stream { operations.append(transition.operation!) }
    #expect(operations == [.push([.detail(1)])])
  }

  @Test func onChangeReportsAppliedOperationsOnly() {
    let router = Router(root: MailRoute.inbox)
    let transitions = Recorder<RouteTransition<MailRoute>>()
    router.onChange = { transitions.record($0) }
    router.push(.detail(7))
    router.push(.detail(7))
    router.pop(count: 5)
    router.pop()
    #expect(
      transitions.values == [
        RouteTransition(
          operation: .push([.detail(7)]), before: Self.stack([.inbox]),
          after: Self.stack([.inbox, .detail(7)])),
        RouteTransition(
          operation: .pop(count: 5), before: Self.stack([.inbox, .detail(7)]),
          after: Self.stack([.inbox])),
      ])
  }

  @Test func pathSetterIsASetPathTransition() {
    let router = Router(root: MailRoute.inbox, maxDepth: 3)
    let transitions = Recorder<RouteTransition<MailRoute>>()
    router.onChange = { transitions.record($0) }
    router.path = [.detail(1), .detail(2)]
    #expect(router.stack == [.inbox, .detail(1), .detail(2)])
    router.path = [.detail(1), .detail(2), .detail(3)]  // over maxDepth: ignored
    router.path = [.detail(1), .detail(2)]  // unchanged: ignored
    #expect(router.stack == [.inbox, .detail(1), .detail(2)])
    #expect(
      transitions.values == [
        RouteTransition(
          operation: .setPath([.detail(1), .detail(2)]),
          before: RouteStack.fixture([.inbox], maxDepth: 3),
          after: RouteStack.fixture([.inbox, .detail(1), .detail(2)], maxDepth: 3))
      ])
  }

  @Test func modalPathReadsAndWritesTheModalsStack() {
    let router = Router(root: MailRoute.inbox)
    let transitions = Recorder<RouteTransition<MailRoute>>()
    router.onChange = { transitions.record($0) }
    router.modalPath = [.attachments]  // no modal: ignored
    #expect(router.modalPath == [])
    #expect(router.modal == nil)
    router.present(.compose, style: .cover)
    router.push(.attachments)
    #expect(router.modalPath == [.attachments])
    router.modalPath = [.settings, .detail(2)]
    #expect(router.modal?.stack == [.compose, .settings, .detail(2)])
    #expect(router.stack == [.inbox])
    #expect(transitions.values.map(\.operation).last == .setModalPath([.settings, .detail(2)]))
    #expect(transitions.values.count == 3)
  }

  // MARK: Logger

  @Test func loggerPrintsChangesAndRejections() {
    let router = Router(root: MailRoute.inbox)
    let lines = Recorder<String>()
    router.logger = { lines.record($0) }
    router.push(.detail(7))
    router.push(.detail(7))
    router.present(.compose)
    router.push(.search("a b"))
    router.dismiss()
    router.pop(count: 2)
    #expect(
      lines.values == [
        "push detail:7 -> [inbox, detail:7]",
        "push detail:7 rejected: duplicate top",
        "present sheet compose -> [inbox, detail:7] sheet [compose]",
        "push search:a%20b -> [inbox, detail:7] sheet [compose, search:a%20b]",
        "dismiss -> [inbox, detail:7]",
        "pop 2 -> [inbox]",
      ])
  }

  @Test(arguments: RouteStackApplyTests.rejections)
  func applyThrowsLogsAndReportsNothing(_ row: RejectionCase) {
    let router = Router(row.stack)
    let lines = Recorder<String>()
    let transitions = Recorder<RouteTransition<MailRoute>>()
    router.logger = { lines.record($0) }
    router.onChange = { transitions.record($0) }
    #expect(throws: row.rejection) { try router.apply(row.operation) }
    #expect(router.state == row.stack)
    #expect(lines.values == ["\(row.operation) rejected: \(row.rejection)"])
    #expect(transitions.values.isEmpty)
  }

  @Test(arguments: [
    ("push duplicate top", "push search:x rejected: duplicate top"),
    ("push at max depth", "push compose rejected: depth limit 2 reached"),
    ("push nothing", "push rejected: nothing to change"),
    ("pop at root", "pop rejected: already at root"),
    ("pop zero", "pop 0 rejected: count 0 is not positive"),
    ("pop negative", "pop -1 rejected: count -1 is not positive"),
    ("pop-to absent", "pop-to settings rejected: 'settings' is not in the stack"),
    ("pop-to top", "pop-to search:x rejected: 'search:x' is already on top"),
    ("pop-to-last absent", "pop-to-last detail:8 rejected: 'detail:8' is not in the stack"),
    ("root at root", "root rejected: already at root"),
    ("replace empty", "replace rejected: a stack needs at least a root"),
    (
      "replace over max depth",
      "replace inbox detail:1 detail:2 rejected: depth limit 2 reached"
    ),
    ("replace-top identical", "replace-top search:x rejected: nothing to change"),
    ("present over a modal", "present sheet settings rejected: a modal is already presented"),
    ("dismiss at root", "dismiss rejected: already at root"),
    ("dismiss-all without modal", "dismiss-all rejected: no modal is presented"),
    ("set-path over max depth", "set-path detail:1 detail:2 rejected: depth limit 2 reached"),
    ("set-modal-path without modal", "set-modal-path rejected: no modal is presented"),
  ])
  func rejectionLogLines(label: String, line: String) throws {
    let row = try #require(RouteStackApplyTests.rejections.first { $0.label == label })
    let router = Router(row.stack)
    let lines = Recorder<String>()
    router.logger = { lines.record($0) }
    #expect(router.call(row.operation) == false)
    #expect(lines.values == [line])
  }

  @Test func theSpecExampleLogLine() {
    let router = Router(root: MailRoute.inbox)
    router.push(.detail(7))
    let lines = Recorder<String>()
    router.logger = { lines.record($0) }
    router.push(.detail(7))
    #expect(lines.values == ["push detail:7 rejected: duplicate top"])
  }

  @Test func anUntypedRouterForTheCommandLine() {
    let router = Router<RouteToken>(root: "inbox")
    let lines = Recorder<String>()
    router.logger = { lines.record($0) }
    router.push("detail:7", "search:a%20b")
    router.push("search:a%20b")
    #expect(router.stack == ["inbox", "detail:7", "search:a%20b"])
    #expect(
      lines.values == [
        "push detail:7 search:a%20b -> [inbox, detail:7, search:a%20b]",
        "push search:a%20b rejected: duplicate top",
      ])
  }
}
