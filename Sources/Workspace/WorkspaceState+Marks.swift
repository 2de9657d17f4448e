/// Marks: a pane's name, unique in the workspace, by which commands find it (`mark editor`,
/// `at editor push x`, `focus editor`), as i3's marks.
///
/// A mark lives on its pane (``Node/mark``), so a command that moves or removes a mark writes
/// the panes through the transaction like any edit, undo brings it back, and a template or a
/// file keeps it with the pane.
extension WorkspaceState {
  /// The most UTF-8 bytes a mark holds.
  public static let maximumMarkBytes = 64

  /// The words a mark may not be, since a pane target would read them as something else:
  /// the grammar's command words, the directions, `next`, `prev`, `previous`, `last` and
  /// `wrap`.
  public static let reservedMarkWords: Set<String> = Set(
    CommandParser.commandWords + Direction.allCases.map(\.rawValue)
      + ["next", "prev", "previous", "last", "wrap"])

  /// Whether `name` can be a mark: 1 to ``maximumMarkBytes`` UTF-8 bytes of letters, digits
  /// (in any script), `_`, `-` and `.`, starting with a letter or `_` (so never a number or a
  /// `%ID`), and none of ``reservedMarkWords``.
  ///
  ///     WorkspaceState.isValidMark("editor")   // true
  ///     WorkspaceState.isValidMark("2")        // false: a pane number
  ///     WorkspaceState.isValidMark("left")     // false: a direction
  ///     WorkspaceState.isValidMark("split")    // false: a command word
  ///
  /// - Complexity: O(*n*), where *n* is the length of `name`.
  public static func isValidMark(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first,
      first == "_" || first.properties.isAlphabetic,
      name.utf8.count <= maximumMarkBytes, WorkspaceTemplate.isValidName(name),
      !reservedMarkWords.contains(name)
    else { return false }
    return true
  }

  /// The pane that holds a mark, or `nil`.
  ///
  /// - Complexity: O(*n*), where *n* is the number of nodes.
  public func pane(markedAs name: String) -> NodeID? {
    nodes.first { $0.value.mark == name }?.key
  }

  /// Every mark and the pane that holds it.
  ///
  /// - Complexity: O(*n*), where *n* is the number of nodes.
  public var marks: [String: NodeID] {
    var marks: [String: NodeID] = [:]
    for (id, node) in nodes {
      if let mark = node.mark { marks[mark] = id }
    }
    return marks
  }

  /// `mark NAME`: the focused pane takes the mark, from whichever pane held it.
  mutating func mark(_ name: String, in transaction: inout Transaction) throws(WorkspaceError) {
    guard Self.isValidMark(name) else { throw .invalidMark(name) }
    let pane = focusedPane
    guard self[pane].mark != name else { return }
    if let holder = self.pane(markedAs: name) {
      update(holder, in: &transaction) { $0.mark = nil }
    }
    update(pane, in: &transaction) { $0.mark = name }
  }

  /// `unmark [NAME]`: the mark's pane, or the focused pane, loses its mark.
  mutating func unmark(_ name: String?, in transaction: inout Transaction) throws(WorkspaceError) {
    let pane: NodeID
    if let name {
      guard let holder = self.pane(markedAs: name) else { throw .noSuchPane(.mark(name)) }
      pane = holder
    } else {
      pane = focusedPane
    }
    guard self[pane].mark != nil else { return }
    update(pane, in: &transaction) { $0.mark = nil }
  }

  /// Gives a pane built from a template its mark, which moves from the pane that held it.
  mutating func moveMark(_ name: String, to pane: NodeID, in transaction: inout Transaction) {
    if let holder = self.pane(markedAs: name), holder != pane {
      update(holder, in: &transaction) { $0.mark = nil }
    }
    update(pane, in: &transaction) { $0.mark = name }
  }

  /// Drops each mark that is not valid, that a node other than a pane holds, or that an
  /// earlier pane in depth-first order holds too, for the file layer's repair.
  ///
  /// - Returns: Each node whose mark was dropped, in depth-first order, with why.
  /// - Complexity: O(*n*), where *n* is the number of nodes.
  package mutating func repairMarks() -> [(node: NodeID, mark: String, reason: String)] {
    var repairs: [(node: NodeID, mark: String, reason: String)] = []
    var holders: [String: NodeID] = [:]
    for id in nodeIDs {
      guard let mark = self[id].mark else { continue }
      let reason: String
      if !self[id].isPane {
        reason = "only a pane holds a mark"
      } else if !Self.isValidMark(mark) {
        reason = "not a valid mark"
      } else if let holder = holders[mark] {
        reason = "mark '\(mark)' is held by \(holder) already"
      } else {
        holders[mark] = id
        continue
      }
      nodes[id]!.mark = nil
      repairs.append((id, mark, reason))
    }
    return repairs
  }

  /// The marks' invariants: only panes hold one, each valid, none held twice.
  func markViolations(in order: [NodeID]) -> [String] {
    var problems: [String] = []
    var holders: [String: NodeID] = [:]
    for id in order {
      guard let mark = self[id].mark else { continue }
      if !self[id].isPane { problems.append("\(id) is not a pane but holds mark '\(mark)'") }
      if !Self.isValidMark(mark) { problems.append("\(id) holds the invalid mark '\(mark)'") }
      if let holder = holders.updateValue(id, forKey: mark) {
        let (first, second) = holder < id ? (holder, id) : (id, holder)
        problems.append("mark '\(mark)' is held by \(first) and \(second)")
      }
    }
    return problems
  }
}
