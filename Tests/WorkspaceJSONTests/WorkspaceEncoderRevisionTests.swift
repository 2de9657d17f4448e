import Testing
import Workspace

@testable import WorkspaceJSON

/// A save tells a change from a rewrite of the same state by comparing the file with the new
/// bytes around the revision member, without encoding twice: the answer must be exactly the
/// comparison with a second encoding.
@Suite struct WorkspaceEncoderRevisionTests {
  static func file(_ state: WorkspaceState, revision: Int) -> [UInt8] {
    var state = state
    state.revision = revision
    return WorkspaceFile.encode(state)
  }

  @Test(arguments: [0, 1, 9, 10, 99, 123_456], [1, 2, 10, 100, 123_457])
  func sameStateAtAnyRevisionsIsTheSecondEncoding(stored: Int, written: Int) {
    let state = WorkspaceState.example
    let bytes = Self.file(state, revision: written)
    let current = Self.file(state, revision: stored)
    #expect(WorkspaceEncoder.isFile(current, equalTo: bytes, atRevision: stored) == true)
    #expect(
      WorkspaceEncoder.isFile(current, equalTo: bytes, atRevision: stored + 1)
        == (Self.file(state, revision: stored + 1) == current))
  }

  @Test(arguments: [0, 1, 10])
  func anyOtherFileDiffers(stored: Int) throws {
    var changed = WorkspaceState.example
    try changed.apply(.rename("Changed"))
    let bytes = Self.file(WorkspaceState.example, revision: stored + 1)
    let others: [[UInt8]] = [
      Self.file(changed, revision: stored), [],
      Array(
        String(decoding: Self.file(WorkspaceState.example, revision: stored), as: UTF8.self)
          .replacingOccurrences(of: "\n", with: "\r\n").utf8),
      Self.file(WorkspaceState.example, revision: stored) + [0x0A],
    ]
    for current in others {
      #expect(WorkspaceEncoder.isFile(current, equalTo: bytes, atRevision: stored) == false)
    }
  }
}
