import Testing
import WorkspaceSystem
import WorkspaceTestSupport

@testable import Workspace
@testable import WorkspaceJSON

/// The store and the files it does not own: a save that changes nothing writes nothing, a
/// symbolic link is edited at its target, and anything that is not a regular file is refused
/// before it is opened.
@Suite struct StoreFileTests {
  // MARK: Unchanged saves

  /// Saves an older version and then the example, runs `body`, and checks that neither the
  /// file nor its backup (the older version) was touched.
  private func expectNothingWritten(by body: (WorkspaceStore) throws -> Void) throws {
    try withTemporaryDirectory { directory in
      let store = WorkspaceStore(path: directory.file("w.json"))
      try store.save(try example(renamedTo: "old"))
      try store.save(.example)
      let inode = Files.inode(store.path)
      try body(store)
      #expect(Files.inode(store.path) == inode)
      #expect(Files.contents(store.path) == written(.example, revision: 2))
      let old = written(try example(renamedTo: "old"), revision: 1)
      #expect(Files.contents(store.backupPath) == old)
    }
  }

  @Test func aSaveOfTheSameStateWritesNothingAndKeepsTheBackup() throws {
    try expectNothingWritten { store in
      let isWritten = try store.save(.example)
      #expect(!isWritten)
    }
  }

  @Test func migrateLeavesACurrentFileAndItsBackupAlone() throws {
    try expectNothingWritten { store in
      let (loaded, isRewritten) = try store.migrate()
      #expect(!isRewritten)
      #expect(loaded.migratedFromVersion == nil)
    }
  }

  @Test func migrateRewritesAFileWhoseBytesDiffer() throws {
    try withTemporaryDirectory { directory in
      let store = WorkspaceStore(path: directory.file("w.json"))
      let compact = JSONWriter.write(
        try JSONReader.parse(WorkspaceFile.encode(.example)), style: .compact)
      Files.create(store.path, compact)
      #expect(try store.migrate(dryRun: true).isRewritten)
      #expect(Files.contents(store.path) == compact)
      #expect(try store.migrate().isRewritten)
      #expect(Files.contents(store.path) == written(.example, revision: 1))
      #expect(Files.contents(store.backupPath) == compact)
    }
  }

  // MARK: Symbolic links

  /// Links as `ln -s TARGET NAME` makes them, and the file each must edit.
  @Test(arguments: [
    (["w.json": "real.json"], "real.json"),
    (["w.json": "link2.json", "link2.json": "real.json"], "real.json"),
    (["w.json": "ABSOLUTE/real.json"], "real.json"),
    (["w.json": "sub/../real.json"], "real.json"),
  ])
  func aLinkIsEditedAtItsTarget(links: [String: String], target: String) throws {
    try withTemporaryDirectory { directory in
      mkdir(directory.file("sub"), 0o700)
      defer { rmdir(directory.file("sub")) }
      for (name, destination) in links {
        symlink(
          destination.replacingOccurrences(of: "ABSOLUTE", with: directory.path),
          directory.file(name))
      }
      let real = directory.file(target)
      Files.create(real, WorkspaceFile.encode(.example), mode: 0o640)
      let store = WorkspaceStore(path: directory.file("w.json"))
      #expect(store.targetPath.hasSuffix("/" + target))
      try store.update(default: .example) { try $0.apply(.rename("edited")) }
      #expect(Files.contents(real) == written(try example(renamedTo: "edited"), revision: 1))
      #expect(Files.contents(real + ".bak") == WorkspaceFile.encode(.example))
      #expect(Files.mode(real) == 0o640)
      for name in links.keys { #expect(Files.isLink(directory.file(name))) }
      #expect(Files.exists(real + ".lock"))
      #expect(!Files.exists(directory.file("w.json.lock")))
      #expect(!Files.exists(directory.file("w.json.bak")))
    }
  }

  @Test func aDanglingLinkCreatesItsTarget() throws {
    try withTemporaryDirectory { directory in
      symlink("real.json", directory.file("w.json"))
      let store = WorkspaceStore(path: directory.file("w.json"))
      #expect(!store.exists)
      #expect(try store.load(default: .example).isDefault)
      try store.save(.example)
      #expect(Files.isLink(store.path))
      #expect(Files.contents(directory.file("real.json")) == written(.example, revision: 1))
    }
  }

  @Test func aLinkLoopIsAClearError() {
    withTemporaryDirectory { directory in
      symlink("b.json", directory.file("a.json"))
      symlink("a.json", directory.file("b.json"))
      let store = WorkspaceStore(path: directory.file("a.json"))
      let error = WorkspaceFileError.cannotRead(
        store.path, reason: "more than 40 symbolic links (a loop?) lead from it")
      #expect(throws: error) { try store.load(default: .example) }
      #expect(throws: error) { try store.save(.example) }
      #expect(directory.entries() == ["a.json", "b.json"])
    }
  }

  // MARK: Not regular files

  @Test(arguments: ["w.json", "w.json.bak", "w.json.lock"])
  func aFIFOIsRefusedWithoutBlocking(name: String) throws {
    try withTemporaryDirectory { directory in
      let store = WorkspaceStore(path: directory.file("w.json"), lockTimeout: 1)
      if name != "w.json" { try store.save(.example) }
      unlink(directory.file(name))
      mkfifo(directory.file(name), 0o600)
      let reason = "it is a FIFO, not a regular file"
      let fifo = directory.file(name)
      switch name {
      case "w.json":
        #expect(throws: WorkspaceFileError.cannotRead(fifo, reason: reason)) {
          try store.load(default: .example)
        }
        #expect(
          throws: WorkspaceStore.UpdateError<WorkspaceError>.file(.cannotRead(fifo, reason: reason))
        ) {
          try store.update(default: .example) { (state) throws(WorkspaceError) in
            try state.apply(.zoom)
          }
        }
        #expect(throws: WorkspaceFileError.cannotWrite(fifo, reason: reason)) {
          try store.save(.example)
        }
        #expect(throws: WorkspaceFileError.cannotRead(fifo, reason: reason)) {
          try store.migrate()
        }
      case "w.json.bak":
        #expect(throws: WorkspaceFileError.cannotRead(fifo, reason: reason)) {
          try store.loadBackup()
        }
        #expect(throws: WorkspaceFileError.cannotWrite(fifo, reason: reason)) {
          try store.save(try example(renamedTo: "new"))
        }
      default:
        #expect(throws: WorkspaceFileError.cannotWrite(fifo, reason: reason)) {
          try store.save(try example(renamedTo: "new"))
        }
      }
      #expect(Files.isFIFO(fifo))
    }
  }

  // MARK: Ownership

  @Test func aReplacementKeepsTheModeAndOwner() throws {
    try withTemporaryDirectory { directory in
      let store = WorkspaceStore(path: directory.file("w.json"))
      Files.create(store.path, WorkspaceFile.encode(.example), mode: 0o444)
      let isRoot = geteuid() == 0
      if isRoot { chown(store.path, 65534, 65534) }
      try store.save(try example(renamedTo: "new"))
      #expect(Files.mode(store.path) == 0o444)
      var info = stat()
      stat(store.path, &info)
      if isRoot { #expect(info.st_uid == 65534 && info.st_gid == 65534) }
    }
  }
}
