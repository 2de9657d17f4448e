import Workspace
import WorkspaceJSON

/// One change as `wsctl watch` prints it: a line of words, or a one-line JSON object.
///
///     focus 2 push detail:7
///     adopted revision 12
///     adopted revision 13: %4 router detail:7 -> detail:8; changed %4
///     {"origin":"local","revision":7,"commands":["focus 2","push detail:7"],"focus":4,...}
///
/// A live host's change and a file's change print alike: the commands' words when they are
/// known, else the origin and revision, which a file's change follows with the difference.
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

  /// The line for a change of the file, as a watcher with no live host sees it, ending in a
  /// newline; a live host prints another writer's change it adopted the same way.
  ///
  /// The commands' words when the file's history tells them (as a live host prints its
  /// change), else `adopted revision N` and the difference, `: ` then its items joined with
  /// `; `; then the host's dropped transactions, each as `(dropped: …)`. With `json`, the
  /// object of a live host's change (the commands, or none, as an adopted change) and what
  /// the difference adds.
  ///
  /// - Parameters:
  ///   - change: The difference between the states before and after.
  ///   - json: Whether to print the JSON object.
  ///   - conflicts: The transactions of a host that no longer applied on the adopted state.
  package static func line(
    for change: FileChange, json: Bool, conflicts: [WorkspaceConflict] = []
  ) -> String {
    if json {
      return JSONWriter.string(object(for: change, conflicts: conflicts), style: .compact) + "\n"
    }
    var text = change.commands.joined(separator: " ")
    if text.isEmpty {
      text = "adopted revision \(change.revision)"
      if !change.differences.isEmpty {
        text += ": " + change.differences.joined(separator: "; ")
      }
    }
    for conflict in conflicts {
      text += " (dropped: \(conflict))"
    }
    return text.escapedForTerminal + "\n"
  }

  /// The line for a change a live host reports, ending in a newline: another writer's state
  /// the host adopted is described as a file's change is (its commands, or the difference),
  /// any other change by its commands' words, as for a file mode call. Tokens an adopted or
  /// replaced state brought in that the host's route types cannot read follow, each as
  /// ` (unreadable: route 'x' of %4 (stack index 1): why)`, or in JSON as `unreadable`.
  ///
  /// - Parameters:
  ///   - change: The change.
  ///   - before: The state before it.
  ///   - after: The state it left.
  ///   - json: Whether to print the JSON object.
  package static func line(
    for change: WorkspaceChange, from before: WorkspaceState, to after: WorkspaceState,
    json: Bool
  ) -> String {
    let unreadable = change.unreadableRoutes.map(\.description)
    let adopted = change.origin == .adopted ? FileChange(from: before, to: after) : nil
    if json {
      var value =
        adopted.map { object(for: $0, conflicts: change.conflicts) }
        ?? object(for: change)
      if !unreadable.isEmpty, case .object(var members) = value {
        members.members.append(
          (key: "unreadable", value: .array(unreadable.map(JSONValue.string))))
        value = .object(members)
      }
      return JSONWriter.string(value, style: .compact) + "\n"
    }
    let line =
      adopted.map { self.line(for: $0, json: false, conflicts: change.conflicts) }
      ?? self.line(for: change, json: false)
    guard !unreadable.isEmpty else { return line }
    // Each token another writer brought in that the host's types cannot read.
    let suffix = unreadable.map { " (unreadable: \($0))" }.joined()
    return String(line.dropLast()) + suffix.escapedForTerminal + "\n"
  }

  /// The change as a JSON object: `origin`, `revision`, `commands` (their words), `focus`,
  /// `focusBefore`, `changed` (node ids) and `conflicts`.
  package static func object(for change: WorkspaceChange) -> JSONValue {
    .object(
      JSONObject(
        members: members(
          origin: origin(of: change), revision: change.revision,
          commands: change.commands.map(\.description), focus: change.focusAfter,
          focusBefore: change.focusBefore, changed: change.changedNodes.sorted(),
          conflicts: change.conflicts.map(\.description))))
  }

  /// A file's change as a JSON object: the members of a live host's change (`origin` is
  /// `adopted`, `conflicts` empty), then `history` (`recorded`, `undone`, `redone` or null:
  /// where `commands` came from), `tabsAdded`, `tabsRemoved`, `panesAdded`, `panesRemoved`
  /// (node ids), `routers` (`{"node", "before", "after"}`, each router as `routes --json`
  /// prints it), `titles` (`{"node", "before", "after"}`), `zoom`, `zoomBefore` (a node id
  /// or null) and `differences` (the items the text line describes).
  package static func object(
    for change: FileChange, conflicts: [WorkspaceConflict] = []
  ) -> JSONValue {
    var members = members(
      origin: "adopted", revision: change.revision, commands: change.commands,
      focus: change.focusAfter, focusBefore: change.focusBefore, changed: change.changedNodes,
      conflicts: conflicts.map(\.description))
    let history: JSONValue =
      switch change.historyStep {
      case .recorded?: "recorded"
      case .undone?: "undone"
      case .redone?: "redone"
      case nil: .null
      }
    func ids(_ ids: [NodeID]) -> JSONValue { .array(ids.map(number)) }
    func id(_ id: NodeID?) -> JSONValue { id.map(number) ?? .null }
    members += [
      ("history", history),
      ("tabsAdded", ids(change.tabsAdded)), ("tabsRemoved", ids(change.tabsRemoved)),
      ("panesAdded", ids(change.panesAdded)), ("panesRemoved", ids(change.panesRemoved)),
      (
        "routers",
        .array(
          change.routers.map {
            .object([
              "node": number($0.node), "before": WorkspaceFile.routerValue($0.before),
              "after": WorkspaceFile.routerValue($0.after),
            ])
          })
      ),
      (
        "titles",
        .array(
          change.titles.map {
            .object([
              "node": number($0.node), "before": .string($0.before), "after": .string($0.after),
            ])
          })
      ),
      ("zoom", id(change.zoomAfter)), ("zoomBefore", id(change.zoomBefore)),
      ("differences", .array(change.differences.map(JSONValue.string))),
    ]
    return .object(JSONObject(members: members))
  }

  /// The members every change's object starts with, in this order.
  private static func members(
    origin: String, revision: Int, commands: [String], focus: NodeID, focusBefore: NodeID,
    changed: [NodeID], conflicts: [String]
  ) -> [(key: String, value: JSONValue)] {
    [
      ("origin", .string(origin)),
      ("revision", .number(Double(revision))),
      ("commands", .array(commands.map(JSONValue.string))),
      ("focus", number(focus)),
      ("focusBefore", number(focusBefore)),
      ("changed", .array(changed.map(number))),
      ("conflicts", .array(conflicts.map(JSONValue.string))),
    ]
  }

  private static func number(_ id: NodeID) -> JSONValue {
    .number(Double(id.rawValue))
  }

  private static func origin(of change: WorkspaceChange) -> String {
    switch change.origin {
    case .local: "local"
    case .adopted: "adopted"
    case .replaced: "replaced"
    }
  }
}
