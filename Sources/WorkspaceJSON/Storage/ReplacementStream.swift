/// The stream a save encodes the new file into, a piece at a time: it compares the pieces
/// with the stored file and creates the temporary file only at the first difference, so a
/// save of what the file already holds writes nothing at all.
///
/// The new file is at a new revision, so it differs from the stored one in the `revision`
/// member that the encoder writes right after `version` (and leaves out at revision 0); the
/// comparison takes the stored file as it would be at its stored revision, the rest of the
/// two files shifted by the difference in that member's length.
///
/// At the first difference the temporary file gets the new file's head and the stored
/// bytes that the new file has been found to share, then every piece that follows. A save
/// that cannot write (the file may not be replaced, the disk is full) records the error
/// and drops the rest of the pieces, so that the encoder still finishes and reports a
/// broken limit first, as a save always has.
final class ReplacementStream: JSONByteStream {
  private enum Phase {
    /// Every byte so far equals the stored file's.
    case comparing
    case writing(TemporaryFile)
    /// Nothing more is written: the new file is over the size limit (the encoder's check
    /// reports it), or writing failed.
    case stopped(WorkspaceFileError?)
    /// Nothing is written: the stored file may hold another revision than its head's, so the
    /// new file's revision may be too low.
    case unconfirmedRevision
  }

  /// What a finished stream leaves to do.
  enum Outcome {
    /// The stored file holds exactly the new file: nothing to write.
    case unchanged
    /// The temporary file at this path holds the new file, flushed to disk.
    case written(String)
    /// The stored file may have another revision than its head says: read its revision by
    /// parsing it, and save again.
    case unconfirmedRevision
  }

  /// The file to replace, its symbolic links followed.
  private let target: String
  /// Its backup, checked before the temporary file is made.
  private let backupPath: String?
  /// The file as it was read, or `nil` if there was none.
  private let stored: StoredFile?
  /// The revision the stored file holds.
  private let storedRevision: Int
  /// Where, in the stored file, its head ends, when its revision was read from the head
  /// alone (see ``StoredFile/revisionInHead()``) and must be confirmed.
  private let unconfirmedRevisionEnd: Int?
  /// How far the stored file is known to hold no second revision, while it is not confirmed.
  private var confirmedEnd = 0
  /// The most bytes the new file may have; past them nothing more is written.
  private let maximumBytes: Int
  private var phase = Phase.comparing
  /// The number of bytes of the new file seen so far.
  private var offset = 0
  /// The new file up to the end of its `revision` member, from the first piece.
  private var head: [UInt8] = []
  /// Where the rest of the new file, after `head`, starts in the stored file.
  private var storedRestStart = 0

  /// Creates the stream for replacing `target`.
  ///
  /// - Parameters:
  ///   - target: The file, its symbolic links followed.
  ///   - backupPath: Its backup, or `nil` to leave the backup alone.
  ///   - stored: The file as it was read, or `nil` to write without comparing.
  ///   - storedRevision: The revision `stored` holds.
  ///   - headEnd: Where the stored file's head ends if `storedRevision` was read from the
  ///     head alone, or `nil` if it is certain.
  ///   - maximumBytes: The file size limit.
  init(
    replacing target: String, backupPath: String?, stored: StoredFile?, storedRevision: Int,
    unconfirmedAfter headEnd: Int?, maximumBytes: Int
  ) {
    self.target = target
    self.backupPath = backupPath
    self.stored = stored
    self.storedRevision = storedRevision
    unconfirmedRevisionEnd = headEnd
    self.maximumBytes = maximumBytes
  }

  func write(_ piece: UnsafeBufferPointer<UInt8>) {
    let start = offset
    offset += piece.count
    guard offset <= maximumBytes else { return stop(nil) }
    if case .comparing = phase {
      guard !matchesStored(piece, at: start) else { return }
      startWriting(sharing: start)
    }
    guard case .writing(var file) = phase else { return }
    do throws(WorkspaceFileError) {
      try file.append(piece)
      phase = .writing(file)
    } catch {
      file.discard()
      phase = .stopped(error)
      return
    }
    confirmRevision(upTo: storedOffset(of: offset))
  }

