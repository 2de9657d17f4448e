import WorkspaceSystem

/// The file a save replaces, as it was when the save read it: its bytes in memory, or the
/// open file, read a piece at a time as a save compares the new file with it and copies
/// the part they share. A save never holds a large file's bytes all at once.
final class StoredFile {
  private enum Source {
    case bytes([UInt8])
    /// The open file, with its stamp when it was opened.
    case file(fd: Int32, opened: FileStamp?)
  }

  /// The most bytes read from the file at a time.
  let pieceSize: Int

  private let source: Source
  /// The file's path, for messages.
  let path: String
  /// The number of bytes stored.
  let count: Int
  /// A buffer of ``pieceSize`` bytes for reading the file, made on first use.
  private var scratch: UnsafeMutableRawBufferPointer?

  /// A stored file whose bytes are already in memory, scanned `pieceSize` bytes at a time.
  init(_ bytes: [UInt8], path: String, pieceSize: Int) {
    source = .bytes(bytes)
    self.pieceSize = pieceSize
    self.path = path
    count = bytes.count
  }

  /// Opens the regular file at `path` for reading, `pieceSize` bytes at a time, or returns
  /// `nil` if it does not exist.
  ///
  /// - Throws: ``WorkspaceFileError/fileTooLarge(_:size:limit:)`` for a file over `limit`
  ///   bytes, or ``WorkspaceFileError/cannotRead(_:reason:)``.
  init?(opening path: String, limit: Int, pieceSize: Int) throws(WorkspaceFileError) {
    guard let (fd, size) = try FileSystem.openRegularFile(path, limit: limit) else { return nil }
    source = .file(fd: fd, opened: FileStamp(descriptor: fd))
    self.pieceSize = pieceSize
    self.path = path
    count = size
  }

  deinit {
    if case .file(let fd, _) = source { close(fd) }
    scratch?.deallocate()
  }

  /// Whether the file still is what was opened: not written in place since (the same size
  /// and modification time). A file in memory always is.
  var isUnchanged: Bool {
    guard case .file(let fd, let opened) = source else { return true }
    return opened != nil && FileStamp(descriptor: fd) == opened
  }

  /// Whether the stored bytes at `offset` are exactly `bytes`: `false` past the end, or when
  /// the file cannot be read.
  ///
  /// - Complexity: O(*n*), where *n* is the length of `bytes`.
  func matches(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
    guard offset >= 0, offset + bytes.count <= count else { return false }
    var compared = 0
    return forEachPiece(in: offset..<offset + bytes.count) { piece in
      defer { compared += piece.count }
      return memcmp(piece.baseAddress!, bytes.baseAddress! + compared, piece.count) == 0
    }
  }

  /// Appends the stored bytes in `range` to `file`.
  ///
  /// - Throws: ``WorkspaceFileError/cannotRead(_:reason:)`` if the file cannot be read, or
  ///   what appending throws.
  func copy(_ range: Range<Int>, to file: inout TemporaryFile) throws(WorkspaceFileError) {
    var failure: WorkspaceFileError?
    let isRead = forEachPiece(in: range) { piece in
      do throws(WorkspaceFileError) {
        try file.append(piece)
        return true
      } catch {
        failure = error
        return false
      }
    }
    if let failure { throw failure }
    if !isRead { throw .cannotRead(path, reason: FileSystem.errorText()) }
  }

  /// The whole file's bytes.
  ///
  /// - Throws: ``WorkspaceFileError/cannotRead(_:reason:)``.
  func bytes() throws(WorkspaceFileError) -> [UInt8] {
    if case .bytes(let bytes) = source { return bytes }
    var bytes = [UInt8]()
    bytes.reserveCapacity(count)
    let isRead = forEachPiece(in: 0..<count) { piece in
      bytes.append(contentsOf: piece)
      return true
    }
    guard isRead else {
      throw .cannotRead(path, reason: FileSystem.errorText())
    }
    return bytes
  }

  /// Calls `body` with the stored bytes in `range`, a piece at a time, in order, while it
  /// returns `true`.
  ///
  /// - Returns: `false` if `body` did, or if the range could not be read in full.
  func forEachPiece(
    in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Bool
  ) -> Bool {
    guard range.lowerBound >= 0, range.upperBound <= count else { return false }
    switch source {
    case .bytes(let bytes):
      return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    case .file(let fd, _):
      let buffer = scratch ?? .allocate(byteCount: pieceSize, alignment: 16)
      scratch = buffer
      var offset = range.lowerBound
      while offset < range.upperBound {
        let got = retryingOnInterrupt {
          pread(
            fd, buffer.baseAddress!, min(buffer.count, range.upperBound - offset), off_t(offset))
        }
        guard got > 0 else { return false }
        let piece = UnsafeBufferPointer(
          start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: got)
        guard body(piece) else { return false }
        offset += got
      }
      return true
    }
  }
}
