import Foundation
import WorkspaceSystem

/// An exclusive `flock` on a file, held by the test process as another writer would hold
/// `<file>.lock`.
final class HeldLock: @unchecked Sendable {
  private let lock = NSLock()
  private var descriptor: Int32

  /// Takes the lock, creating the file.
  init(path: String) throws {
    descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      throw CocoaError(.fileWriteUnknown)
    }
  }

  /// Releases the lock; later calls do nothing.
  func release() {
    lock.lock()
    defer { lock.unlock() }
    guard descriptor >= 0 else { return }
    flock(descriptor, LOCK_UN)
    close(descriptor)
    descriptor = -1
  }

  deinit {
    release()
  }
}