  /// What is left to do once the encoder has written the last piece and checked its limits:
  /// nothing when the stored file already holds exactly the new file's bytes (at its own
  /// revision), else the flushed temporary file to put in place.
  ///
  /// - Throws: ``WorkspaceFileError/cannotWrite(_:reason:)`` or
  ///   ``WorkspaceFileError/cannotRead(_:reason:)`` (the stored bytes to copy); nothing is
  ///   then left behind.
  func finish() throws(WorkspaceFileError) -> Outcome {
    if case .comparing = phase {
      if let stored, !head.isEmpty, storedRestStart + (offset - head.count) == stored.count {
        return .unchanged
      }
      startWriting(sharing: offset)
    }
    confirmRevision(upTo: stored?.count ?? 0)
    switch phase {
    case .comparing:
      preconditionFailure("writing has started")
    case .writing(var file):
      phase = .stopped(nil)
      do throws(WorkspaceFileError) {
        try file.finish()
      } catch {
        file.discard()
        throw error
      }
      return .written(file.path)
    case .stopped(let error):
      throw error ?? .cannotWrite(target, reason: "the file is over its size limit")
    case .unconfirmedRevision:
      return .unconfirmedRevision
    }
  }

  /// Removes the temporary file, if any: the encoder threw.
  func discard() {
    if case .writing(var file) = phase { file.discard() }
    phase = .stopped(nil)
  }

  private func stop(_ error: WorkspaceFileError?) {
    if case .writing(var file) = phase { file.discard() }
    switch phase {
    case .stopped(.some), .unconfirmedRevision: return
    default: phase = .stopped(error)
    }
  }

  /// Where the byte at `offset` in the new file is in the stored file, if they are equal
  /// up to there.
  private func storedOffset(of offset: Int) -> Int {
    head.isEmpty ? offset : storedRestStart + offset - head.count
  }

  /// Whether `piece`, at `start` in the new file, equals the stored file there.
  private func matchesStored(_ piece: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
    guard let stored else { return false }
    guard start == 0 else { return stored.matches(piece, at: storedOffset(of: start)) }
    // The first piece holds the head: the format's name, the version and the revision.
    let lead = WorkspaceEncoder.head + WorkspaceEncoder.revisionMember
    guard piece.starts(with: lead) else { return false }
    let memberStart = WorkspaceEncoder.head.count
    var digitsEnd = lead.count
    while digitsEnd < piece.count, (0x30...0x39).contains(piece[digitsEnd]) { digitsEnd += 1 }
    guard digitsEnd < piece.count else { return false }
    head = Array(piece[..<digitsEnd])
    let storedMember =
      storedRevision == 0 ? [] : WorkspaceEncoder.revisionMember + Array("\(storedRevision)".utf8)
    storedRestStart = memberStart + storedMember.count
    return stored.matches(UnsafeBufferPointer(rebasing: piece[..<memberStart]), at: 0)
      && storedMember.withUnsafeBufferPointer { stored.matches($0, at: memberStart) }
      && stored.matches(UnsafeBufferPointer(rebasing: piece[digitsEnd...]), at: storedRestStart)
  }

  /// Creates the temporary file and writes the first `shared` bytes of the new file into it:
  /// the head, then the stored bytes found equal to the rest.
  private func startWriting(sharing shared: Int) {
    // The stored bytes found equal to the new file's hold no other top-level revision (the
    // new file has one); the rest might.
    if let headEnd = unconfirmedRevisionEnd {
      confirmedEnd = max(headEnd, storedOffset(of: shared))
    }
    var file: TemporaryFile
    do throws(WorkspaceFileError) {
      file = try TemporaryFile(replacing: target, backupPath: backupPath)
    } catch {
      phase = .stopped(error)
      return
    }
    do throws(WorkspaceFileError) {
      if shared > 0 {
        try head.withUnsafeBufferPointer { (head) throws(WorkspaceFileError) in
          try file.append(head)
        }
        try stored!.copy(storedRestStart..<storedRestStart + shared - head.count, to: &file)
        // The shared bytes must be what was compared: the file was not written meanwhile.
        guard stored!.isUnchanged else {
          throw WorkspaceFileError.cannotRead(
            stored!.path, reason: "another program wrote the file during the save")
        }
      }
      phase = .writing(file)
    } catch {
      file.discard()
      phase = .stopped(error)
    }
  }

  /// Scans the stored file up to `end` for a second revision while the head's is not
  /// confirmed, a piece behind the pieces written, so that the scan shares the queue's time
  /// with the writing; a candidate drops the temporary file (the save runs again).
  private func confirmRevision(upTo end: Int) {
    guard let stored, unconfirmedRevisionEnd != nil, case .writing(var file) = phase,
      end > confirmedEnd
    else { return }
    let range = max(0, confirmedEnd - 8)..<min(end, stored.count)
    guard !range.isEmpty else { return }
    if stored.holdsRevisionKey(in: range) {
      file.discard()
      phase = .unconfirmedRevision
      return
    }
    confirmedEnd = range.upperBound
  }
}
