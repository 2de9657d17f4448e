/// The names and versions of the workspace file format (see `docs/FORMAT.md`).
public enum WorkspaceFormat {
  /// The value of the top-level `format` member.
  public static let name = "workspace"
  /// The version this package writes, and the newest it reads.
  public static let currentVersion = 3
  /// The oldest version this package migrates forward.
  public static let oldestVersion = 0
}
