import Workspace

extension WorkspaceEncoder {
  /// Whether `current` is exactly the file of the state that `bytes` encodes, but at
  /// `revision`: what a save compares to tell a change from a rewrite of the same state,
  /// without encoding the state a second time.
  ///
  /// The two files differ only in the revision member, which ``write(_:into:)`` puts right
  /// after `version` (and leaves out at revision 0), so the comparison takes `bytes` around
  /// that member and the member as it would be at `revision`.
  ///
  /// - Parameters:
  ///   - current: The bytes to compare, such as the file on disk.
  ///   - bytes: A state's file (pretty style) at a revision above 0.
  ///   - revision: The revision to compare at.
  /// - Returns: The answer, or `nil` if `bytes` has no revision member where the encoder
  ///   writes it (then encode again to compare).
  /// - Complexity: O(*n*), where *n* is the length of `bytes`.
  static func isFile(
    _ current: [UInt8], equalTo bytes: [UInt8], atRevision revision: Int
  ) -> Bool? {
    let marker = Array(",\n  \"revision\": ".utf8)
    // Only the format's name and the version come first.
    let window = bytes.prefix(64 + WorkspaceFormat.name.utf8.count)
    guard let memberStart = window.indices.first(where: { window[$0...].starts(with: marker) })
    else { return nil }
    let digitsStart = memberStart + marker.count
    var digitsEnd = digitsStart
    while digitsEnd < bytes.count, (0x30...0x39).contains(bytes[digitsEnd]) { digitsEnd += 1 }
    let member = revision == 0 ? [] : Array(marker + "\(revision)".utf8)
    guard current.count == bytes.count - (digitsEnd - memberStart) + member.count else {
      return false
    }
    let tail = memberStart + member.count
    return current[..<memberStart].elementsEqual(bytes[..<memberStart])
      && current[memberStart..<tail].elementsEqual(member)
      && current[tail...].elementsEqual(bytes[digitsEnd...])
  }
}
