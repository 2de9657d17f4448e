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
  /// - Parameter state: The state to write.
  /// - Throws: ``WorkspaceFileError/lockTimeout(_:seconds:)`` or
  ///   ``WorkspaceFileError/cannotWrite(_:reason:)``; the previous file is then intact.
  public func save(_ state: WorkspaceState) throws(WorkspaceFileError) {
    let lock = try FileLock(path: lockPath, timeout: lockTimeout)
    try write(state)
    withExtendedLifetime(lock) {}
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
    let lock = try FileLock(path: lockPath, timeout: lockTimeout)
    defer { withExtendedLifetime(lock) {} }
    let loaded = try load(default: makeDefault())
    var state = loaded.state
    let result = try change(&state)
    if writingAlways || state != loaded.state {
      try write(state)
    }
    return (result, loaded)
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

  /// Writes the state while the caller holds the lock.
  private func write(_ state: WorkspaceState) throws(WorkspaceFileError) {
    FileSystem.removeStaleTemporaries(for: path)
    try FileSystem.replace(path, with: WorkspaceFile.encode(state), backupPath: backupPath)
  }
}
