import WorkspaceSystem

/// Whether the session's own save is with its writer, as the file watcher's thread sees it:
/// a change the watcher sees meanwhile is noted here, on the watcher's thread, and looked at
/// by the main actor once the save's outcome is in (most often it is that save's own rename,
/// whose stamp the session learns then).
///
/// Every save wakes the watcher: its temporary file, the rename over the file and the backup's
/// link each make the directory change. Each such change went to the main actor as a task of
/// its own, only to be put off there until the save's outcome came in; on a host answering
/// `wsctl`, those tasks and their wake-ups took about a tenth of the host's processor time
/// for each edit, on the cores the writer and the client need.
final class OwnSaveWindow: @unchecked Sendable {
  private let lock = Lock()
  private var isOpen = false
  private var sawChange = false

  /// A save is handed to the writer: until ``close()``, the watcher's changes are noted here.
  func open() {
    lock.withLock { isOpen = true }
  }

  /// Notes a change the watcher saw, if a save is with the writer; returns whether one was
  /// (the change then waits for its outcome, and the caller need not tell the main actor).
  func noteChange() -> Bool {
    lock.withLock {
      if isOpen { sawChange = true }
      return isOpen
    }
  }

  /// The save's outcome is in: returns whether the watcher saw a change since ``open()``.
  func close() -> Bool {
    lock.withLock {
      defer {
        isOpen = false
        sawChange = false
      }
      return sawChange
    }
  }
}
