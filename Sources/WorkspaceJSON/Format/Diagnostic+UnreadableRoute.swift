import Workspace

extension Diagnostic {
  /// A diagnostic for a stored token that the host's registered route type cannot read, at
  /// the token's JSON path in the file that holds `state`.
  ///
  ///     $.root.children[1].router.stack[2]: route 'note:abc' is unreadable (notes route
  ///     'note:abc' takes one Int); a repair quarantines it: kept in the file, out of the stack
  ///
  /// - Parameters:
  ///   - route: The unreadable token, as `WorkspaceState.unreadableRoutes(_:)` found it.
  ///   - state: The state it was found in.
  public init(_ route: UnreadableRoute, in state: WorkspaceState) {
    let member: String
    let repair: String
    switch route.place {
    case .stack(let index):
      member = "stack[\(index)]"
      repair =
        index == 0
        ? "a repair quarantines it (kept in the file) and gives the router its first readable"
          + " route as root, or its registered fallback root, if any"
        : "a repair quarantines it: kept in the file, out of the stack"
    case .modal(let index):
      member = "modal.stack[\(index)]"
      repair =
        index == 0
        ? "a repair quarantines it (kept in the file) and gives the modal its first readable"
          + " route as root, or dismisses it"
        : "a repair quarantines it: kept in the file, out of the modal"
    }
    self.init(
      location: Self.location(of: route.node, in: state) + ".router." + member,
      message: "route '\(route.token)' is unreadable (\(route.reason)); \(repair)")
  }

  /// The JSON path of a node in the file: `$.root` and the child indices down to it.
  static func location(of id: NodeID, in state: WorkspaceState) -> String {
    var steps: [String] = []
    var current = id
    while let parent = state.node(current)?.parent,
      let index = state.node(parent)?.children.firstIndex(of: current)
    {
      steps.append(".children[\(index)]")
      current = parent
    }
    return "$.root" + steps.reversed().joined()
  }
}
