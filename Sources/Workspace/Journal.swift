/// The before-images of what a transaction changed: enough to roll it back, or to undo it.
package struct Journal: Equatable, Sendable {
  /// Each changed node's value before the change; `nil` for a node the change created.
  package var nodes: [NodeID: Node?] = [:]
  package var rootID: NodeID
  package var mostRecentlyUsed: [NodeID]
  package var zoomedPane: NodeID?
  /// Whether restoring the journal puts ``zoomedPane`` back: always when a failed transaction
  /// rolls back; for an undo entry only if its change zoomed or unzoomed, so that undoing a
  /// push never also undoes a later zoom.
  package var restoresZoom: Bool

  /// A journal from its parts; the file layer builds stored history with it.
  package init(
    nodes: [NodeID: Node?] = [:], rootID: NodeID, mostRecentlyUsed: [NodeID],
    zoomedPane: NodeID?, restoresZoom: Bool = true
  ) {
    self.nodes = nodes
    self.rootID = rootID
    self.mostRecentlyUsed = mostRecentlyUsed
    self.zoomedPane = zoomedPane
    self.restoresZoom = restoresZoom
  }

  /// Whether the transaction changed anything recorded here.
  func isEmpty(comparedWith state: WorkspaceState) -> Bool {
    nodes.allSatisfy { state.node($0.key) == $0.value } && rootID == state.rootID
      && mostRecentlyUsed == state.mostRecentlyUsed && zoomedPane == state.zoomedPane
  }
}

extension WorkspaceState {
  /// Starts recording before-images in a new journal, nested in any open one.
  mutating func beginTransaction() {
    journals.append(
      Journal(rootID: rootID, mostRecentlyUsed: mostRecentlyUsed, zoomedPane: zoomedPane))
  }

  /// Stops recording in the innermost journal and returns it.
  mutating func endTransaction() -> Journal {
    journals.removeLast()
  }

  /// Puts back the before-images of `journal` (recording them in any open journal),
  /// returning the images they replaced.
  @discardableResult
  mutating func restore(_ journal: Journal) -> Journal {
    var replaced = Journal(
      rootID: rootID, mostRecentlyUsed: mostRecentlyUsed, zoomedPane: zoomedPane,
      restoresZoom: journal.restoresZoom)
    for (id, before) in journal.nodes {
      replaced.nodes[id] = nodes[id]
      set(id, before)
    }
    rootID = journal.rootID
    mostRecentlyUsed = journal.mostRecentlyUsed
    if journal.restoresZoom { zoomedPane = journal.zoomedPane }
    return replaced
  }

  /// Changes a node in place, recording its before-image in the running transaction.
  mutating func update(_ id: NodeID, _ change: (inout Node) -> Void) {
    record(id)
    guard nodes[id] != nil else { preconditionFailure("no node \(id)") }
    change(&nodes[id]!)
  }

  /// Adds or removes a node, recording its before-image.
  mutating func set(_ id: NodeID, _ node: Node?) {
    record(id)
    nodes[id] = node
  }

  /// Allocates a fresh id.
  mutating func makeID() -> NodeID {
    defer { nextID += 1 }
    return NodeID(nextID)
  }

  private mutating func record(_ id: NodeID) {
    for index in journals.indices where journals[index].nodes.index(forKey: id) == nil {
      journals[index].nodes[id] = .some(nodes[id])
    }
  }
}
