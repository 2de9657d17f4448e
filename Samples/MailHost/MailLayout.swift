import PaneRouter
import Workspace

/// The mail app's window: three panes side by side, as a SwiftUI `NavigationSplitView` with
/// a sidebar, a content column and a detail column would show them. The window itself owns a
/// router too, for sheets over the whole window such as the attachment picker.
enum MailLayout {
  /// The title of the pane that shows messages; `open N` opens a message there.
  static let readerTitle = "Message"

  /// The workspace to start from when there is no file yet: mailboxes, the inbox's message
  /// list and a reader, with the reader focused.
  static var initialState: WorkspaceState {
    var state = WorkspaceState(
      .split(
        .horizontal,
        [
          .pane("Mailboxes", root: MailRoute.inbox),
          .pane("Messages", root: MailRoute.folder("Inbox")),
          .pane(readerTitle, root: MailRoute.message(1)),
        ],
        weights: [0.2, 0.35, 0.45]
      ).owning(RouterState(root: MailRoute.inbox)))
    // Focus is navigation, not an edit: it is not recorded in the undo history.
    _ = try? state.apply(.focus(.pane(.number(3))))
    return state
  }

  /// The visible pane titled ``readerTitle``, else the focused pane.
  static func readerPane(in state: WorkspaceState) -> NodeID {
    state.numberedPanes.first { state.node($0)?.title == readerTitle } ?? state.focusedPane
  }
}
