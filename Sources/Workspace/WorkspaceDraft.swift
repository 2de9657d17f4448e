/// The commands of one call worked out on a workspace's state before anyone sees them: each
/// ``apply(_:measuringIn:failedIndex:)`` is one transaction, as in file mode, and
/// ``Workspace/commit(_:)`` then publishes them all, or the draft is dropped and nothing
/// happened anywhere.
///
///     var draft = workspace.makeDraft()
///     var failedIndex: Int?
///     try draft.apply([.focus(.number(2)), .route(.push("detail:7"))], failedIndex: &failedIndex)
///     try draft.apply([.split(.horizontal)], failedIndex: &failedIndex)
///     try workspace.commit(draft)   // two changes, reported in order; or none
///
/// A draft applies what the workspace applies: the host's route types, its undo policy. File
/// mode (`wsctl` on a file) runs the same draft over the file's state, with no route types and
/// navigation recorded, and saves ``state``.
package struct WorkspaceDraft: Sendable {
  /// The state with every transaction so far applied.
  package private(set) var state: WorkspaceState
  /// The route types the commands are checked against.
  package let routeTypes: RouteRegistry
  /// Whether router operations are recorded for undo (see ``UndoPolicy``).
  package let recordsNavigation: Bool
  /// The workspace's generation the draft starts from; `nil` for a draft of a bare state.
  let generation: Int?
  /// Each transaction's change and the state it left, in order.
  private(set) var steps: [(change: WorkspaceChange, state: WorkspaceState)] = []

  /// A draft over a state, as file mode applies commands to a file's.
  ///
  /// - Parameters:
  ///   - state: The state to start from.
  ///   - routeTypes: The route types to check stored tokens against; none by default.
  ///   - recordsNavigation: Whether router operations are recorded for undo.
  package init(
    _ state: WorkspaceState, routeTypes: RouteRegistry = RouteRegistry(),
    recordsNavigation: Bool = true
  ) {
    self.init(state, routeTypes: routeTypes, recordsNavigation: recordsNavigation, generation: nil)
  }

  init(
    _ state: WorkspaceState, routeTypes: RouteRegistry, recordsNavigation: Bool, generation: Int?
  ) {
    self.state = state
    self.routeTypes = routeTypes
    self.recordsNavigation = recordsNavigation
    self.generation = generation
  }

  /// What each transaction so far changed, in order.
  package var changes: [WorkspaceChange] { steps.map(\.change) }

  /// Applies commands as one transaction on the draft's state.
  ///
  /// - Parameters:
  ///   - commands: The commands, in order.
  ///   - area: The area the commands that measure lay the panes out in, if not the recorded
  ///     one; the recorded size stays as it is.
  ///   - failedIndex: Set to the index in `commands` of the command that threw.
  /// - Returns: What changed.
  /// - Throws: That command's ``WorkspaceError``; the draft is then exactly as before.
  /// - Complexity: As ``WorkspaceState/apply(_:)-([WorkspaceCommand])``.
  @discardableResult
  package mutating func apply(
    _ commands: [WorkspaceCommand], measuringIn area: Size? = nil, failedIndex: inout Int?
  ) throws(WorkspaceError) -> WorkspaceChange {
    let change = try state.apply(
      commands, failedIndex: &failedIndex, recordsNavigation: recordsNavigation,
      measuringIn: area, routeTypes: routeTypes)
    steps.append((change, state))
    return change
  }
}
