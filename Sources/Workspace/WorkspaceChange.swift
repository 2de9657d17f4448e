/// What one applied transaction did: its commands, the nodes it touched and how focus moved.
///
/// The observable ``Workspace`` publishes one per transaction on its change stream.
public struct WorkspaceChange: Hashable, Sendable {
  /// The commands, in order.
  public let commands: [WorkspaceCommand]
  /// The nodes created, changed or deleted.
  public let changedNodes: Set<NodeID>
  /// The focused pane before the transaction.
  public let focusBefore: NodeID
  /// The focused pane after the transaction.
  public let focusAfter: NodeID
  /// The zoomed pane before the transaction, if one was zoomed.
  public let zoomedPaneBefore: NodeID?
  /// The zoomed pane after the transaction, if one is zoomed.
  public let zoomedPaneAfter: NodeID?

  /// Whether the transaction changed anything, focus and zoom included.
  public var isEmpty: Bool {
    changedNodes.isEmpty && focusBefore == focusAfter && zoomedPaneBefore == zoomedPaneAfter
  }
}
