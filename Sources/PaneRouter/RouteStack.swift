/// A navigation stack as a value: a root that is never removed, the routes pushed over it,
/// and at most one presented modal with a push stack of its own.
///
///     var stack = RouteStack(root: MailRoute.inbox)
///     stack.push(.detail(7))               // [inbox, detail:7]
///     stack.present(.compose, style: .sheet)
///     stack.push(.attachments)             // pushes inside the sheet's flow
///     stack.dismiss()                      // closes the sheet with its whole flow
///
/// Every operation returns whether it changed anything; ``apply(_:)`` performs the same
/// operations and throws the ``RouteRejection`` that says why one did not.
public struct RouteStack<R: Route>: Equatable, Sendable {
  /// The default maximum depth of a stack, root included.
  public static var defaultMaximumDepth: Int { 30 }

  /// The routes from the root (index 0) to the top; never empty.
  public private(set) var stack: [R]
  /// The presented modal, if any.
  public private(set) var modal: Modal?
  /// The largest number of routes a stack may hold, root included (at least 1). The modal's
  /// own stack has the same limit.
  public let maxDepth: Int
  /// Whether pushing a route equal to the top is rejected (the duplicate-top guard).
  public var rejectsDuplicateTop: Bool

  /// A modal presented over the stack, with its own push stack rooted at the presented route.
  public struct Modal: Equatable, Sendable {
    /// Whether the modal is a sheet or a cover.
    public let style: ModalStyle
    /// The modal's routes from its root (the presented route) to its top; never empty.
    public internal(set) var stack: [R]

    /// The modal's root: the route that was presented.
    public var root: R { stack[0] }
    /// The top of the modal's stack.
    public var current: R { stack[stack.count - 1] }
    /// The modal's stack below its root.
    public var path: [R] { Array(stack.dropFirst()) }
  }

  /// Creates a stack holding only its root.
  ///
  /// - Parameters:
  ///   - root: The route at the bottom of the stack.
  ///   - maxDepth: The maximum depth, root included; values below 1 are clamped to 1.
  public init(root: R, maxDepth: Int = RouteStack.defaultMaximumDepth) {
    self.stack = [root]
    self.modal = nil
    self.maxDepth = max(1, maxDepth)
    self.rejectsDuplicateTop = true
  }

  /// Creates a stack from stored routes, validating them.
  ///
  /// - Parameters:
  ///   - routes: The routes from the root to the top.
  ///   - modal: The presented modal's style and routes, if any.
  ///   - maxDepth: The maximum depth; values below 1 are clamped to 1.
  ///   - rejectsDuplicateTop: Whether the duplicate-top guard is on.
  /// - Throws: ``PaneRouterError/emptyStack`` or ``PaneRouterError/stackTooDeep(depth:maximumDepth:)``
  ///   if `routes` or the modal's routes are empty or deeper than `maxDepth`.
  public init(
    routes: [R], modal: (style: ModalStyle, routes: [R])? = nil,
    maxDepth: Int = RouteStack.defaultMaximumDepth, rejectsDuplicateTop: Bool = true
  ) throws(PaneRouterError) {
    let maxDepth = max(1, maxDepth)
    try Self.checkStored(routes.count, maxDepth: maxDepth)
    if let modal { try Self.checkStored(modal.routes.count, maxDepth: maxDepth) }
    self.stack = routes
    self.modal = modal.map { Modal(style: $0.style, stack: $0.routes) }
    self.maxDepth = maxDepth
    self.rejectsDuplicateTop = rejectsDuplicateTop
  }

  /// Throws unless a stored stack of `depth` routes is within `maxDepth` and not empty.
  private static func checkStored(_ depth: Int, maxDepth: Int) throws(PaneRouterError) {
    guard depth > 0 else { throw .emptyStack }
    guard depth <= maxDepth else { throw .stackTooDeep(depth: depth, maximumDepth: maxDepth) }
  }

  /// The root of the stack.
  public var root: R { stack[0] }
  /// The top of the stack (below any modal).
  public var current: R { stack[stack.count - 1] }
  /// The number of routes in the stack, root included.
  public var depth: Int { stack.count }
  /// The route on screen: the top of the modal's stack if a modal is presented, else
  /// ``current``.
  public var visibleRoute: R { modal?.current ?? current }
  /// Whether a modal is presented.
  public var isPresentingModal: Bool { modal != nil }

  /// The stack below its root, for `NavigationStack(path:)`; setting it keeps the root and
  /// is ignored when the new path would exceed ``maxDepth``.
  public var path: [R] {
    get { Array(stack.dropFirst()) }
    set { try? apply(.setPath(newValue)) }
  }

