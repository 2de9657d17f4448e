import Dispatch
import WorkspaceSystem

/// The backup a save replaced, held open by its descriptor: its storage, freed when its last
/// name went, is given back only once it is closed, which ``release()`` does after the save is
/// acknowledged, so that no reply waits for it (a small file's is about a tenth of a
/// millisecond on ext4; 40 MB's, 11 ms).
struct ReplacedBackup {
  /// The descriptor, or -1 if the backup could not be opened (it is then freed at once).
  let descriptor: Int32
  /// Its size in bytes, as it was before the save.
  let size: Int

  /// The size from which a replaced backup is freed on another thread, not the saving one.
  static let largeBytes: Int = 4 << 20

  /// Closes it: at once for a small one (starting a thread costs a short-lived `wsctl` more,
  /// ~0.3 ms by strace, than freeing it), on another thread for a large one.
  func release() {
    guard descriptor >= 0 else { return }
    if size < Self.largeBytes {
      close(descriptor)
    } else {
      DispatchQueue.global(qos: .utility).async { [descriptor] in close(descriptor) }
    }
  }
}
