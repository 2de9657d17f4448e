import PaneRouter
import Testing
import WorkspaceTestSupport

/// One refused operation: the stack it is applied to and the rejection expected.
struct RejectionCase: Sendable, CustomTestStringConvertible {
  let label: String
  let stack: RouteStack<MailRoute>
  let operation: RouteOperation<MailRoute>
  let rejection: RouteRejection

  var testDescription: String { label }
}

/// One accepted operation: the stack it is applied to and the stack it gives.
struct TransitionCase: Sendable, CustomTestStringConvertible {
  let stack: RouteStack<MailRoute>
  let operation: RouteOperation<MailRoute>
  let after: String

  var testDescription: String { "\(stack) \(operation)" }
}

@Suite struct RouteStackApplyTests {
  static let root = RouteStack(root: MailRoute.inbox)
  static let deep = RouteStack.fixture([MailRoute.inbox, .detail(7), .search("x")])
  static let full = RouteStack.fixture([MailRoute.inbox, .detail(7)], maxDepth: 2)
  static let presented = RouteStack.fixture(
    [MailRoute.inbox, .detail(7)], modal: (.sheet, [.compose, .attachments]))
  static let modalAtRoot = RouteStack.fixture([MailRoute.inbox], modal: (.cover, [.compose]))

  static let rejections: [RejectionCase] = [
    .init(
      label: "push duplicate top", stack: deep, operation: .push([.search("x")]),
      rejection: .duplicateTop("search:x")),
    .init(
      label: "push the root onto itself", stack: root, operation: .push([.inbox]),
      rejection: .duplicateTop("inbox")),
    .init(
      label: "push at max depth", stack: full, operation: .push([.compose]),
      rejection: .depthLimit(2)),
    .init(
      label: "multi-push crossing max depth", stack: deep,
      operation: .push((1...28).map(MailRoute.detail)), rejection: .depthLimit(30)),
    .init(label: "push nothing", stack: deep, operation: .push([]), rejection: .unchanged),
    .init(
      label: "push duplicate top in a modal", stack: presented, operation: .push([.attachments]),
      rejection: .duplicateTop("attachments")),
    .init(label: "pop at root", stack: root, operation: .pop(count: 1), rejection: .atRoot),
    .init(
      label: "pop at the modal's root", stack: modalAtRoot, operation: .pop(count: 1),
      rejection: .atRoot),
    .init(
      label: "pop zero", stack: deep, operation: .pop(count: 0), rejection: .nonPositiveCount(0)),
    .init(
      label: "pop negative", stack: deep, operation: .pop(count: -1),
      rejection: .nonPositiveCount(-1)),
    .init(
      label: "pop-to absent", stack: deep, operation: .popTo(.settings),
      rejection: .notInStack("settings")),
    .init(
      label: "pop-to top", stack: deep, operation: .popTo(.search("x")),
      rejection: .alreadyOnTop("search:x")),
    .init(
      label: "pop-to-last absent", stack: deep, operation: .popToLast(.detail(8)),
      rejection: .notInStack("detail:8")),
    .init(
      label: "pop-to-last top", stack: deep, operation: .popToLast(.search("x")),
      rejection: .alreadyOnTop("search:x")),
    .init(
      label: "pop-to below the modal", stack: presented, operation: .popTo(.detail(7)),
      rejection: .notInStack("detail:7")),
    .init(label: "root at root", stack: root, operation: .popToRoot, rejection: .atRoot),
    .init(label: "replace empty", stack: deep, operation: .replace([]), rejection: .emptyStack),
    .init(
      label: "replace over max depth", stack: full,
      operation: .replace([.inbox, .detail(1), .detail(2)]), rejection: .depthLimit(2)),
    .init(
      label: "replace identical", stack: deep,
      operation: .replace([.inbox, .detail(7), .search("x")]),
      rejection: .unchanged),
    .init(
      label: "replace-top identical", stack: deep, operation: .replaceCurrent(.search("x")),
      rejection: .unchanged),
    .init(
      label: "present over a modal", stack: presented,
      operation: .present(.settings, style: .sheet),
      rejection: .modalAlreadyPresented),
    .init(label: "dismiss at root", stack: root, operation: .dismiss, rejection: .atRoot),
    .init(
      label: "dismiss-all without modal", stack: deep, operation: .dismissModals,
      rejection: .noModal),
    .init(
      label: "set-path over max depth", stack: full, operation: .setPath([.detail(1), .detail(2)]),
      rejection: .depthLimit(2)),
    .init(
      label: "set-path identical", stack: deep, operation: .setPath([.detail(7), .search("x")]),
      rejection: .unchanged),
    .init(
      label: "set-modal-path without modal", stack: deep, operation: .setModalPath([]),
      rejection: .noModal),
    .init(
      label: "set-modal-path identical", stack: presented, operation: .setModalPath([.attachments]),
      rejection: .unchanged),
  ]

  @Test(arguments: rejections)
  func applyThrowsTheRejectionAndChangesNothing(_ row: RejectionCase) {
    var stack = row.stack
    #expect(throws: row.rejection) { try stack.apply(row.operation) }
    #expect(stack == row.stack)
  }