  /// The same stack over another route type, for example typed routes from stored tokens.
  ///
  /// - Parameter transform: Converts each route, in the stack and in the modal.
  /// - Returns: A stack with the same shape, depth limit and guard.
  /// - Throws: What `transform` throws.
  /// - Complexity: O(*n*), where *n* is the number of routes.
  public func map<T: Route>(_ transform: (R) throws -> T) rethrows -> RouteStack<T> {
    let routes = try stack.map(transform)
    var result = RouteStack<T>(root: routes[0], maxDepth: maxDepth)
    result.stack = routes
    result.modal = try modal.map {
      RouteStack<T>.Modal(style: $0.style, stack: try $0.stack.map(transform))
    }
    result.rejectsDuplicateTop = rejectsDuplicateTop
    return result
  }
}

extension RouteStack {
  /// Performs an operation, or throws why it was refused and changes nothing.
  ///
  /// While a modal is presented, push, pop, pop-to, replace and replace-top act on the
  /// modal's own stack and never below its root.
  ///
  /// - Parameter operation: The operation to perform.
  /// - Throws: The ``RouteRejection`` that says why nothing changed.
  /// - Complexity: O(*n*), where *n* is the depth of the affected stack.
  public mutating func apply(_ operation: RouteOperation<R>) throws(RouteRejection) {
    switch operation {
    case .push(let routes):
      var active = activeStack
      try append(routes, to: &active)
      activeStack = active
    case .pop(let count):
      guard count > 0 else { throw .nonPositiveCount(count) }
      guard activeStack.count > 1 else { throw .atRoot }
      activeStack.removeLast(min(count, activeStack.count - 1))
    case .popTo(let route):
      try popBack(to: activeStack.firstIndex(of: route), route: route)
    case .popToLast(let route):
      try popBack(to: activeStack.lastIndex(of: route), route: route)
    case .popToRoot:
      guard stack.count > 1 || modal != nil else { throw .atRoot }
      stack.removeLast(stack.count - 1)
      modal = nil
    case .replace(let routes):
      guard !routes.isEmpty else { throw .emptyStack }
      guard routes.count <= maxDepth else { throw .depthLimit(maxDepth) }
      guard routes != activeStack else { throw .unchanged }
      activeStack = routes
    case .replaceCurrent(let route):
      guard activeStack.last != route else { throw .unchanged }
      activeStack[activeStack.count - 1] = route
    case .present(let route, let style):
      guard modal == nil else { throw .modalAlreadyPresented }
      modal = Modal(style: style, stack: [route])
    case .dismiss:
      if modal != nil {
        modal = nil
      } else {
        try apply(.pop(count: 1))
      }
    case .dismissModals, .finish:
      guard modal != nil else { throw .noModal }
      modal = nil
    case .setPath(let routes):
      stack = try replacingPath(of: stack, with: routes)
    case .setModalPath(let routes):
      guard let presented = modal else { throw .noModal }
      let replaced = try replacingPath(of: presented.stack, with: routes)
      modal?.stack = replaced
    }
  }

  /// The stack that push, pop and replace act on: the modal's if one is presented.
  private var activeStack: [R] {
    get { modal?.stack ?? stack }
    set {
      if modal != nil { modal?.stack = newValue } else { stack = newValue }
    }
  }

  private func append(_ routes: [R], to active: inout [R]) throws(RouteRejection) {
    guard !routes.isEmpty else { throw .unchanged }
    guard active.count + routes.count <= maxDepth else { throw .depthLimit(maxDepth) }
    for route in routes {
      if rejectsDuplicateTop, route == active.last { throw .duplicateTop(route.token) }
      active.append(route)
    }
  }

  private mutating func popBack(to index: Int?, route: R) throws(RouteRejection) {
    guard let index else { throw .notInStack(route.token) }
    guard index < activeStack.count - 1 else { throw .alreadyOnTop(route.token) }
    activeStack.removeLast(activeStack.count - 1 - index)
  }

  private func replacingPath(of routes: [R], with path: [R]) throws(RouteRejection) -> [R] {
    let replaced = [routes[0]] + path
    guard replaced.count <= maxDepth else { throw .depthLimit(maxDepth) }
    guard replaced != routes else { throw .unchanged }
    return replaced
  }
}

extension RouteStack where R == RouteToken {
  /// Creates a stack of stored tokens, validating them as
  /// ``init(routes:modal:maxDepth:rejectsDuplicateTop:)`` does: the same initialiser,
  /// specialised here for tokens, so that a file layer building thousands of stacks calls it
  /// without looking up generic metadata on each call.
  ///
  /// - Throws: What ``init(routes:modal:maxDepth:rejectsDuplicateTop:)`` throws.
  /// - Complexity: O(1).
  package init(
    tokens routes: [RouteToken], modal: (style: ModalStyle, routes: [RouteToken])?,
    maxDepth: Int, rejectsDuplicateTop: Bool
  ) throws(PaneRouterError) {
    try self.init(
      routes: routes, modal: modal, maxDepth: maxDepth, rejectsDuplicateTop: rejectsDuplicateTop)
  }
}
