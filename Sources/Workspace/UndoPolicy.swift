/// What a workspace's undo records: the layout only, or the layout and each router's
/// navigation, and how the path writes of one gesture are coalesced.
///
///     workspace.undoPolicy = .layoutOnly      // Cmd-Z never re-opens a screen the user left
///
/// **The default is ``layoutAndNavigation``**, with path writes coalesced over half a second:
/// it is what `wsctl` and every other writer of the file record (`wsctl push x` then
/// `wsctl undo` takes the push back), so a host and the command line agree on what `undo`
/// means, and nothing a user does is out of undo's reach. A host whose views navigate with
/// their own gestures (a SwiftUI `NavigationStack`, whose back swipe and back button already
/// undo a push) chooses ``layoutOnly``, so that Cmd-Z restores the panes and tabs the user
/// closed, split or moved, and leaves navigation alone.
public struct UndoPolicy: Hashable, Sendable {
  /// Whether router operations are edits that undo records; when `false` they are a cursor,
  /// as focus is, and undoing a layout change keeps every surviving router as it is.
  public var recordsNavigation: Bool
  /// How close together the path writes of one router (`Router.path` and
  /// `Router.modalPath`, what a `NavigationStack` writes) must come to be one undo step: the
  /// writes of one gesture. Zero records each write on its own.
  public var pathWriteCoalescing: Duration

  /// A policy.
  ///
  /// - Parameters:
  ///   - recordsNavigation: Whether router operations are recorded.
  ///   - pathWriteCoalescing: How close together one router's path writes are one step.
  public init(recordsNavigation: Bool, pathWriteCoalescing: Duration = .milliseconds(500)) {
    self.recordsNavigation = recordsNavigation
    self.pathWriteCoalescing = pathWriteCoalescing
  }

  /// Undo records layout changes (split, close, tabs, move, resize, zoom, rename) and
  /// router operations, with the path writes of one gesture as one step; the default.
  public static let layoutAndNavigation = UndoPolicy(recordsNavigation: true)

  /// Undo records layout changes only; router operations and focus are a cursor.
  public static let layoutOnly = UndoPolicy(recordsNavigation: false)
}
