import Foundation
import PaneRouter
import Testing
import WorkspaceSystem
import WorkspaceTestSupport

@testable import Workspace
@testable import WorkspaceJSON

/// Runs `body` with a store for `w.json` in a fresh directory.
private func withStore(
  lockTimeout: Double = 5, _ body: (TemporaryDirectory, WorkspaceStore) throws -> Void
) throws {
  try withTemporaryDirectory { directory in
    try body(directory, WorkspaceStore(path: directory.file("w.json"), lockTimeout: lockTimeout))
  }
}

/// The revision of the store's file.
private func storedRevision(_ store: WorkspaceStore) throws -> Int {
  try store.load(default: .example).state.revision
}

@Suite struct WorkspaceStoreTests {
  // MARK: Load

  @Test func missingFileGivesTheDefault() throws {
    try withStore { directory, store in
      let loaded = try store.load(default: .example)
      #expect(loaded.isDefault)
      #expect(loaded.state == .example)
      #expect(loaded.diagnostics == [])
      #expect(loaded.migratedFromVersion == nil)
      #expect(directory.entries() == [])
      #expect(!store.hasBackup)
    }
  }

  @Test func existingFileIsLoaded() throws {
    try withStore { _, store in
      Files.create(store.path, Fixture.baseFile)
      let loaded = try store.load(default: .example)
      #expect(!loaded.isDefault)
      #expect(loaded.state == (try WorkspaceFile.decode(Fixture.baseFile)).state)
    }
  }

