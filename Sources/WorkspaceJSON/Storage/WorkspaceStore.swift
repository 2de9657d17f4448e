import Workspace

/// A workspace file on disk: restore on launch, atomic save with a backup, and locked
/// read-modify-write so that concurrent writers never lose an update.
///
///     let store = WorkspaceStore(path: "workspace.json")
///     let loaded = try store.load(default: .example)     // missing file → the default
///     try store.update { state in try state.apply(.split(.horizontal)) }
///
/// Saving writes `<file>` atomically (temporary file, fsync, rename, fsync of the directory)
/// and keeps the previous version as `<file>.bak`. Writers serialise on an advisory lock on
/// `<file>.lock`.
///
/// The file is the user's:
/// - a save never writes what ``load(default:)`` would refuse (see
///   ``WorkspaceFile/encode(_:path:limits:)``);
/// - every save that writes gives the file the next `WorkspaceState.revision`, so every
///   writer counts, and a reader can tell whether the file changed since it read it;
/// - a save of the state the file already holds writes nothing, so the backup stays the last
///   *different* version (and the revision stays);
/// - a save that changes only the recorded layout size (`WorkspaceState.layoutSize`) writes
///   the file with the next revision but leaves the backup: a size is not the user's work;
/// - a symbolic link is followed (a chain of them, relative or absolute) and the file it
///   leads to is edited, with its backup, lock and temporary files beside it; the link stays
///   a link. A link to a missing file creates that file, as `echo x > link` would;
/// - a file the process may not write is refused, never replaced, and the replacement keeps
///   the file's permissions (and owner, for root);
/// - anything that is not a regular file (a FIFO, a directory, a device) is refused before
///   it is opened, as the file, its backup or its lock.
public struct WorkspaceStore: Sendable {
  /// The file's path, as given; it may be a symbolic link.
  public let path: String
  /// Limits against hostile files.
  public var limits: WorkspaceFileLimits
  /// How long to wait for another writer's lock, in seconds.
  public var lockTimeout: Double
  /// The bytes a save encodes, compares and writes at a time (see ``ReplacementStream``):
  /// small enough to stay in the processor's cache, large enough that each `write` is worth
  /// its cost, and never less than the file's head (the format, version and revision).
  var pieceSize = 1 << 18

  /// Creates a store for a file.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - limits: Limits against hostile files.
  ///   - lockTimeout: How long to wait for another writer, in seconds.
  public init(path: String, limits: WorkspaceFileLimits = .default, lockTimeout: Double = 10) {
    self.path = path
    self.limits = limits
    self.lockTimeout = lockTimeout
  }

  /// The file that is read and written: ``path`` with its symbolic links followed (``path``
  /// itself when it is not a link, or when the links cannot be followed).
  public var targetPath: String { (try? FileSystem.resolveLinks(path)) ?? path }
  /// The backup of the previous version: `<file>.bak` beside ``targetPath``.
  public var backupPath: String { targetPath + ".bak" }
  /// The lock file: `<file>.lock` beside ``targetPath``.
  public var lockPath: String { targetPath + ".lock" }

  /// Whether the file exists (a link to a missing file does not).
  public var exists: Bool { FileSystem.exists(path) }
  /// Whether a backup exists.
  public var hasBackup: Bool { FileSystem.exists(backupPath) }

  /// Restores the workspace at launch: read → parse → migrate → validate and repair.
  ///
  /// A missing file gives `makeDefault()`. A corrupt file is an error and is never
  /// overwritten by a load; offer the backup (``hasBackup``, ``loadBackup()``).
  ///
  /// - Parameter makeDefault: The workspace to start from when there is no file.
  /// - Returns: The state and the diagnostics of every repair.
  /// - Throws: ``WorkspaceFileError``.
  public func load(default makeDefault: @autoclosure () -> WorkspaceState)
    throws(WorkspaceFileError) -> LoadedWorkspace
  {
    try read(try FileSystem.resolveLinks(path), default: makeDefault())
  }

