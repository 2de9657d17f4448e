import Workspace
import WorkspaceJSON

/// One change as `wsctl watch` prints it: a line of words, or a one-line JSON object.
///
///     focus 2 push detail:7
///     adopted revision 12
///     {"origin":"local","revision":7,"commands":["focus 2","push detail:7"],"focus":4,...}
package enum ChangeLine {
  /// The line for a change, ending in a newline.
  ///
  /// A change made by commands prints their words, as `history` labels an entry; a state
  /// taken from another writer or replaced prints its origin and revision. Dropped
  /// transactions follow, each as `(dropped: …)`. With `json`, the change object, compact.
  package static func line(for change: WorkspaceChange, json: Bool) -> String {
    if json {
      return JSONWriter.string(object(for: change), style: .compact) + "\n"
    }
    var text =
      change.commands.isEmpty
      ? "\(origin(of: change)) revision \(change.revision)"
      : change.commands.map(\.description).joined(separator: " ")
    for conflict in change.conflicts {
      text += " (dropped: \(conflict))"
    }
    return text.escapedForTerminal + "\n"
  }

  /// The change as a JSON object: `origin`, `revision`, `commands` (their words), `focus`,
  /// `focusBefore`, `changed` (node ids) and `conflicts`.
  package static func object(for change: WorkspaceChange) -> JSONValue {
    .object([
      "origin": .string(origin(of: change)),
      "revision": .number(Double(change.revision)),
      "commands": .array(change.commands.map { .string($0.description) }),
      "focus": .number(Double(change.focusAfter.rawValue)),
      "focusBefore": .number(Double(change.focusBefore.rawValue)),
      "changed": .array(change.changedNodes.sorted().map { .number(Double($0.rawValue)) }),
      "conflicts": .array(change.conflicts.map { .string($0.description) }),
    ])
  }

  /// The change from one state of a file to the next, as a watcher of the file sees it:
  /// another writer's, so its commands are not known.
  package static func fileChange(from old: WorkspaceState, to new: WorkspaceState)
    -> WorkspaceChange
  {
    let changed = Set(new.nodes.keys).union(old.nodes.keys).filter {
      new.nodes[$0] != old.nodes[$0]
    }
    return WorkspaceChange(
      commands: [], changedNodes: changed, focusBefore: old.focusedPane,
      focusAfter: new.focusedPane, zoomedPaneBefore: old.zoomedPane,
      zoomedPaneAfter: new.zoomedPane, origin: .adopted, revision: new.revision)
  }

  private static func origin(of change: WorkspaceChange) -> String {
    switch change.origin {
    case .local: "local"
    case .adopted: "adopted"
    case .replaced: "replaced"
    }
  }
}
