import Workspace

/// How the mail host prints a change from the workspace's change stream.
enum ChangeLog {
  /// One line for a change: its commands, the nodes it touched and where focus went.
  ///
  ///     change: at %4 push message:42 (changed %4)
  ///     change: focus 2 (focus %4 -> %3)
  static func line(for change: WorkspaceChange, in state: WorkspaceState) -> String {
    let commands = change.commands.map(\.description).joined(separator: "; ")
    var details: [String] = []
    if !change.changedNodes.isEmpty {
      let nodes = change.changedNodes.sorted().map(\.description).joined(separator: " ")
      details.append("changed \(nodes)")
    }
    if change.focusBefore != change.focusAfter {
      details.append("focus \(change.focusBefore) -> \(change.focusAfter)")
    }
    if details.isEmpty { details.append("nothing changed") }
    return "  change: \(commands) (\(details.joined(separator: ", ")))"
  }
}