  /// Reads the backup `<file>.bak`.
  ///
  /// - Throws: ``WorkspaceFileError/noBackup(_:)`` or any decoding error.
  public func loadBackup() throws(WorkspaceFileError) -> LoadedWorkspace {
    let backupPath = try FileSystem.resolveLinks(path) + ".bak"
    guard let bytes = try FileSystem.readFile(backupPath, limit: limits.maximumFileBytes) else {
      throw .noBackup(backupPath)
    }
    return try WorkspaceFile.decode(bytes, path: backupPath, limits: limits)
  }

  /// Saves a state atomically under the lock, keeping the previous file as the backup.
  /// A state the file already holds (loaded without a repair or a migration) writes nothing
  /// and leaves the backup alone; otherwise the file gets the next revision (one more than
  /// the file's, or than the state's if higher). A file that cannot be read or decoded is
  /// replaced, as `init --force` replaces a broken file.
  ///
  /// Every save takes the same path (see `docs/ARCHITECTURE.md`, "How a save works"): the
  /// file is read and decoded under the lock, the state to keep is compared with it, and a
  /// state that differs is encoded a piece at a time (256 KiB) into a temporary file, written
  /// on a second thread, that then replaces the file.
  ///
  /// - Parameter state: The state to write.
  /// - Returns: Whether the file was written.
  /// - Throws: ``WorkspaceFileError/saveExceedsLimit(path:location:what:size:limit:)`` for a
  ///   state whose file the loader would refuse,
  ///   ``WorkspaceFileError/lockTimeout(_:seconds:)`` or
  ///   ``WorkspaceFileError/cannotWrite(_:reason:)``; nothing was then written.
  /// - Complexity: O(*n* + *k*) time for *n* nodes and *k* routes (a restore of the old file
  ///   besides), O(`pieceSize`) memory beyond the two states.
  @discardableResult
  public func save(_ state: WorkspaceState) throws(WorkspaceFileError) -> Bool {
    let target = try FileSystem.resolveLinks(path)
    try FileSystem.checkReplaceable(target)
    let lock = try FileLock(path: target + ".lock", timeout: lockTimeout)
    defer { withExtendedLifetime(lock) {} }
    let bytes = (try? FileSystem.readFile(target, limit: limits.maximumFileBytes)) ?? nil
    let loaded = bytes.flatMap { try? WorkspaceFile.decode($0, path: path, limits: limits) }
    if let loaded, loaded.holds(state, asWritten: true) { return false }
    // A file that does not decode still has its revision counted, where a parse finds one.
    let storedRevision =
      loaded?.state.revision ?? bytes.flatMap(WorkspaceFile.storedRevision(of:)) ?? 0
    try write(
      state, to: target, storedRevision: storedRevision,
      keepingBackup: loaded?.changesOnlyLayoutSize(to: state) ?? false
    ).replaced?.release()
    return true
  }

  /// Reads, changes and saves the workspace as one step under the lock, so that no other
  /// writer's update is lost. The file is written only if `change` changed the state.
  ///
  /// - Parameters:
  ///   - makeDefault: The workspace to start from when there is no file.
  ///   - change: Changes the state; if it throws, nothing is written.
  /// - Returns: What `change` returned and the workspace as loaded (with its diagnostics).
  /// - Throws: ``UpdateError/file(_:)`` with the ``WorkspaceFileError``, or
  ///   ``UpdateError/change(_:)`` with what `change` threw; nothing was then written.
  @discardableResult
  public func update<Result, ChangeError: Error>(
    default makeDefault: @autoclosure () -> WorkspaceState,
    _ change: (inout WorkspaceState) throws(ChangeError) -> Result
  ) throws(UpdateError<ChangeError>) -> (result: Result, loaded: LoadedWorkspace) {
    var result: Result?
    let saved = try save(default: makeDefault()) { (loaded) throws(ChangeError) in
      var state = loaded.state
      result = try change(&state)
      return state
    }
    return (result!, saved.loaded)
  }

