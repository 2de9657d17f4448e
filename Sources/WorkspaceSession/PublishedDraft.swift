import Workspace
import WorkspaceSystem

/// The session's workspace as the control listener's thread answers inspections from it: a
/// draft of the state (``Workspace/makeDraft()``) that the main actor replaces, under a lock,
/// whenever the state, the route types or the undo policy change, and whenever the session
/// starts or stops serving calls; `nil` while it does not serve them (its file cannot be read
/// or written), so that such a call goes to the main actor, which declines it.
///
/// **Ordering.** The main actor publishes a change before it reports it, and so before the
/// save that makes it durable and the acknowledgement that follows: a client that was told a
/// change is done, and then asks, reads it (or a later state). A call that is still in
/// flight may be answered before or after it, as on the main actor.
final class PublishedDraft: @unchecked Sendable {
  private let lock = Lock()
  private var draft: WorkspaceDraft?

  /// The draft last published; `nil` while the session does not serve calls.
  var current: WorkspaceDraft? {
    lock.withLock { draft }
  }

  /// Replaces the published draft.
  func publish(_ draft: WorkspaceDraft?) {
    var draft = draft
    lock.withLock { swap(&self.draft, &draft) }
    // `draft` is now the old one, released here, after the lock is let go: its state may be
    // the last reference to large storage.
  }
}

extension WorkspaceSession {
  /// Publishes the workspace for the control listener: a draft of it while the session
  /// serves calls, else `nil`.
  func publishDraft() {
    publishedDraft.publish(isServingCalls ? workspace.makeDraft() : nil)
  }
}