  @Test func directoryInPlaceOfTheFileCannotBeRead() throws {
    try withStore { _, store in
      mkdir(store.path, 0o700)
      defer { rmdir(store.path) }
      let reason = "it is a directory, not a regular file"
      #expect(throws: WorkspaceFileError.cannotRead(store.path, reason: reason)) {
        try store.load(default: .example)
      }
    }
  }

  // MARK: Save

  @Test func saveCreatesThePrivateFile() throws {
    try withStore { directory, store in
      try store.save(.example)
      let revision1 = try storedRevision(store)
      #expect(revision1 == 1)
      #expect(Files.contents(store.path) == written(.example, revision: 1))
      #expect(Files.mode(store.path) == 0o600)
      #expect(directory.entries() == ["w.json", "w.json.lock"])
    }
  }

  @Test func saveKeepsThePreviousVersionAsTheBackup() throws {
    try withStore { directory, store in
      let versions = try ["one", "two", "three"].map(example(renamedTo:))
      try store.save(versions[0])
      #expect(!store.hasBackup)
      for (revision, (older, newer)) in zip(versions, versions.dropFirst()).enumerated() {
        try store.save(newer)
        let stored = try storedRevision(store)
        #expect(stored == revision + 2)
        #expect(Files.contents(store.path) == written(newer, revision: revision + 2))
        #expect(Files.contents(store.backupPath) == written(older, revision: revision + 1))
      }
      #expect(try store.loadBackup().state == versions[1])
      #expect(directory.entries() == ["w.json", "w.json.bak", "w.json.lock"])
    }
  }

  @Test(arguments: [0o644, 0o600, 0o640, 0o444] as [mode_t])
  func saveKeepsTheFilesMode(mode: mode_t) throws {
    try withStore { _, store in
      Files.create(store.path, Fixture.baseFile, mode: mode)
      try store.save(.example)
      #expect(Files.mode(store.path) == mode)
      #expect(Files.mode(store.backupPath) == mode)
      #expect(Files.contents(store.backupPath) == Fixture.baseFile)
    }
  }

  @Test func saveLeavesNoTemporaryFiles() throws {
    try withStore { directory, store in
      for title in ["a", "b", "c"] { try store.save(try example(renamedTo: title)) }
      _ = try store.update(default: .example) { try $0.apply(.split(.horizontal)) }
      try store.restoreBackup()
      #expect(
        directory.entries() == ["w.json", "w.json.bak", "w.json.before-restore", "w.json.lock"])
    }
  }

  @Test func saveRemovesStaleTemporariesOfADeadWriter() throws {
    try withStore { directory, store in
      let stale = [
        ".w.json.tmp-12345-678", ".w.json.tmp-1-2", ".w.json.bak.tmp-3-4",
        ".w.json.before-restore.tmp-5-6",
      ]
      for name in stale { Files.create(directory.file(name), Array("{\"half\":".utf8)) }
      // Names that share a beginning with the file's or a temporary's stay.
      let kept = [
        ".other.json.tmp-1-2", ".w.json", ".w.json.bak", ".w.json.tmp", ".w.jsonx.tmp-1-2",
        ".w.js.tmp-1-2", "w.json.tmp-1-2", "..w.json.tmp-1-2",
      ]
      for name in kept { Files.create(directory.file(name), []) }
      try store.save(.example)
      #expect(directory.entries() == (kept + ["w.json", "w.json.lock"]).sorted())
    }
  }

  /// A host saving many times a second looks for what a dead writer left at most once per
  /// `FileSystem.staleTemporaryInterval`: a leftover that appears after its first save is
  /// gone after a save once the interval has passed.
  @Test func aLaterSaveRemovesStaleTemporariesOnceTheIntervalHasPassed() throws {
    try withStore { directory, store in
      try store.save(.example)
      Files.create(directory.file(".w.json.tmp-12345-678"), Array("{\"half\":".utf8))
      usleep(1_200_000)
      try store.save(try example(renamedTo: "later"))
      #expect(directory.entries() == ["w.json", "w.json.bak", "w.json.lock"])
    }
  }

  @Test func saveIntoAMissingDirectoryCannotWrite() throws {
    let store = WorkspaceStore(path: "/tmp/workspace-json-tests-missing/nothing/w.json")
    #expect(
      throws: WorkspaceFileError.cannotWrite(
        store.path, reason: String(cString: strerror(ENOENT)))
    ) {
      try store.save(.example)
    }
  }

  @Test func aSaveOfWhatTheFileHoldsWritesNothing() throws {
    try withStore { directory, store in
      try store.save(.example)
      let revision2 = try storedRevision(store)
      #expect(revision2 == 1)
      try store.save(try example(renamedTo: "two"))
      let revision3 = try storedRevision(store)
      #expect(revision3 == 2)
      let inode = Files.inode(store.path)
      try store.save(try example(renamedTo: "two"))
      let revision4 = try storedRevision(store)
      #expect(revision4 == 2)
      #expect(Files.inode(store.path) == inode)
      #expect(Files.contents(store.backupPath) == written(.example, revision: 1))
    }
  }

  @Test func everyWriterIncreasesTheRevision() throws {
    try withStore { _, store in
      try store.save(.example)
      _ = try store.update(default: .example) { try $0.apply(.rename("by update")) }
      let merged = try store.merge(default: .example) { loaded in
        var state = loaded.state
        try state.apply(.rename("by merge"))
        return state
      }
      #expect(merged.didWrite)
      #expect(merged.loaded.state.revision == 2)
      #expect(merged.state.revision == 3)
      var stale = try store.load(default: .example).state
      stale.revision = 1
      try stale.apply(.rename("stale"))
      try store.save(stale)
      let revision5 = try storedRevision(store)
      #expect(revision5 == 4)
      #expect(try store.load(default: .example).state.revision == 4)
    }
  }

  @Test func aMergeThatKeepsTheFileWritesNothing() throws {
    try withStore { _, store in
      try store.save(.example)
      let inode = Files.inode(store.path)
      let merged = try store.merge(default: .example) { $0.state }
      #expect(!merged.didWrite)
      #expect(merged.state.revision == 1)
      #expect(Files.inode(store.path) == inode)
    }
  }

  // MARK: Update

  @Test func updateWritesOnlyWhenTheStateChanged() throws {
    try withStore { directory, store in
      let (_, fresh) = try store.update(default: .example) { _ in }
      #expect(fresh.isDefault)
      #expect(directory.entries() == ["w.json.lock"])  // nothing written for the default

      try store.save(.example)
      let inode = Files.inode(store.path)
      let (result, loaded) = try store.update(default: .example) { state in
        _ = try? state.apply(.route(.pop(count: 1)))  // refused at the root: no change
        return 42
      }
      #expect(result == 42)
      #expect(!loaded.isDefault)
      #expect(Files.inode(store.path) == inode)
      #expect(!store.hasBackup)

      _ = try store.update(default: .example) { try $0.apply(.route(.push(["detail:2"]))) }
      #expect(Files.inode(store.path) != inode)
      #expect(Files.contents(store.backupPath) == written(.example, revision: 1))
      let saved = try store.load(default: .example).state
      #expect(saved.revision == 2)
      #expect(saved.node(saved.focusedPane)?.router?.stack.stack == ["inbox", "detail:2"])
    }
  }

  @Test func updateOfAMissingFileStartsFromTheDefault() throws {
    try withStore { _, store in
      _ = try store.update(default: .example) { try $0.apply(.split(.vertical)) }
      var expected = WorkspaceState.example
      try expected.apply(.split(.vertical))
      #expect(try store.load(default: .example).state == expected)
      #expect(!store.hasBackup)
    }
  }

  @Test func updateThatThrowsWritesNothing() throws {
    try withStore { _, store in
      try store.save(.example)
      let inode = Files.inode(store.path)
      #expect(throws: WorkspaceStore.UpdateError.change(WorkspaceError.nothingToUndo)) {
        _ = try store.update(default: .example) { (state) throws(WorkspaceError) in
          try state.apply(.rename("changed first"))
          try state.apply(.undo(count: 2))
          try state.apply(.undo())
        }
      }
      #expect(Files.inode(store.path) == inode)
      #expect(Files.contents(store.path) == written(.example, revision: 1))
    }
  }

  // MARK: Restore the backup

  @Test func restoreWithoutABackupIsRefused() throws {
    try withStore { _, store in
      try store.save(.example)
      #expect(throws: WorkspaceFileError.noBackup(store.backupPath)) { try store.restoreBackup() }
      #expect(Files.contents(store.path) == written(.example, revision: 1))
    }
  }

  @Test func restoreOfACorruptBackupIsRefused() throws {
    try withStore { directory, store in
      try store.save(.example)
      Files.create(store.backupPath, Array("{\"format\": ".utf8))
      #expect(
        throws: WorkspaceFileError.notJSON(
          path: store.backupPath, line: 1, column: 12, offset: 11, reason: "unexpected end of input"
        )
      ) {
        try store.restoreBackup()
      }
      #expect(Files.contents(store.path) == written(.example, revision: 1))
      #expect(directory.entries() == ["w.json", "w.json.bak", "w.json.lock"])
    }
  }

  @Test func restoreReplacesTheFileAndKeepsItAsBeforeRestore() throws {
    try withStore { _, store in
      let old = try example(renamedTo: "old")
      try store.save(old)
      try store.save(try example(renamedTo: "newer"))
      Files.create(store.path, Array("corrupt".utf8), mode: 0o600)
      #expect(throws: WorkspaceFileError.self) { try store.load(default: .example) }
      let restored = try store.restoreBackup()
      #expect(restored.state == old)
      #expect(Files.contents(store.path) == written(old, revision: 1))
      #expect(Files.contents(store.path + ".before-restore") == Array("corrupt".utf8))
      #expect(Files.contents(store.backupPath) == written(old, revision: 1))
      #expect(try store.load(default: .example).state == old)
    }
  }

  @Test func restoreWhenTheFileIsMissing() throws {
    try withStore { directory, store in
      try store.save(.example)
      try store.save(try example(renamedTo: "new"))
      unlink(store.path)
      try store.restoreBackup()
      #expect(Files.contents(store.path) == written(.example, revision: 1))
      #expect(!directory.entries().contains("w.json.before-restore"))
    }
  }

  // MARK: Lock

  @Test func lockHeldElsewhereTimesOut() throws {
    try withStore(lockTimeout: 0.2) { _, store in
      let fd = open(store.lockPath, O_RDWR | O_CREAT, 0o600)
      #expect(fd >= 0)
      #expect(flock(fd, LOCK_EX) == 0)
      let timeout = WorkspaceFileError.lockTimeout(store.lockPath, seconds: 0.2)
      let start = monotonicSeconds()
      #expect(throws: timeout) { try store.save(.example) }
      #expect(monotonicSeconds() - start < 2)
      #expect(throws: WorkspaceStore.UpdateError<WorkspaceError>.file(timeout)) {
        try store.update(default: .example) { (state) throws(WorkspaceError) in
          try state.apply(.zoom)
        }
      }
      #expect(throws: timeout) { try store.restoreBackup() }
      #expect(!Files.exists(store.path))
      close(fd)
      try store.save(.example)
      #expect(Files.exists(store.path))
    }
  }

  @Test func loadDoesNotTakeTheLock() throws {
    try withStore(lockTimeout: 0.1) { _, store in
      try store.save(.example)
      let fd = open(store.lockPath, O_RDWR)
      defer { close(fd) }
      #expect(flock(fd, LOCK_EX) == 0)
      #expect(try store.load(default: .example).state == .example)
    }
  }

  @Test func concurrentWritersLoseNoUpdate() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("w.json")
    let pushes = 50
    let initial = {
      var state = WorkspaceState(
        .pane(
          "Pane",
          router: RouterState(RouteStack(root: RouteToken("home"), maxDepth: 2 * pushes + 1))))
      state.history = History(limit: 0)  // keeps each load and save small
      return state
    }()
    try WorkspaceStore(path: path).save(initial)
    let writers = ["a", "b"].map { name in
      Task.detached {
        // Each writer has its own store, as two processes would.
        let store = WorkspaceStore(path: path, lockTimeout: 30)
        for index in 0..<pushes {
          _ = try store.update(default: initial) { state in
            try state.apply(.route(.push([RouteToken(name, index)])))
          }
        }
      }
    }
    for writer in writers { try await writer.value }
    let final = try WorkspaceStore(path: path).load(default: initial).state
    let stack = try #require(final.node(final.focusedPane)?.router?.stack.stack)
    #expect(stack.count == 2 * pushes + 1)
    for name in ["a", "b"] {
      // Each writer's pushes are all there, in its order.
      #expect(stack.filter { $0.name == name } == (0..<pushes).map { RouteToken(name, $0) })
    }
  }
}

/// Seconds on the monotonic clock.
private func monotonicSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