  /// Reads the file under the lock, lets `resolve` decide the state to keep from what is
  /// there, and writes that state if it differs, with the next revision: the step a host
  /// that merges its own changes with other writers' takes for each save.
  ///
  ///     let merged = try store.merge(default: base) { loaded in
  ///       loaded.state == base ? mine : replay(pending, on: loaded.state)
  ///     }
  ///
  /// - Parameters:
  ///   - makeDefault: The workspace to start from when there is no file.
  ///   - resolve: The state to keep, given the file as loaded; its revision is ignored (the
  ///     store counts revisions). If it throws, nothing is written.
  /// - Returns: The state now in the file with its revision, the workspace as loaded, and
  ///   whether the file was written.
  /// - Throws: ``UpdateError/file(_:)`` or ``UpdateError/change(_:)`` with what `resolve`
  ///   threw; nothing was then written.
  public func merge<ResolveError: Error>(
    default makeDefault: @autoclosure () -> WorkspaceState,
    _ resolve: (LoadedWorkspace) throws(ResolveError) -> WorkspaceState
  ) throws(UpdateError<ResolveError>) -> (
    state: WorkspaceState, loaded: LoadedWorkspace, didWrite: Bool
  ) {
    let saved = try save(default: makeDefault(), resolving: resolve)
    return (saved.state, saved.loaded, saved.didWrite)
  }

  /// What a save that resolves its state from the file did: the state now in the file with
  /// its revision, the workspace as loaded, whether the file was written, and the file's stamp
  /// as it is when the lock is released, so that a watcher can tell this write from another
  /// writer's.
  package struct Saved {
    package var state: WorkspaceState
    package var loaded: LoadedWorkspace
    package var didWrite: Bool
    package var stamp: FileStamp?
  }

  /// Reads the file under the lock, lets `resolve` decide the state to keep from what is
  /// there, and writes that state if it differs, with the next revision: the one step behind
  /// ``update(default:_:)`` and ``merge(default:_:)``, and each save of a host. With
  /// `writingWhenMissing`, a missing file is written even with the default's state.
  ///
  /// `written` is the file a caller wrote itself with this step: its stamp as the step
  /// returned it, and the state it returned. While the file still has that stamp (no other
  /// writer replaced or changed it), it holds exactly that state, so it is not read again;
  /// and the one look that found the stamp serves the write's checks of the file (a regular
  /// file, writable) and its copy of the file's mode and owner.
  ///
  /// `whenHeld` runs once the file holds the state to keep (the write durable: written,
  /// flushed, renamed, the directory flushed; or nothing to write), still under the lock,
  /// before the step's own tidying: the replaced backup's storage freed, the new stamp read,
  /// the lock let go. A caller acknowledging the change there answers without waiting for
  /// those. It does not run when the step throws.
  ///
  /// - Throws: ``UpdateError/file(_:)`` (a file that cannot be read or decoded is refused,
  ///   never replaced) or ``UpdateError/change(_:)`` with what `resolve` threw; nothing was
  ///   then written.
  package func save<ResolveError: Error>(
    default makeDefault: @autoclosure () -> WorkspaceState, writingWhenMissing: Bool = false,
    written: (stamp: FileStamp, state: WorkspaceState)? = nil,
    whenHeld: () -> Void = {},
    resolving resolve: (LoadedWorkspace) throws(ResolveError) -> WorkspaceState
  ) throws(UpdateError<ResolveError>) -> Saved {
    let target: String
    let lock: FileLock
    let loaded: LoadedWorkspace
    // The file as found under the lock, when it is the caller's own write.
    var own = FileStatus.unknown
    do {
      target = try readableTarget()
      lock = try FileLock(path: target + ".lock", timeout: lockTimeout)
      if let written, let found = FileStatus.stamped(written.stamp, at: target) {
        own = found
        loaded = LoadedWorkspace(
          state: written.state, diagnostics: [], migratedFromVersion: nil, isDefault: false)
      } else {
        loaded = try read(target, default: makeDefault())
      }
    } catch {
      throw .file(error)
    }
    defer { withExtendedLifetime(lock) {} }
    var state: WorkspaceState
    do {
      state = try resolve(loaded)
    } catch {
      throw .change(error)
    }
    guard !loaded.holds(state, asWritten: false) || writingWhenMissing && loaded.isDefault
    else {
      whenHeld()
      return Saved(
        state: loaded.state, loaded: loaded, didWrite: false,
        stamp: own.stamp ?? FileStamp(path: target))
    }
    let wrote: (revision: Int, replaced: ReplacedBackup?, stamp: FileStamp?)
    do {
      wrote = try write(
        state, to: target, storedRevision: loaded.state.revision,
        keepingBackup: loaded.changesOnlyLayoutSize(to: state),
        status: own)
    } catch {
      throw .file(error)
    }
    state.revision = wrote.revision
    whenHeld()
    wrote.replaced?.release()
    // The stamp of the file this step wrote, read before the rename: a writer that renamed
    // another file over it since (an editor takes no lock) is told apart by the next look.
    return Saved(
      state: state, loaded: loaded, didWrite: true,
      stamp: wrote.stamp ?? FileStamp(path: target))
  }

