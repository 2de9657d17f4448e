/// What a renderer draws, in the order it draws it: the one walk that `wsctl show` and
/// wsterm share, so a pane is drawn the same way (a box, a stack's title bar, a floating box
/// over what lies below) wherever the workspace is drawn.
extension WorkspaceState {
  /// How a visible pane is drawn.
  public enum PaneDrawing: Equatable, Sendable {
    /// A box in the tiled layout.
    case tiled
    /// A collapsed stack member's title bar: one row of a vertical stack, one column of a
    /// horizontal one.
    case titleBar
    /// A box in a floating layer, drawn after every tiled pane and over what lies below it
    /// (clear its rectangle first).
    case floating
  }

  /// The visible panes with their numbers, rectangles and how each is drawn, in drawing
  /// order: the tiled panes (boxes and title bars) in number order, then the shown floating
  /// panes bottom to top.
  ///
  ///     for pane in state.drawnPanes(in: Size(width: 80, height: 23)) { … }
  ///
  /// - Parameter size: The area the panes are laid out in.
  /// - Returns: Each pane once, with the number ``numberedLayout(in:minimumPaneSize:)`` gives.
  /// - Complexity: O(*v* log *v*), where *v* is the number of visible nodes.
  public func drawnPanes(in size: Size) -> [(
    number: Int, pane: NodeID, rect: Rect, drawing: PaneDrawing
  )] {
    let collapsed = zoomedPane == nil ? collapsedPanes : []
    let floating = floatingLayout(in: size)
    let floats = Set(floating.map(\.pane))
    var numbers: [NodeID: Int] = [:]
    var drawn: [(number: Int, pane: NodeID, rect: Rect, drawing: PaneDrawing)] = []
    for (number, pane, rect) in numberedLayout(in: size) {
      numbers[pane] = number
      guard !floats.contains(pane) else { continue }
      drawn.append((number, pane, rect, collapsed.contains(pane) ? .titleBar : .tiled))
    }
    for (pane, rect) in floating {
      guard let number = numbers[pane] else { continue }
      drawn.append((number, pane, rect, .floating))
    }
    return drawn
  }
}
