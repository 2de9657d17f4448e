import WorkspaceJSON

/// Where a session's state stands against its file.
public enum SessionStatus: Hashable, Sendable, CustomStringConvertible {
  /// The file holds everything the session holds, at this revision.
  case saved(revision: Int)
  /// Changes are not in the file yet; a save is scheduled or running.
  case saving
  /// The file is gone (deleted, or its directory removed and made again). Everything is kept
  /// in memory; the next change, or ``WorkspaceSession/flush()``, writes the file again.
  case missing
  /// The file cannot be read: nothing is written over it until the host asks
  /// (``WorkspaceSession/restoreBackup()`` or ``WorkspaceSession/overwriteCorruptFile()``).
  /// Changes are kept in memory, and adopted into the file once it reads again.
  case corrupt(WorkspaceFileError, hasBackup: Bool)
  /// The last save failed (the file is read-only, its directory is gone, another writer held
  /// the lock too long). Changes are kept in memory; the save is retried when the directory
  /// changes and every second.
  case failing(WorkspaceFileError)
  /// The file cannot hold the session's state as it is (a limit of the file, such as a title
  /// too long once escaped): retrying cannot help, so nothing is retried; changes are kept in
  /// memory, and the next change after which the state fits is saved.
  case unsavable(WorkspaceFileError)

  /// Whether a save failed and the session stops trying until something changes: a retry
  /// is scheduled (``failing(_:)``), or only a change can help (``unsavable(_:)``).
  var isStuck: Bool {
    switch self {
    case .failing, .unsavable: true
    case .saved, .saving, .missing, .corrupt: false
    }
  }

  /// Whether everything the session holds is in the file.
  public var isSaved: Bool {
    if case .saved = self { true } else { false }
  }

  /// `saved at revision 3`, `saving`, `file missing: kept in memory`, or the problem.
  public var description: String {
    switch self {
    case .saved(let revision): "saved at revision \(revision)"
    case .saving: "saving"
    case .missing: "file missing: kept in memory, written again at the next change"
    case .corrupt(let error, let hasBackup):
      "\(error)" + (hasBackup ? " (a backup is available)" : "")
        + "; kept in memory, the file is not overwritten"
    case .failing(let error): "\(error); kept in memory, retrying"
    case .unsavable(let error): "\(error); kept in memory, saved at the next change that fits"
    }
  }
}

/// What a session found when it restored its file at launch.
public struct SessionRestoration: Sendable {
  /// What the loader repaired, with JSON paths; empty for a clean file.
  public let diagnostics: [Diagnostic]
  /// Every stored token that the host's registered route types cannot read, with its JSON
  /// path; left as it is until the host calls `Workspace.repairUnreadableRoutes()`, which
  /// quarantines each (out of its stack, kept in the file) and keeps every readable route,
  /// without recording an undo step.
  public let unreadableRoutes: [Diagnostic]
  /// Every token the file held quarantined (a repair took it out of its stack before), with
  /// its JSON path: kept in the file, not shown; a repair reinstates those the host's route
  /// types now read.
  public let quarantinedRoutes: [Diagnostic]
  /// The version the file was migrated from, or `nil` if it was current.
  public let migratedFromVersion: Int?
  /// Whether the session started from the host's default: no file, or one it cannot read.
  public let isDefault: Bool
  /// Why the file could not be read, if it could not; the session then started from the
  /// default, with the status ``SessionStatus/corrupt(_:hasBackup:)``.
  public let error: WorkspaceFileError?
  /// Whether a backup of the file exists, to offer when ``error`` is set.
  public let hasBackup: Bool
}
