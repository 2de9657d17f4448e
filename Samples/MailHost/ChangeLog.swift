import Workspace

/// How the mail host prints a change from the workspace's change stream.
enum ChangeLog {
  /// One line for a change: its commands (or the revision adopted from another writer), the
  /// nodes it touched, where focus went and the results of finished flows, then a line per
  /// dropped transaction.
  ///
  ///     change: at %4 push message:42 (changed %4)
  ///     change: focus 2 (focus %4 -> %3)
  ///     change: at %1 finish attachment:3 (changed %1, result attachment:3 for %1)
  ///     change: adopted revision 7 from another writer (changed %3)
  static func line(for change: WorkspaceChange, in state: WorkspaceState) -> String {
    let commands =
      switch change.origin {
      case .local: change.commands.map(\.description).joined(separator: "; ")
      case .adopted: "adopted revision \(change.revision) from another writer"
      case .replaced: "replaced the state"
      }
    var details: [String] = []
    if !change.changedNodes.isEmpty {
      let nodes = change.changedNodes.sorted().map(\.description).joined(separator: " ")
      details.append("changed \(nodes)")
    }
    if change.focusBefore != change.focusAfter {
      details.append("focus \(change.focusBefore) -> \(change.focusAfter)")
    }
    // A finished flow's result, with the node whose router presented the flow.
    for finished in change.flowResults {
      details.append("result \(finished.result) for \(finished.owner)")
    }
    if details.isEmpty { details.append("nothing changed") }
    let conflicts = change.conflicts.map { "\n  conflict: \($0)" }.joined()
    return "  change: \(commands) (\(details.joined(separator: ", ")))" + conflicts
  }
}