  /// Rewrites the file in the current version of the format, with the loader's repairs, under
  /// the lock; a file that already holds exactly those bytes is left alone (and so is its
  /// backup).
  ///
  /// - Returns: The workspace as loaded (with its diagnostics and the version it was migrated
  ///   from) and whether the file was written.
  /// - Throws: ``WorkspaceFileError/cannotRead(_:reason:)`` for a missing file, or any
  ///   ``WorkspaceFileError`` of loading or saving; nothing was then written.
  /// - Complexity: O(*b*) time and memory, for a file of *b* bytes: its bytes and their
  ///   rewrite are compared whole.
  @discardableResult
  public func migrate(dryRun: Bool = false) throws(WorkspaceFileError) -> (
    loaded: LoadedWorkspace, isRewritten: Bool
  ) {
    let target = try readableTarget()
    let lock = dryRun ? nil : try FileLock(path: target + ".lock", timeout: lockTimeout)
    defer { withExtendedLifetime(lock) {} }
    guard let current = try FileSystem.readFile(target, limit: limits.maximumFileBytes) else {
      throw .cannotRead(path, reason: "no such file")
    }
    let loaded = try WorkspaceFile.decode(current, path: path, limits: limits)
    // The file as the encoder writes it at the file's own revision: equal bytes need nothing.
    guard try WorkspaceFile.encode(loaded.state, path: path, limits: limits) != current else {
      return (loaded, false)
    }
    if dryRun {
      try checkSaving(nil)
    } else {
      try write(loaded.state, to: target, storedRevision: loaded.state.revision)
        .replaced?.release()
    }
    return (loaded, true)
  }

  /// Checks, writing nothing (not even the lock file), that a save would not be refused: the
  /// state, if given, encodes within the limits; the file, its backup and its lock are
  /// regular files or missing; and the file and its directory may be written. For dry runs.
  ///
  /// - Parameter state: The state that would be saved, or `nil` to check only the file.
  /// - Throws: The ``WorkspaceFileError`` the save would throw for any of these.
  public func checkSaving(_ state: WorkspaceState?) throws(WorkspaceFileError) {
    let (target, status) = try FileSystem.resolveLinksAndLook(path)
    if let state { try checkLimits(state) }
    try checkFile(target, status: .known(status))
  }

  /// Checks the file at `target` (its links followed) as ``checkSaving(_:)`` does, from what
  /// was found there a moment ago.
  func checkFile(_ target: String, status: FileStatus) throws(WorkspaceFileError) {
    try FileSystem.checkReplaceable(target, status: status)
    for companion in [target + ".bak", target + ".lock"] {
      if let kind = FileSystem.nonRegularKind(at: companion) {
        throw .cannotWrite(companion, reason: FileSystem.notRegular(kind))
      }
    }
  }

  /// Checks, touching no file, that the file could hold a state: it encodes within the
  /// limits the loader reads back (string lengths once escaped, depth, size).
  ///
  /// - Throws: ``WorkspaceFileError/saveExceedsLimit(path:location:what:size:limit:)``.
  /// - Complexity: O(*n* + *k*), for *n* nodes and *k* routes: one encoding.
  package func checkLimits(_ state: WorkspaceState) throws(WorkspaceFileError) {
    _ = try WorkspaceFile.encode(state, path: path, limits: limits)
  }

  /// Replaces the file with its backup, after checking that the backup loads. The replaced
  /// file is kept as `<file>.before-restore`.
  ///
  /// - Returns: The restored workspace.
  /// - Throws: ``WorkspaceFileError/noBackup(_:)``, a decoding error for a bad backup, or a
  ///   write error; nothing was then written.
  @discardableResult
  public func restoreBackup() throws(WorkspaceFileError) -> LoadedWorkspace {
    let target = try FileSystem.resolveLinks(path)
    try FileSystem.checkReplaceable(target)
    let lock = try FileLock(path: target + ".lock", timeout: lockTimeout)
    defer { withExtendedLifetime(lock) {} }
    let restored = try loadBackup()
    if FileSystem.exists(target) {
      try FileSystem.copy(target, over: target + ".before-restore", limit: .max)
    }
    try FileSystem.copy(target + ".bak", over: target, limit: limits.maximumFileBytes)
    return restored
  }

