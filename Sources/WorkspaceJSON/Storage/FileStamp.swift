import WorkspaceSystem

/// What identifies one version of a file: its inode, size and modification time. Every save
/// renames a new file into place, so a save always changes the stamp.
package struct FileStamp: Hashable, Sendable {
  let inode: UInt64
  let size: Int64
  let seconds: Int
  let nanoseconds: Int

  /// The stamp of the file at `path` now, or `nil` if there is none.
  package init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    self.init(status: info)
  }

  /// The stamp of the open file `fd` now, or `nil` if it cannot be read.
  init?(descriptor fd: Int32) {
    var info = stat()
    guard fstat(fd, &info) == 0 else { return nil }
    self.init(status: info)
  }

  /// The stamp of a file whose status is `info`.
  init(status info: stat) {
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    let modified = Platform.modificationTime(of: info)
    seconds = Int(modified.tv_sec)
    nanoseconds = Int(modified.tv_nsec)
  }
}
