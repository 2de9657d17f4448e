import PaneRouter

/// A stored token that a repair (``WorkspaceState/repairUnreadableRoutes(_:)``) took out of
/// its router's stack or modal because the route type registered for the router's kind could
/// not read it. The router keeps it, and the file saves it, untouched, with the place it
/// stood, so nothing is lost and a host that reads it later gets it back where it was.
///
///     // stored [file:a, line:x:abc, file:ok.swift]; `line` takes an Int
///     state.repairUnreadableRoutes(routeTypes)
///     // stack [file:a, file:ok.swift], quarantined: route 'line:x:abc' (stack index 1)
public struct QuarantinedRoute: Hashable, Sendable, CustomStringConvertible {
  /// The token, as it was stored.
  public let token: RouteToken
  /// Where it stood: its index in the stack (or the modal's stack) with every quarantined
  /// token of that stack put back, so that the shown routes and the quarantined ones make
  /// up the stored stack again in its order.
  public let place: UnreadableRoute.Place
  /// The style of the modal it stood in, for a modal place (a repair that reinstates it with
  /// no modal presented presents one of this style); `nil` for a stack place.
  public let style: ModalStyle?

  /// Creates a quarantined token.
  ///
  /// - Parameters:
  ///   - token: The token.
  ///   - place: Where it stood.
  ///   - style: The style of its modal, for a modal place (`sheet` when not given); ignored
  ///     for a stack place.
  package init(_ token: RouteToken, at place: UnreadableRoute.Place, style: ModalStyle? = nil) {
    self.token = token
    self.place = place
    switch place {
    case .stack: self.style = nil
    case .modal: self.style = style ?? .sheet
    }
  }

  /// Whether it stood in a modal.
  var isInModal: Bool {
    if case .modal = place { true } else { false }
  }

  /// `route 'line:x:abc' (stack index 1)`, or `route 'bad' (sheet modal index 0)`.
  public var description: String {
    switch place {
    case .stack(let index): "route '\(token)' (stack index \(index))"
    case .modal(let index): "route '\(token)' (\(style ?? .sheet) modal index \(index))"
    }
  }
}