  /// The file with its links followed, refused (before anything is locked or opened) if it
  /// exists and is not a regular file.
  private func readableTarget() throws(WorkspaceFileError) -> String {
    let (target, status) = try FileSystem.resolveLinksAndLook(path)
    if let status, let kind = FileSystem.kind(of: status.st_mode) {
      throw .cannotRead(target, reason: FileSystem.notRegular(kind))
    }
    return target
  }

  /// Reads and decodes the file at `target`, or gives the default when it is missing.
  private func read(_ target: String, default makeDefault: @autoclosure () -> WorkspaceState)
    throws(WorkspaceFileError) -> LoadedWorkspace
  {
    guard let bytes = try FileSystem.readFile(target, limit: limits.maximumFileBytes) else {
      return LoadedWorkspace(
        state: makeDefault(), diagnostics: [], migratedFromVersion: nil, isDefault: true)
    }
    return try WorkspaceFile.decode(bytes, path: path, limits: limits)
  }

  /// Writes the state to `target` with the revision after both its own and `storedRevision`
  /// (the file's) while the caller holds the lock.
  ///
  /// The encoder writes the file through a small buffer into a ``ReplacementStream`` (on a
  /// queue of its own, through a ``BackgroundStream``), which appends each piece to a
  /// temporary file; the temporary file then replaces the file. With `keepingBackup`, the
  /// backup is left as it is instead of becoming the replaced file. `status` is what the
  /// caller found of the file under the lock, if it looked.
  ///
  /// - Returns: The revision written, the replaced backup for the caller to release once the
  ///   save is acknowledged, and the new file's stamp.
  @discardableResult
  private func write(
    _ state: WorkspaceState, to target: String, storedRevision: Int, keepingBackup: Bool = false,
    status: FileStatus = .unknown
  ) throws(WorkspaceFileError) -> (revision: Int, replaced: ReplacedBackup?, stamp: FileStamp?) {
    var written = state
    written.revision = max(storedRevision, state.revision) + 1
    let backupPath = keepingBackup ? nil : target + ".bak"
    FileSystem.removeStaleTemporariesIfDue(for: target)
    let stream = ReplacementStream(
      replacing: target, status: status, maximumBytes: limits.maximumFileBytes)
    let background = BackgroundStream(to: stream)
    do {
      try WorkspaceFile.encode(
        written, path: path, limits: limits, to: background, pieceSize: pieceSize)
      background.finish()
    } catch {
      background.finish()
      stream.discard()
      throw error
    }
    let temporary = try stream.finish()
    let replaced = try FileSystem.commit(temporary, over: target, backupPath: backupPath)
    return (written.revision, replaced, temporary.stamp)
  }
}

extension LoadedWorkspace {
  /// Whether the file as loaded already holds `state` (whatever their revisions): a save of
  /// it writes nothing. `asWritten` also asks that the file exists and needed no repair or
  /// migration, as a save of a whole state does; a merge leaves a missing file missing and
  /// keeps what the loader repaired in memory until a change is saved.
  fileprivate func holds(_ state: WorkspaceState, asWritten: Bool) -> Bool {
    guard !asWritten || !isDefault && diagnostics.isEmpty && migratedFromVersion == nil else {
      return false
    }
    var same = state
    same.revision = self.state.revision
    return same == self.state
  }

  /// Whether `state` differs from the file as loaded only in its recorded layout size, and the
  /// file needed no repair or migration (whose rewrite changes more than the size, so the old
  /// file becomes the backup as usual).
  fileprivate func changesOnlyLayoutSize(to state: WorkspaceState) -> Bool {
    guard !isDefault, diagnostics.isEmpty, migratedFromVersion == nil else { return false }
    var sameWork = self.state
    sameWork.layoutSize = state.layoutSize
    sameWork.revision = state.revision
    return sameWork == state
  }
}
