import Testing
import WorkspaceSystem
import WorkspaceTestSupport

/// A descriptor is closed exactly once: by `close()` or when its value goes away, never
/// both, and never after it was released.
///
/// Other tests of the process may be given a closed number at once, so "closed" is told by
/// the number no longer naming the file it was opened on.
@Suite struct DescriptorTests {
  private let directory = TemporaryDirectory(prefix: "workspace-system")

  /// A new file of its own, with its inode.
  private func makeFile(_ name: String) throws -> (path: String, inode: ino_t) {
    let path = directory.file(name)
    let file = try Descriptor(opening: path, O_RDWR | O_CREAT | O_CLOEXEC, mode: 0o600)
    return (path, try file.status().st_ino)
  }

  /// Whether `raw` is open on the file of `inode`.
  private func names(_ raw: Int32, _ inode: ino_t) -> Bool {
    var info = stat()
    return fstat(raw, &info) == 0 && info.st_ino == inode
  }

  @Test func closesWhenItGoesAway() throws {
    let (path, inode) = try makeFile("away")
    defer { unlink(path) }
    var raw: Int32 = -1
    do {
      let descriptor = try Descriptor(opening: path, O_RDONLY | O_CLOEXEC)
      raw = descriptor.rawValue
      #expect(names(raw, inode))
    }
    #expect(!names(raw, inode))
  }

  @Test func closesOnceWhenClosed() throws {
    let (first, firstInode) = try makeFile("first")
    let (second, secondInode) = try makeFile("second")
    defer {
      unlink(first)
      unlink(second)
    }
    let descriptor = try Descriptor(opening: first, O_RDONLY | O_CLOEXEC)
    let raw = descriptor.rawValue
    try descriptor.close()
    #expect(!names(raw, firstInode))
    // The number is free again; the closed value must not close whatever gets it next.
    let next = try Descriptor(opening: second, O_RDONLY | O_CLOEXEC)
    #expect(names(next.rawValue, secondInode))
  }

  @Test func releaseHandsOverWithoutClosing() throws {
    let (path, inode) = try makeFile("released")
    defer { unlink(path) }
    let descriptor = try Descriptor(opening: path, O_RDONLY | O_CLOEXEC)
    let raw = descriptor.release()
    #expect(names(raw, inode))
    #expect(close(raw) == 0)
  }

  @Test func openFailureIsItsErrno() {
    #expect(throws: Errno.noSuchFile) {
      _ = try Descriptor(opening: "/nonexistent/workspace-system-test", O_RDONLY)
    }
  }

  @Test func writesAllAndReadsBack() throws {
    var ends: [Int32] = [-1, -1]
    // While no other test starts a program, which would hold the writing end (`Launching`).
    #expect(Launching.alone { pipe(&ends) } == 0)
    let reader = Descriptor(ends[0])
    let writer = Descriptor(ends[1])
    let text = Array("one layer".utf8)
    let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 1)
    defer { bytes.deallocate() }
    bytes.copyBytes(from: text)
    try writer.write(all: UnsafeRawBufferPointer(rebasing: bytes[..<text.count]))
    try writer.close()
    bytes.initializeMemory(as: UInt8.self, repeating: 0)
    let count = try reader.read(into: bytes)
    #expect(Array(bytes[..<count]) == text)
    let end = try reader.read(into: bytes)
    #expect(end == 0)
  }

  @Test func synchronizesAndReportsItsStatus() throws {
    let path = directory.file("sync")
    defer { unlink(path) }
    let file = try Descriptor(opening: path, O_RDWR | O_CREAT | O_CLOEXEC, mode: 0o600)
    let bytes = [UInt8](repeating: 7, count: 100)
    try bytes.withUnsafeBytes { try Descriptor.write(all: $0, to: file.rawValue) }
    try file.synchronize()
    let status = try file.status()
    #expect(status.st_size == 100)
    #expect(Platform.modificationTime(of: status).tv_sec > 0)
  }
}

/// `EINTR` is retried, any other failure is returned with its `errno`, and an error's text
/// is the C library's.
@Suite struct ErrnoTests {
  @Test func interruptedCallsAreRetried() {
    var calls = 0
    let result = retryingOnInterrupt { () -> Int in
      calls += 1
      if calls < 3 {
        errno = EINTR
        return -1
      }
      return 42
    }
    #expect(result == 42)
    #expect(calls == 3)
  }

  @Test func otherFailuresAreReturnedAtOnce() {
    var calls = 0
    let result = retryingOnInterrupt { () -> Int32 in
      calls += 1
      errno = EACCES
      return -1
    }
    #expect(result == -1)
    #expect(calls == 1)
    #expect(Errno.current == Errno(EACCES))
  }

  @Test func descriptionsAreTheCLibrarysText() {
    #expect(Errno(EACCES).description == "Permission denied")
    #expect(Errno(ENOENT).description == "No such file or directory")
    #expect("\(Errno(ENOTDIR))" == String(cString: strerror(ENOTDIR)))
    #expect(Errno.noSuchFile == Errno(ENOENT))
  }
}
