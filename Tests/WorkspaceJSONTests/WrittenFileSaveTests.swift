import PaneRouter
import Testing
import WorkspaceSystem
import WorkspaceTestSupport

@testable import Workspace
@testable import WorkspaceJSON

/// A caller that wrote the file itself (a host's session) passes the stamp and state its save
/// returned: while the file keeps that stamp, the next save takes that state instead of
/// reading and decoding the file again; any other writer's save changes the stamp, and the
/// file is read as always.
@Suite struct WrittenFileSaveTests {
  /// Saves `state` through the step a host takes, with `written` as the file it last wrote.
  static func save(
    _ state: WorkspaceState, _ store: WorkspaceStore,
    written: (stamp: FileStamp, state: WorkspaceState)?
  ) throws -> (saved: WorkspaceStore.Saved, loaded: WorkspaceState) {
    var loaded: WorkspaceState?
    let saved = try store.save(default: .example, written: written) { file in
      loaded = file.state
      return state
    }
    return (saved, loaded!)
  }

  @Test func aFileWithTheWrittenStampIsNotReadAgain() throws {
    try withTemporaryDirectory { directory in
      let store = WorkspaceStore(path: directory.file("w.json"))
      let first = try Self.save(try example(renamedTo: "first"), store, written: nil).saved
      let stamp = try #require(first.stamp)
      // The file's bytes broken in place, its size, inode and times kept: only a save that
      // reads the file can tell.
      #expect(breakInPlaceKeepingStamp(store.path))
      #expect(FileStamp(path: store.path) == stamp)

      let second = try example(renamedTo: "second")
      #expect(throws: WorkspaceStore.UpdateError<Never>.self) {
        _ = try Self.save(second, store, written: nil)
      }
      let (saved, loaded) = try Self.save(second, store, written: (stamp, first.state))
      #expect(loaded == first.state)
      #expect(saved.didWrite)
      #expect(saved.state.revision == first.state.revision + 1)
      #expect(try store.load(default: .example).state == saved.state)
      saved.state.checkInvariants()
    }
  }

  @Test func anotherWritersSaveIsReadAsAlways() throws {
    try withTemporaryDirectory { directory in
      let store = WorkspaceStore(path: directory.file("w.json"))
      let first = try Self.save(try example(renamedTo: "first"), store, written: nil).saved
      let stamp = try #require(first.stamp)
      // Another writer: wsctl's own update, which renames a new file into place.
      try store.update(default: .example) { state in try state.apply(.rename("other")) }
      #expect(FileStamp(path: store.path) != stamp)
      let other = try store.load(default: .example).state
      let (saved, loaded) = try Self.save(
        try example(renamedTo: "mine"), store, written: (stamp, first.state))
      #expect(loaded == other)
      #expect(saved.state.revision == other.revision + 1)
    }
  }

  @Test func aWrittenStateThatStillHoldsWritesNothing() throws {
    try withTemporaryDirectory { directory in
      let store = WorkspaceStore(path: directory.file("w.json"))
      let first = try Self.save(try example(renamedTo: "first"), store, written: nil).saved
      let stamp = try #require(first.stamp)
      let (saved, _) = try Self.save(first.state, store, written: (stamp, first.state))
      #expect(!saved.didWrite)
      #expect(saved.stamp == stamp)
      #expect(!Files.exists(store.backupPath))
    }
  }
}