  static let transitions: [TransitionCase] = [
    .init(stack: root, operation: .push([.detail(7)]), after: "[inbox, detail:7]"),
    .init(
      stack: root, operation: .push([.detail(7), .compose]), after: "[inbox, detail:7, compose]"),
    .init(stack: deep, operation: .pop(count: 1), after: "[inbox, detail:7]"),
    .init(stack: deep, operation: .pop(count: 9), after: "[inbox]"),
    .init(stack: deep, operation: .popTo(.detail(7)), after: "[inbox, detail:7]"),
    .init(stack: deep, operation: .popToLast(.inbox), after: "[inbox]"),
    .init(stack: deep, operation: .popToRoot, after: "[inbox]"),
    .init(stack: presented, operation: .popToRoot, after: "[inbox]"),
    .init(stack: deep, operation: .replace([.settings]), after: "[settings]"),
    .init(stack: root, operation: .replaceCurrent(.settings), after: "[settings]"),
    .init(
      stack: deep, operation: .present(.compose, style: .cover),
      after: "[inbox, detail:7, search:x] cover [compose]"),
    .init(
      stack: presented, operation: .push([.settings]),
      after: "[inbox, detail:7] sheet [compose, attachments, settings]"),
    .init(stack: presented, operation: .pop(count: 1), after: "[inbox, detail:7] sheet [compose]"),
    .init(stack: presented, operation: .dismiss, after: "[inbox, detail:7]"),
    .init(stack: deep, operation: .dismiss, after: "[inbox, detail:7]"),
    .init(stack: presented, operation: .dismissModals, after: "[inbox, detail:7]"),
    .init(stack: deep, operation: .setPath([]), after: "[inbox]"),
    .init(
      stack: presented, operation: .setModalPath([.detail(1)]),
      after: "[inbox, detail:7] sheet [compose, detail:1]"),
  ]

  @Test(arguments: transitions)
  func applyPerformsTheOperation(_ row: TransitionCase) throws {
    var stack = row.stack
    try stack.apply(row.operation)
    #expect(stack.description == row.after)
    #expect(stack.maxDepth == row.stack.maxDepth)
    #expect(stack.rejectsDuplicateTop == row.stack.rejectsDuplicateTop)
  }

  @Test(arguments: [
    (RouteRejection.duplicateTop("detail:7"), "duplicate top"),
    (.depthLimit(30), "depth limit 30 reached"),
    (.atRoot, "already at root"),
    (.notInStack("search:a%20b"), "'search:a%20b' is not in the stack"),
    (.alreadyOnTop("inbox"), "'inbox' is already on top"),
    (.emptyStack, "a stack needs at least a root"),
    (.modalAlreadyPresented, "a modal is already presented"),
    (.noModal, "no modal is presented"),
    (.nonPositiveCount(-2), "count -2 is not positive"),
    (.unchanged, "nothing to change"),
  ])
  func rejectionDescriptions(rejection: RouteRejection, text: String) {
    #expect(rejection.description == text)
  }

  // MARK: Validating initializer

  @Test func initializerFromRoutesKeepsEverything() throws {
    let stack = try RouteStack(
      routes: [MailRoute.inbox, .detail(7)], modal: (.cover, [.compose, .attachments]),
      maxDepth: 5, rejectsDuplicateTop: false)
    #expect(stack.stack == [.inbox, .detail(7)])
    #expect(stack.modal?.style == .cover)
    #expect(stack.modal?.stack == [.compose, .attachments])
    #expect(stack.maxDepth == 5)
    #expect(stack.rejectsDuplicateTop == false)
  }

  @Test func initializerFromRoutesValidates() {
    #expect(throws: PaneRouterError.emptyStack) { try RouteStack<MailRoute>(routes: []) }
    #expect(throws: PaneRouterError.emptyStack) {
      try RouteStack(routes: [MailRoute.inbox], modal: (.sheet, []))
    }
    #expect(throws: PaneRouterError.stackTooDeep(depth: 3, maximumDepth: 2)) {
      try RouteStack(routes: [MailRoute.inbox, .detail(1), .detail(2)], maxDepth: 2)
    }
    #expect(throws: PaneRouterError.stackTooDeep(depth: 2, maximumDepth: 1)) {
      try RouteStack(routes: [MailRoute.inbox], modal: (.sheet, [.compose, .inbox]), maxDepth: 0)
    }
  }

  // MARK: map

  @Test func mapKeepsTheShapeLimitAndGuard() throws {
    var stack = RouteStack.fixture(
      [MailRoute.inbox, .detail(7)], modal: (.cover, [.compose, .search("a b")]), maxDepth: 5,
      rejectsDuplicateTop: false)
    stack.push(.search("a b"))
    let tokens = stack.map(\.token)
    #expect(tokens.stack == ["inbox", "detail:7"])
    #expect(tokens.modal?.stack == ["compose", "search:a%20b", "search:a%20b"])
    #expect(tokens.modal?.style == .cover)
    #expect(tokens.maxDepth == 5)
    #expect(tokens.rejectsDuplicateTop == false)
    #expect(try tokens.map(MailRoute.init(token:)) == stack)
  }

  @Test func mapCallsTheTransformOncePerRoute() {
    let stack = RouteStack.fixture(
      [MailRoute.inbox, .detail(7), .detail(8)], modal: (.sheet, [.compose]))
    let calls = Recorder<MailRoute>()
    _ = stack.map { route in
      calls.record(route)
      return route.token
    }
    #expect(calls.values == [.inbox, .detail(7), .detail(8), .compose])
  }

  @Test func mapRethrows() {
    let stack = RouteStack.fixture([RouteToken("inbox"), RouteToken("outbox")])
    #expect(throws: PaneRouterError.unknownRoute("outbox", kind: "mail")) {
      try stack.map(MailRoute.init(token:))
    }
  }
}
