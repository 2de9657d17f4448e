#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension StoredFile {
  /// The revision the file stores, as ``WorkspaceFile/storedRevision(of:)`` reads it (0 for
  /// a file without one or one that is not a workspace file), without parsing the whole file
  /// when its head is the one the encoder writes.
  ///
  /// A head the encoder wrote (`{`, the `format`, `version` 2 and `revision` members, each on
  /// its own line) gives its revision, provided the rest of the file holds no other
  /// candidate for a top-level `revision` member: no `revision"` (the key's unescaped end)
  /// and no `\u` (an escaped spelling of it). Scanning for those two is far cheaper than
  /// parsing. Any other file is parsed as before.
  ///
  /// So for a valid file the answer is always the parser's. A file whose head is the
  /// encoder's but whose body is corrupt gives its head's revision instead of 0: the save
  /// that replaces it writes a higher revision than a full parse would have it write, and
  /// revisions still only grow.
  ///
  /// - Complexity: O(*b*), for *b* bytes: a scan, or a parse when the head is not the
  ///   encoder's.
  func revision() -> Int {
    if let revision = revisionInHead() { return revision }
    guard let bytes = try? bytes() else { return 0 }
    return WorkspaceFile.storedRevision(of: bytes) ?? 0
  }

  /// The revision of an encoder's head with no other candidate after it, else `nil`.
  private func revisionInHead() -> Int? {
    let lead = Array(
      "{\n  \"format\": \"\(WorkspaceFormat.name)\",\n  \"version\": \(WorkspaceFormat.currentVersion),\n  "
        .utf8)
    let member = Array("\"revision\": ".utf8)
    var head = [UInt8]()
    _ = forEachPiece(in: 0..<min(count, lead.count + member.count + 32)) { piece in
      head += piece
      return true
    }
    guard head.starts(with: lead) else { return nil }
    var revision = 0
    var end = lead.count
    if head[end...].starts(with: member) {
      // Digits as the writer writes them: no sign, no leading zero, an exact integer.
      let digitsStart = end + member.count
      var digitsEnd = digitsStart
      while digitsEnd < head.count, (0x30...0x39).contains(head[digitsEnd]) { digitsEnd += 1 }
      let digits = head[digitsStart..<digitsEnd]
      guard (1...15).contains(digits.count), digits.first != 0x30,
        head[digitsEnd...].starts(with: Array(",\n".utf8))
      else { return nil }
      revision = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
      end = digitsEnd
    }
    return holdsNoRevisionKey(after: end) ? revision : nil
  }

  /// Whether the bytes from `start` on hold neither `revision"` nor `\u`.
  private func holdsNoRevisionKey(after start: Int) -> Bool {
    // Each piece starts 8 bytes before the previous one ended, so that a match split between
    // two pieces is whole in the second.
    var offset = start
    while offset < count {
      let end = min(count, offset + Self.pieceSize)
      let isClear = forEachPiece(in: offset..<end) { !Self.holdsRevisionKeyOrEscape($0) }
      guard isClear else { return false }
      guard end < count else { break }
      offset = end - 8
    }
    return true
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
      if any(pairs) {
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
