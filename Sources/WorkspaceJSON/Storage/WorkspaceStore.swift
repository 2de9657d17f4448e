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
public struct WorkspaceStore: Sendable {
  /// The file's path.
  public let path: String
  /// Limits against hostile files.
  public var limits: WorkspaceFileLimits
  /// How long to wait for another writer's lock, in seconds.
  public var lockTimeout: Double

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

  /// The backup of the previous version: `<file>.bak`.
  public var backupPath: String { path + ".bak" }
  /// The lock file: `<file>.lock`.
  public var lockPath: String { path + ".lock" }

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
    guard let bytes = try FileSystem.readFile(path, limit: limits.maximumFileBytes) else {
      return LoadedWorkspace(
        state: makeDefault(), diagnostics: [], migratedFromVersion: nil, isDefault: true)
    }
    return try WorkspaceFile.decode(bytes, path: path, limits: limits)
  }

  /// Reads the backup `<file>.bak`.
  ///
  /// - Throws: ``WorkspaceFileError/noBackup(_:)`` or any decoding error.
  public func loadBackup() throws(WorkspaceFileError) -> LoadedWorkspace {
    guard let bytes = try FileSystem.readFile(backupPath, limit: limits.maximumFileBytes) else {
      throw .noBackup(backupPath)
    }
    return try WorkspaceFile.decode(bytes, path: backupPath, limits: limits)
  }

  /// Saves a state atomically under the lock, keeping the previous file as the backup.
  ///
  /// The file gets the next ``WorkspaceState/revision`` (one more than the file's, or the
  /// state's if that is higher). A state the file already holds is not written: the file and
  /// its backup stay as they are.
  ///
  /// - Parameter state: The state to write.
  /// - Returns: The revision of the file afterwards.
  /// - Throws: ``WorkspaceFileError/lockTimeout(_:seconds:)`` or
  ///   ``WorkspaceFileError/cannotWrite(_:reason:)``; the previous file is then intact.
  @discardableResult
  public func save(_ state: WorkspaceState) throws(WorkspaceFileError) -> Int {
    let lock = try FileLock(path: lockPath, timeout: lockTimeout)
    defer { withExtendedLifetime(lock) {} }
    let current = try? FileSystem.readFile(path, limit: limits.maximumFileBytes)
    let stored = current.flatMap { WorkspaceFile.storedRevision(of: $0) } ?? 0
    var unchanged = state
    unchanged.revision = stored
    if let current, current == WorkspaceFile.encode(unchanged) { return stored }
    return try write(state, after: max(stored, state.revision))
  }

  /// Reads, changes and saves the workspace as one step under the lock, so that no other
  /// writer's update is lost. The file is written only if `change` changed the state.
  ///
  /// - Parameters:
  ///   - makeDefault: The workspace to start from when there is no file.
  ///   - writingAlways: Whether to write even an unchanged state (to rewrite a file in the
  ///     current format, for example).
  ///   - change: Changes the state; if it throws, nothing is written.
  /// - Returns: What `change` returned and the workspace as loaded (with its diagnostics).
  /// - Throws: A ``WorkspaceFileError`` or what `change` throws.
  @discardableResult
  public func update<Result>(
    default makeDefault: @autoclosure () -> WorkspaceState, writingAlways: Bool = false,
    _ change: (inout WorkspaceState) throws -> Result
  ) throws -> (result: Result, loaded: LoadedWorkspace) {
    var result: Result?
    let merged = try merge(default: makeDefault(), writingAlways: writingAlways) { loaded in
      var state = loaded.state
      result = try change(&state)
      return state
    }
    return (result!, merged.loaded)
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
  ///   - writingAlways: Whether to write even an unchanged state.
  ///   - resolve: The state to keep, given the file as loaded; its revision is ignored (the
  ///     store counts revisions). If it throws, nothing is written.
  /// - Returns: The state now in the file with its revision, the workspace as loaded, and
  ///   whether the file was written.
  /// - Throws: A ``WorkspaceFileError`` or what `resolve` throws.
  public func merge(
    default makeDefault: @autoclosure () -> WorkspaceState, writingAlways: Bool = false,
    _ resolve: (LoadedWorkspace) throws -> WorkspaceState
  ) throws -> (state: WorkspaceState, loaded: LoadedWorkspace, didWrite: Bool) {
    let merged = try mergeStamped(
      default: makeDefault(), writingAlways: writingAlways, resolve)
    return (merged.state, merged.loaded, merged.didWrite)
  }

  /// ``merge(default:writingAlways:_:)``, also giving the stamp of the file as it is when the
  /// lock is released, so that a watcher can tell this write from another writer's.
  package func mergeStamped(
    default makeDefault: @autoclosure () -> WorkspaceState, writingAlways: Bool = false,
    _ resolve: (LoadedWorkspace) throws -> WorkspaceState
  ) throws -> (state: WorkspaceState, loaded: LoadedWorkspace, didWrite: Bool, stamp: FileStamp?) {
    let lock = try FileLock(path: lockPath, timeout: lockTimeout)
    defer { withExtendedLifetime(lock) {} }
    let loaded = try load(default: makeDefault())
    var state = try resolve(loaded)
    state.revision = loaded.state.revision
    guard writingAlways || state != loaded.state else {
      return (loaded.state, loaded, false, FileStamp(path: path))
    }
    state.revision = try write(state, after: loaded.state.revision)
    return (state, loaded, true, FileStamp(path: path))
  }

  /// Replaces the file with its backup, after checking that the backup loads. The replaced
  /// file is kept as `<file>.before-restore`.
  ///
  /// - Returns: The restored workspace.
  /// - Throws: ``WorkspaceFileError/noBackup(_:)``, a decoding error for a bad backup, or a
  ///   write error.
  @discardableResult
  public func restoreBackup() throws(WorkspaceFileError) -> LoadedWorkspace {
    let lock = try FileLock(path: lockPath, timeout: lockTimeout)
    defer { withExtendedLifetime(lock) {} }
    let restored = try loadBackup()
    if FileSystem.exists(path) {
      try FileSystem.copy(path, over: path + ".before-restore", limit: .max)
    }
    try FileSystem.copy(backupPath, over: path, limit: limits.maximumFileBytes)
    return restored
  }

  /// Writes the state with the revision after `revision` while the caller holds the lock.
  ///
  /// - Returns: The revision written.
  private func write(_ state: WorkspaceState, after revision: Int) throws(WorkspaceFileError)
    -> Int
  {
    var state = state
    state.revision = revision + 1
    FileSystem.removeStaleTemporaries(for: path)
    try FileSystem.replace(path, with: WorkspaceFile.encode(state), backupPath: backupPath)
    return state.revision
  }
}
