/// The area commands lay the panes out in, and the smallest size a pane may have in it.
///
/// Directional focus, `swap` and `move` by direction, the room a `split` needs and the cells
/// a `resize` moves are all measured on the integer layout at ``layoutArea`` with
/// ``paneMinimum``: the rectangles a host draws, not fractions nobody sees.
extension WorkspaceState {
  /// The area used when no size is recorded: 80×24, a terminal's classic size.
  public static let defaultLayoutSize = Size(width: 80, height: 24)

  /// The minimum pane size when the workspace sets none: 6×3, room for a box with one line
  /// of text (a pane number and the start of a title) inside its border.
  public static let defaultMinimumPaneSize = Size(width: 6, height: 3)

  /// The widths and heights a recorded layout size may have, in cells or points.
  public static let layoutLengths = 1...1_000_000

  /// The widths and heights a minimum pane size may have, in cells or points.
  public static let minimumPaneLengths = 1...10_000

  /// The area the panes are laid out in for commands that measure: ``layoutSize`` where one
  /// is recorded, else ``defaultLayoutSize``.
  ///
  /// - Complexity: O(1).
  public var layoutArea: Size { layoutSize ?? Self.defaultLayoutSize }

  /// The smallest size a pane may have: ``minimumPaneSize`` where the workspace sets one,
  /// else ``defaultMinimumPaneSize``. The layout honours it where it fits, `split` refuses to
  /// make a pane smaller and `resize` stops at it.
  ///
  /// - Complexity: O(1).
  public var paneMinimum: Size { minimumPaneSize ?? Self.defaultMinimumPaneSize }

  /// Records the size of the area the panes were laid out in, as a host does when it lays
  /// them out (and `wsctl show` when it draws them); `nil` forgets it.
  ///
  ///     try state.recordLayoutSize(Size(width: 120, height: 39))  // below a one-line tab bar
  ///
  /// The size is not a command: it is not in the history and yields no change event.
  ///
  /// - Parameter size: The area's size, each length in ``layoutLengths``, or `nil`.
  /// - Throws: ``WorkspaceError/invalidSize(_:expected:)`` for a size out of range; the state
  ///   is then unchanged.
  /// - Complexity: O(1).
  public mutating func recordLayoutSize(_ size: Size?) throws(WorkspaceError) {
    if let size, !Self.isValid(size, lengths: Self.layoutLengths) {
      throw .invalidSize(size, expected: Self.layoutLengths)
    }
    layoutSize = size
  }

  /// Records the size of the area a window's panes were laid out in, as a host does for each
  /// window it shows (a scene of its own); for the active window it is
  /// ``recordLayoutSize(_:)``. The file keeps each window's size.
  ///
  ///     try state.recordLayoutSize(Size(width: 100, height: 30), ofWindow: "w7")
  ///
  /// - Parameters:
  ///   - size: The area's size, each length in ``layoutLengths``, or `nil`.
  ///   - identifier: The window's ``Window/identifier``.
  /// - Throws: ``WorkspaceError/invalidSize(_:expected:)`` for a size out of range,
  ///   ``WorkspaceError/noSuchWindow(_:count:)`` (numbered 0) for an identifier no window
  ///   has; the state is then unchanged.
  /// - Complexity: O(*w*), for *w* windows.
  public mutating func recordLayoutSize(
    _ size: Size?, ofWindow identifier: String
  ) throws(WorkspaceError) {
    if let size, !Self.isValid(size, lengths: Self.layoutLengths) {
      throw .invalidSize(size, expected: Self.layoutLengths)
    }
    guard windowList.index(of: identifier) != nil else {
      throw .noSuchWindow(0, count: windowList.count)
    }
    setLayoutSize(size, ofWindow: identifier)
  }

  /// `minimum-size WxH|default`: sets the workspace's minimum pane size, or goes back to
  /// ``defaultMinimumPaneSize``.
  mutating func setMinimumPaneSize(_ size: Size?) throws(WorkspaceError) {
    if let size, !Self.isValid(size, lengths: Self.minimumPaneLengths) {
      throw .invalidSize(size, expected: Self.minimumPaneLengths)
    }
    minimumPaneSize = size
  }

  /// Whether both lengths of a size lie in a range.
  static func isValid(_ size: Size, lengths: ClosedRange<Int>) -> Bool {
    lengths.contains(size.width) && lengths.contains(size.height)
  }

  /// The integer rectangle of every visible node, containers included, at ``layoutArea`` with
  /// ``paneMinimum``, ignoring zoom: the layout commands measure. A stack's title bars are
  /// left out: one row or column by design, no pane minimum applies to them.
  ///
  /// - Complexity: O(*v* log *k*), as for ``layout(in:minimumPaneSize:)``.
  var measuredLayout: [NodeID: Rect] {
    Dictionary(
      integerLayout(
        in: layoutArea, minimumPaneSize: paneMinimum, honoringZoom: false,
        includingContainers: true, includingCollapsed: false
      ).map { ($0.pane, $0.rect) },
      uniquingKeysWith: { first, _ in first })
  }

  /// Whether a rectangle is at least ``paneMinimum`` both ways.
  func hasMinimumSize(_ rect: Rect) -> Bool {
    rect.width >= paneMinimum.width && rect.height >= paneMinimum.height
  }
}
