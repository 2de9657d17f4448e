/// The stream a save encodes the new file into, a piece at a time: each piece is appended to
/// the temporary file that then replaces the file, so a save never holds the whole new file
/// in memory.
///
/// A save that cannot write (the file may not be replaced, the disk is full) records the
/// error and drops the rest of the pieces, so that the encoder still finishes and reports a
/// broken limit first, as a save always has; so does a file past the size limit.
final class ReplacementStream: JSONByteStream {
  private enum Phase {
    /// No piece yet: the temporary file is made with the first one.
    case waiting
    case writing(TemporaryFile)
    /// Nothing more is written: the new file is over the size limit (the encoder's check
    /// reports it), or writing failed.
    case stopped(WorkspaceFileError?)
  }

  /// The file to replace, its symbolic links followed.
  private let target: String
  /// What the save knows of the file already.
  private let status: FileStatus
  /// The most bytes the new file may have; past them nothing more is written.
  private let maximumBytes: Int
  private var phase = Phase.waiting
  /// The number of bytes of the new file seen so far.
  private var offset = 0

  /// Creates the stream for replacing `target`.
  ///
  /// - Parameters:
  ///   - target: The file, its symbolic links followed.
  ///   - status: What the save knows of the file already.
  ///   - maximumBytes: The file size limit.
  init(replacing target: String, status: FileStatus = .unknown, maximumBytes: Int) {
    self.target = target
    self.status = status
    self.maximumBytes = maximumBytes
  }

  func write(_ piece: UnsafeBufferPointer<UInt8>) {
    offset += piece.count
    guard offset <= maximumBytes else { return stop(nil) }
    if case .waiting = phase {
      do throws(WorkspaceFileError) {
        phase = .writing(try TemporaryFile(replacing: target, status: status))
      } catch {
        phase = .stopped(error)
      }
    }
    guard case .writing(var file) = phase else { return }
    do throws(WorkspaceFileError) {
      try file.append(piece)
      phase = .writing(file)
    } catch {
      file.discard()
      phase = .stopped(error)
    }
  }

  /// The temporary file holding the new file, flushed to disk, once the encoder has written
  /// the last piece and checked its limits.
  ///
  /// - Returns: The temporary file, closed, to put in place.
  /// - Throws: ``WorkspaceFileError/cannotWrite(_:reason:)``; nothing is then left behind.
  func finish() throws(WorkspaceFileError) -> TemporaryFile {
    switch phase {
    case .waiting:
      throw .cannotWrite(target, reason: "the encoder wrote nothing")
    case .writing(var file):
      phase = .stopped(nil)
      do throws(WorkspaceFileError) {
        try file.finish()
      } catch {
        file.discard()
        throw error
      }
      return file
    case .stopped(let error):
      throw error ?? .cannotWrite(target, reason: "the file is over its size limit")
    }
  }

  /// Removes the temporary file, if any: the encoder threw.
  func discard() {
    if case .writing(var file) = phase { file.discard() }
    phase = .stopped(nil)
  }

  private func stop(_ error: WorkspaceFileError?) {
    if case .writing(var file) = phase { file.discard() }
    if case .stopped(.some) = phase { return }
    phase = .stopped(error)
  }
}
