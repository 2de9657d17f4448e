/// An open file descriptor that its owner closes exactly once: by ``close()``, or when the
/// value goes away. It cannot be copied, so no second owner can close it again (or close a
/// descriptor number reused meanwhile).
package struct Descriptor: ~Copyable {
  /// The descriptor's number, for the calls that take one; valid while the value lives.
  package let rawValue: Int32

  /// Takes ownership of an open descriptor.
  package init(_ rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// Opens a file (`open(2)`), retrying on `EINTR`.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - flags: The `open` flags, such as `O_RDONLY | O_CLOEXEC`.
  ///   - mode: The permissions of a file that `O_CREAT` creates.
  /// - Throws: The call's ``Errno``.
  package init(opening path: String, _ flags: Int32, mode: mode_t = 0) throws(Errno) {
    let raw = retryingOnInterrupt { open(path, flags, mode) }
    guard raw >= 0 else { throw .current }
    self.init(raw)
  }

  deinit {
    _ = systemClose(rawValue)
  }

  /// Closes the descriptor. It is never retried: after `EINTR` the descriptor is gone on
  /// Linux and unspecified elsewhere, and its number may already belong to another file.
  ///
  /// - Throws: The call's ``Errno`` (such as `EIO` for a write the disk did not take).
  package consuming func close() throws(Errno) {
    let raw = rawValue
    discard self
    guard systemClose(raw) == 0 else { throw .current }
  }

  /// Hands the descriptor's number over to an owner that closes it itself.
  package consuming func release() -> Int32 {
    let raw = rawValue
    discard self
    return raw
  }

  /// The file's status (`fstat`).
  ///
  /// - Throws: The call's ``Errno``.
  package func status() throws(Errno) -> stat {
    var info = stat()
    guard fstat(rawValue, &info) == 0 else { throw .current }
    return info
  }

  /// Reads up to `buffer.count` bytes, retrying on `EINTR`.
  ///
  /// - Returns: How many bytes were read; 0 at the end of the file.
  /// - Throws: The call's ``Errno``.
  package func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    try Descriptor.read(rawValue, into: buffer)
  }

  /// Writes every byte, retrying short writes and `EINTR`.
  ///
  /// - Throws: The call's ``Errno``; part of the bytes may have been written.
  package func write(all bytes: UnsafeRawBufferPointer) throws(Errno) {
    try Descriptor.write(all: bytes, to: rawValue)
  }

  /// Flushes the file to stable storage (``Platform/synchronize(_:)``).
  ///
  /// - Throws: The call's ``Errno``.
  package func synchronize() throws(Errno) {
    guard Platform.synchronize(rawValue) == 0 else { throw .current }
  }

  /// Reads up to `buffer.count` bytes from a descriptor owned elsewhere (standard input, a
  /// pipe's end), retrying on `EINTR`.
  ///
  /// - Returns: How many bytes were read; 0 at the end of the file.
  /// - Throws: The call's ``Errno`` (`EAGAIN` for a non-blocking one with nothing to read).
  package static func read(
    _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer
  ) throws(Errno) -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    let count = retryingOnInterrupt { systemRead(descriptor, base, buffer.count) }
    guard count >= 0 else { throw .current }
    return count
  }

  /// Writes every byte to a descriptor owned elsewhere (standard output), retrying short
  /// writes and `EINTR`; a write that takes nothing ends it.
  ///
  /// - Throws: The call's ``Errno``; part of the bytes may have been written.
  package static func write(all bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(Errno) {
    guard let base = bytes.baseAddress else { return }
    var written = 0
    while written < bytes.count {
      let count = retryingOnInterrupt {
        systemWrite(descriptor, base + written, bytes.count - written)
      }
      guard count >= 0 else { throw .current }
      if count == 0 { return }
      written += count
    }
  }
}

/// `close(2)`, which ``Descriptor/close()`` shadows.
private func systemClose(_ descriptor: Int32) -> Int32 {
  close(descriptor)
}

/// `read(2)`, which ``Descriptor/read(into:)`` shadows.
private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int
{
  read(descriptor, bytes, count)
}

/// `write(2)`, which ``Descriptor/write(all:)`` shadows.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
