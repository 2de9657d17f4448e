/// The before-images of what a transaction changed: enough to roll it back, or to undo it.
package struct Journal: Equatable, Sendable {
  /// Each changed node's value before the change; `nil` for a node the change created.
  package var nodes: NodeImages
  package var rootID: NodeID
  package var mostRecentlyUsed: [NodeID]
  package var zoomedPane: NodeID?
  /// Whether restoring the journal puts ``zoomedPane`` back: always when a failed transaction
  /// rolls back; for an undo entry only if its change zoomed or unzoomed, so that undoing a
  /// push never also undoes a later zoom.
  package var restoresZoom: Bool
  /// The windows and which was active (their recorded sizes aside, which undo leaves as
  /// they are); ``rootID``, ``mostRecentlyUsed`` and ``zoomedPane`` are the active one's.
  package var windowList: WindowList

  /// A journal from its parts; the file layer builds stored history with it.
  package init(
    nodes: NodeImages = NodeImages(), rootID: NodeID, mostRecentlyUsed: [NodeID],
    zoomedPane: NodeID?, restoresZoom: Bool = true, windowList: WindowList
  ) {
    // Each member set once, with no default before it: a table made empty and then
    // replaced, and the journal copied and destroyed, cost a stored entry more than the rest
    // of its making.
    self.nodes = nodes
    self.rootID = rootID
    self.mostRecentlyUsed = mostRecentlyUsed
    self.zoomedPane = zoomedPane
    self.restoresZoom = restoresZoom
    self.windowList = windowList
  }

  /// Whether the transaction changed anything recorded here.
  func isEmpty(comparedWith state: WorkspaceState) -> Bool {
    nodes.allSatisfy { state.node($0.key) == $0.value } && rootID == state.rootID
      && mostRecentlyUsed == state.mostRecentlyUsed && zoomedPane == state.zoomedPane
      && windowList == state.windowList
  }
}

extension WorkspaceState {
  /// Puts back the before-images of `journal` (recording them in `transaction`'s open
  /// journals), returning the images they replaced.
  @discardableResult
  mutating func restore(_ journal: Journal, in transaction: inout Transaction) -> Journal {
    var replaced = Journal(
      rootID: rootID, mostRecentlyUsed: mostRecentlyUsed, zoomedPane: zoomedPane,
      restoresZoom: journal.restoresZoom, windowList: windowList)
    replaced.nodes.reserveCapacity(journal.nodes.count)
    for (id, before) in journal.nodes {
      replaced.nodes[id] = nodes[id]
      set(id, before, in: &transaction)
    }
    restoreLists(of: journal)
    return replaced
  }

  /// Puts back the before-images of `journal` as ``restore(_:in:)`` does, recording nothing,
  /// and appends each node it replaced, as it was, to `replaced`: a stored history's replay
  /// checks each step against what it replaced and keeps nothing of it, and a journal's
  /// table for it cost more than the step's check. Inlined into the replay: called, it had
  /// the entry's journal copied for each step, each of its parts retained and released.
  @inline(__always)
  mutating func replay(_ journal: Journal, replacing replaced: inout [(key: NodeID, value: Node?)])
  {
    for (id, before) in journal.nodes {
      let node =
        if let before { nodes.updateValue(before, forKey: id) } else {
          nodes.removeValue(forKey: id)
        }
      replaced.append((id, node))
    }
    restoreLists(of: journal)
  }

  /// Puts back the root, the lists and the windows of `journal`.
  private mutating func restoreLists(of journal: Journal) {
    let switchesWindow = restoreWindows(journal.windowList)
    rootID = journal.rootID
    mostRecentlyUsed = journal.mostRecentlyUsed
    if journal.restoresZoom || switchesWindow { zoomedPane = journal.zoomedPane }
  }

  /// Changes a node in place, recording its before-image in `transaction`.
  mutating func update(
    _ id: NodeID, in transaction: inout Transaction, _ change: (inout Node) -> Void
  ) {
    transaction.record(id, before: nodes[id])
    guard nodes[id] != nil else { preconditionFailure("no node \(id)") }
    change(&nodes[id]!)
  }

  /// Adds or removes a node, recording its before-image in `transaction`.
  mutating func set(_ id: NodeID, _ node: Node?, in transaction: inout Transaction) {
    transaction.record(id, before: nodes[id])
    nodes[id] = node
  }

  /// Allocates a fresh id.
  mutating func makeID() -> NodeID {
    defer { nextID += 1 }
    return NodeID(nextID)
  }
}
