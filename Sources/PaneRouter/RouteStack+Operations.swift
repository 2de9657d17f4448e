extension RouteStack {
  /// Pushes a route onto the active stack.
  ///
  /// - Parameter route: The route to push.
  /// - Returns: `false` if it equals the top (with the duplicate-top guard on) or the stack is
  ///   at ``maxDepth``.
  /// - Complexity: O(1) amortised.
  @discardableResult
  public mutating func push(_ route: R) -> Bool {
    perform(.push([route]))
  }

  /// Pushes several routes, all or nothing.
  ///
  ///     stack.push(.detail(7), .reply)   // [inbox] -> [inbox, detail:7, reply]
  ///
  /// - Returns: `false`, changing nothing, if any route would be refused.
  /// - Complexity: O(*k*), where *k* is the number of routes pushed.
  @discardableResult
  public mutating func push(_ first: R, _ second: R, _ rest: R...) -> Bool {
    perform(.push([first, second] + rest))
  }

  /// Pushes the routes of a sequence, all or nothing.
  ///
  /// - Parameter routes: The routes, bottom first.
  /// - Returns: `false`, changing nothing, if the sequence is empty or any route would be
  ///   refused.
  /// - Complexity: O(*k*), where *k* is the number of routes pushed.
  @discardableResult
  public mutating func push(contentsOf routes: some Sequence<R>) -> Bool {
    perform(.push(Array(routes)))
  }

  /// Removes the top route of the active stack.
  ///
  /// - Returns: `false` at the root.
  /// - Complexity: O(1).
  @discardableResult
  public mutating func pop() -> Bool {
    perform(.pop(count: 1))
  }

  /// Removes up to `count` routes, stopping at the root.
  ///
  /// - Parameter count: How many routes to remove; zero or less changes nothing.
  /// - Returns: `false` at the root or when `count` is not positive.
  /// - Complexity: O(*count*).
  @discardableResult
  public mutating func pop(count: Int) -> Bool {
    perform(.pop(count: count))
  }

  /// Pops the stack back to the first occurrence of a route, keeping it.
  ///
  ///     stack.popTo(.inbox)   // [inbox, detail:7, reply] -> [inbox]
  ///
  /// - Parameter route: The route to return to.
  /// - Returns: `false` if `route` is not in the stack or its first occurrence is on top.
  /// - Complexity: O(*n*), where *n* is the stack's depth.
  @discardableResult
  public mutating func popTo(_ route: R) -> Bool {
    perform(.popTo(route))
  }

  /// Pops the stack back to the last occurrence of a route, keeping it.
  ///
  /// - Parameter route: The route to return to.
  /// - Returns: `false` if `route` is not in the stack or is on top.
  /// - Complexity: O(*n*), where *n* is the stack's depth.
  @discardableResult
  public mutating func popToLast(_ route: R) -> Bool {
    perform(.popToLast(route))
  }

  /// Keeps only the root and dismisses any modal.
  ///
  /// - Returns: `false` if the stack is at its root with no modal.
  /// - Complexity: O(*n*), where *n* is the stack's depth.
  @discardableResult
  public mutating func popToRoot() -> Bool {
    perform(.popToRoot)
  }

  /// Replaces the whole active stack, root included.
  ///
  /// - Parameter routes: The new routes, root first.
  /// - Returns: `false` if `routes` is empty, deeper than ``maxDepth`` or equal to the stack.
  /// - Complexity: O(*n*), where *n* is the number of routes.
  @discardableResult
  public mutating func replace(_ routes: [R]) -> Bool {
    perform(.replace(routes))
  }

  /// Replaces the top of the active stack; at depth 1 that is the root.
  ///
  /// - Parameter route: The new top.
  /// - Returns: `false` if `route` already is the top.
  /// - Complexity: O(1).
  @discardableResult
  public mutating func replaceCurrent(with route: R) -> Bool {
    perform(.replaceCurrent(route))
  }

  /// Presents a modal whose route becomes the root of the modal's own push stack.
  ///
  /// - Parameters:
  ///   - route: The modal's root route.
  ///   - style: A sheet or a cover.
  /// - Returns: `false` if a modal is already presented.
  /// - Complexity: O(1).
  @discardableResult
  public mutating func present(_ route: R, style: ModalStyle = .sheet) -> Bool {
    perform(.present(route, style: style))
  }

  /// Closes the modal with its whole flow if one is presented, else pops.
  ///
  /// - Returns: `false` at the root with no modal.
  /// - Complexity: O(1).
  @discardableResult
  public mutating func dismiss() -> Bool {
    perform(.dismiss)
  }

  /// Closes any presented modal, keeping the stack.
  ///
  /// - Returns: `false` if no modal is presented.
  /// - Complexity: O(1).
  @discardableResult
  public mutating func dismissModals() -> Bool {
    perform(.dismissModals)
  }

  /// Finishes the presented modal's flow with a result: closes the modal with its whole flow.
  ///
  ///     stack.present(.attachments)
  ///     stack.finish(with: .attachment(3))   // the sheet closes; a Router reports the result
  ///
  /// The stack itself keeps no result: a ``Router`` hands it to its observers in the
  /// ``RouteTransition`` (``RouteTransition/result``).
  ///
  /// - Parameter result: The route the flow finished with.
  /// - Returns: `false` if no modal is presented (nothing to finish, or finished already).
  /// - Complexity: O(1).
  @discardableResult
  public mutating func finish(with result: R) -> Bool {
    perform(.finish(result))
  }

  private mutating func perform(_ operation: RouteOperation<R>) -> Bool {
    do {
      try apply(operation)
      return true
    } catch {
      return false
    }
  }
}
