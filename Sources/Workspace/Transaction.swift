/// A running ``WorkspaceState/apply(_:)``: the open journals, outermost first, that record
/// the before-image of every node the tree's edits change.
///
/// `apply` owns its transaction for its duration and passes it to every edit, so the state
/// holds only what is saved and restored, and no transaction outlives the call. An edit
/// outside `apply` (building from a template, repairing a stored file) passes a transaction
/// with no open journal, which records nothing.
struct Transaction {
  /// The open journals, outermost first.
  private var journals: [Journal] = []

  /// Starts recording before-images in a new journal, nested in any open one.
  ///
  /// - Parameter state: The state as it is now: the journal keeps its root, focus order
  ///   and zoom.
  mutating func begin(at state: WorkspaceState) {
    journals.append(
      Journal(
        rootID: state.rootID, mostRecentlyUsed: state.mostRecentlyUsed,
        zoomedPane: state.zoomedPane, windowList: state.windowList))
  }

  /// Stops recording in the innermost journal and returns it.
  mutating func end() -> Journal {
    journals.removeLast()
  }

  /// What each reconcile command of the running `apply` did, in order.
  var reconciliations: [Reconciliation] = []

  /// The number of open journals.
  var depth: Int { journals.count }

  /// Records a node's before-image in every open journal that has none for it yet.
  ///
  /// - Parameters:
  ///   - id: The node about to change.
  ///   - image: Its value now; `nil` for a node about to be created.
  mutating func record(_ id: NodeID, before image: @autoclosure () -> Node?) {
    for index in journals.indices where !journals[index].nodes.contains(id) {
      journals[index].nodes[id] = .some(image())
    }
  }
}
