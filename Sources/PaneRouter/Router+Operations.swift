extension Router {
  /// Pushes a route, as ``RouteStack/push(_:)``; a refusal is logged.
  ///
  /// - Returns: Whether the stack changed.
  @discardableResult
  public func push(_ route: R) -> Bool { perform(.push([route])) }

  /// Pushes several routes, all or nothing, as ``RouteStack/push(_:_:_:)``.
  ///
  /// - Returns: Whether the stack changed.
  @discardableResult
  public func push(_ first: R, _ second: R, _ rest: R...) -> Bool {
    perform(.push([first, second] + rest))
  }

  /// Pushes the routes of a sequence, all or nothing, as ``RouteStack/push(contentsOf:)``.
  ///
  /// - Returns: Whether the stack changed.
  @discardableResult
  public func push(contentsOf routes: some Sequence<R>) -> Bool {
    perform(.push(Array(routes)))
  }

  /// Removes the top route, as ``RouteStack/pop()``.
  ///
  /// - Returns: Whether the stack changed.
  @discardableResult
  public func pop() -> Bool { perform(.pop(count: 1)) }

  /// Removes up to `count` routes, as ``RouteStack/pop(count:)``.
  ///
  /// - Returns: Whether the stack changed.
  @discardableResult
  public func pop(count: Int) -> Bool { perform(.pop(count: count)) }

  /// Pops back to the first occurrence of `route`, as ``RouteStack/popTo(_:)``.
  ///
  /// - Returns: Whether the stack changed.
  @discardableResult
  public func popTo(_ route: R) -> Bool { perform(.popTo(route)) }

  /// Pops back to the last occurrence of `route`, as ``RouteStack/popToLast(_:)``.
  ///
  /// - Returns: Whether the stack changed.
  @discardableResult
  public func popToLast(_ route: R) -> Bool { perform(.popToLast(route)) }

  /// Keeps only the root and dismisses modals, as ``RouteStack/popToRoot()``.
  ///
  /// - Returns: Whether the stack changed.
  @discardableResult
  public func popToRoot() -> Bool { perform(.popToRoot) }

  /// Replaces the active stack, root included, as ``RouteStack/replace(_:)``.
  ///
  /// - Returns: Whether the stack changed.
  @discardableResult
  public func replace(_ routes: [R]) -> Bool { perform(.replace(routes)) }

  /// Replaces the top route, as ``RouteStack/replaceCurrent(with:)``.
  ///
  /// - Returns: Whether the stack changed.
  @discardableResult
  public func replaceCurrent(with route: R) -> Bool { perform(.replaceCurrent(route)) }

  /// Presents a modal with its own stack, as ``RouteStack/present(_:style:)``.
  ///
  /// - Returns: Whether a modal was presented.
  @discardableResult
  public func present(_ route: R, style: ModalStyle = .sheet) -> Bool {
    perform(.present(route, style: style))
  }

  /// Closes the modal, else pops, as ``RouteStack/dismiss()``.
  ///
  /// - Returns: Whether anything changed.
  @discardableResult
  public func dismiss() -> Bool { perform(.dismiss) }

  /// Closes any modal, as ``RouteStack/dismissModals()``.
  ///
  /// - Returns: Whether a modal was closed.
  @discardableResult
  public func dismissModals() -> Bool { perform(.dismissModals) }

  /// Finishes the presented modal's flow with a result, as ``RouteStack/finish(with:)``: the
  /// modal closes and the result reaches this router's observers as the transition's
  /// ``RouteTransition/result`` (through ``onChange`` and ``transitions``).
  ///
  ///     router.onChange = { transition in
  ///       if let attachment = transition.result { router.push(attachment) }
  ///     }
  ///     router.finish(with: .attachment(3))
  ///
  /// - Parameter result: The route the flow finished with.
  /// - Returns: Whether a modal was presented and closed.
  @discardableResult
  public func finish(with result: R) -> Bool { perform(.finish(result)) }
}
