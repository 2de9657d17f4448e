import Workspace

extension Diagnostic {
  /// A diagnostic for each quarantined token of `state`, at its JSON path in the file that
  /// holds it, in the order of `WorkspaceState.quarantinedRoutes`: a warning for a host or
  /// a user, since the file is sound and the token is kept.
  ///
  ///     $.root.children[0].router.quarantined[0]: route 'line:x:abc' (stack index 1) is
  ///     quarantined: a route type could not read it; kept in the file, not shown
  ///
  /// - Parameter state: The state.
  /// - Returns: The diagnostics; empty when no router holds a quarantined token.
  /// - Complexity: O(*n* + *q*·*d*), for *n* nodes and *q* quarantined tokens at depth *d*.
  public static func quarantinedRoutes(in state: WorkspaceState) -> [Diagnostic] {
    state.nodeIDs.flatMap { id in
      (state.node(id)?.router?.quarantined ?? []).enumerated().map { index, route in
        Diagnostic(
          location: location(of: id, in: state) + ".router.quarantined[\(index)]",
          message: "\(route) is quarantined: a route type could not read it; kept in the file,"
            + " not shown")
      }
    }
  }
}
