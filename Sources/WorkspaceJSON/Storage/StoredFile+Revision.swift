import WorkspaceSystem

extension StoredFile {
  /// The revision in the file's head, if the head is the one the encoder writes, with where
  /// the head ends; `nil` for any other head.
  ///
  /// The encoder's head is `{`, the `format`, the current `version` and (above revision 0)
  /// `revision` members, each on its own line, the revision's digits as the encoder writes
  /// them. Its revision is the file's, as ``WorkspaceFile/storedRevision(of:)`` reads it,
  /// unless the rest of the file has a second top-level `revision` member (the parser reads
  /// the last one): ``holdsRevisionKey(in:)`` tells whether it may, far more cheaply than
  /// a parse. A file with the encoder's head and a corrupt body gives its head's revision
  /// rather than the parser's 0: the save that replaces it writes a higher revision, and
  /// revisions still only grow.
  ///
  /// - Complexity: O(1): it reads the head only.
  func revisionInHead() -> (revision: Int, end: Int)? {
    let lead = WorkspaceEncoder.head
    let member = WorkspaceEncoder.revisionMember
    var head = [UInt8]()
    _ = forEachPiece(in: 0..<min(count, lead.count + member.count + 32)) { piece in
      head += piece
      return true
    }
    guard head.starts(with: lead) else { return nil }
    guard head[lead.count...].starts(with: member) else {
      // Revision 0: the next member follows.
      return head[lead.count...].starts(with: Array(",\n  \"".utf8)) ? (0, lead.count) : nil
    }
    // Digits as the writer writes them: no sign, no leading zero, an exact integer.
    let digitsStart = lead.count + member.count
    var digitsEnd = digitsStart
    while digitsEnd < head.count, (0x30...0x39).contains(head[digitsEnd]) { digitsEnd += 1 }
    let digits = head[digitsStart..<digitsEnd]
    guard (1...15).contains(digits.count), digits.first != 0x30,
      head[digitsEnd...].starts(with: Array(",\n".utf8))
    else { return nil }
    return (digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }, digitsEnd)
  }

  /// The revision the file stores, parsed as ``WorkspaceFile/storedRevision(of:)`` reads
  /// it: 0 for a file without one, or that is not a workspace file or cannot be read.
  ///
  /// - Complexity: O(*b*), for *b* bytes: a parse.
  func parsedRevision() -> Int {
    guard let bytes = try? bytes() else { return 0 }
    return WorkspaceFile.storedRevision(of: bytes) ?? 0
  }

  /// Whether the bytes in `range` may hold a top-level `revision` member: whether they hold
  /// `revision"` (the key's unescaped end) or `\u` (which an escaped spelling of it needs).
  /// A file that cannot be read answers `true`.
  ///
  /// - Complexity: O(*n*), for *n* bytes in `range`, read and scanned a piece at a time.
  func holdsRevisionKey(in range: Range<Int>) -> Bool {
    // Each piece starts 8 bytes before the previous one ended, so that a match split between
    // two pieces is whole in the second.
    var offset = range.lowerBound
    while offset < range.upperBound {
      let end = min(range.upperBound, offset + pieceSize)
      let isClear = forEachPiece(in: offset..<end) { !Self.holdsRevisionKeyOrEscape($0) }
      guard isClear else { return true }
      guard end < range.upperBound else { break }
      offset = end - 8
    }
    return false
  }

  /// Whether `piece` holds `revision"` (whole in it) or `\u`: the pairs `n"` and `\u` are
  /// found 32 bytes at a time, and only a pair `n"` is looked at closely.
  static func holdsRevisionKeyOrEscape(_ piece: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let start = piece.baseAddress else { return false }
    let base = UnsafeRawPointer(start)
    let count = piece.count
    let quote = SIMD32<UInt8>(repeating: 0x22)
    let letterN = SIMD32<UInt8>(repeating: 0x6E)
    let backslash = SIMD32<UInt8>(repeating: 0x5C)
    let letterU = SIMD32<UInt8>(repeating: 0x75)
    var index = 0
    while index + 33 <= count {
      let first = base.loadUnaligned(fromByteOffset: index, as: SIMD32<UInt8>.self)
      let second = base.loadUnaligned(fromByteOffset: index + 1, as: SIMD32<UInt8>.self)
      let pairs =
        (first .== letterN) .& (second .== quote) .| (first .== backslash)
        .& (second .== letterU)
      // The mask as four words, for a test that compiles to a few instructions.
      let words = unsafeBitCast(pairs, to: SIMD4<UInt64>.self)
      if words[0] | words[1] | words[2] | words[3] != 0 {
        for lane in 0..<32 where pairs[lane] {
          if isRevisionKeyOrEscape(in: piece, at: index + lane) { return true }
        }
      }
      index += 32
    }
    while index + 1 < count {
      if isRevisionKeyOrEscape(in: piece, at: index) { return true }
      index += 1
    }
    return false
  }

  /// Whether `\u` starts at `position`, or `revision"` has its `n` there.
  private static func isRevisionKeyOrEscape(
    in piece: UnsafeBufferPointer<UInt8>, at position: Int
  ) -> Bool {
    let (byte, next) = (piece[position], piece[position + 1])
    if byte == 0x5C { return next == 0x75 }
    guard byte == 0x6E, next == 0x22, position >= 7 else { return false }
    return UnsafeBufferPointer(rebasing: piece[(position - 7)..<position])
      .elementsEqual("revisio".utf8)
  }
}
