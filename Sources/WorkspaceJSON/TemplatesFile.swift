import Workspace

/// A templates file: templates kept outside any workspace, such as a project's layouts checked
/// into its repository, for `wsctl --from FILE template …` and for hosts.
///
///     let library = try TemplatesFile.decode(bytes, path: ".workspace/templates.json")
///     try workspace.applyTemplate(library.template(named: "review"), parameters: ["pr": "42"])
///
/// The format (`docs/FORMAT.md`, "Templates files"; `docs/templates.schema.json`) is
/// versioned on its own: `{"format": "workspace-templates", "version": 1, "templates": […]}`,
/// each template as a workspace file stores it; version 2 adds floating panes and windows. It is read strictly, since a person writes
/// it: the first problem is an error naming its JSON path.
public enum TemplatesFile {
  /// The value of the top-level `format` member.
  public static let formatName = "workspace-templates"
  /// The newest version this package reads and writes: 2, for templates that hold floating
  /// panes or several windows; a file without them is written as version 1, which readers
  /// of version 1 read whole.
  public static let currentVersion = 2

  /// Decodes the bytes of a templates file.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - path: The file's name, for messages.
  ///   - limits: Limits against hostile files, as for a workspace file: each template's depth
  ///     and node count, string length, nesting and file size.
  /// - Returns: The templates.
  /// - Throws: ``WorkspaceFileError``: not JSON (with line and column), not a templates file,
  ///   a newer version, a malformed template or a duplicate name (with its JSON path), or an
  ///   exceeded limit.
  /// - Complexity: O(*b*), for *b* bytes.
  public static func decode(
    _ bytes: [UInt8], path: String = "templates.json", limits: WorkspaceFileLimits = .default
  ) throws(WorkspaceFileError) -> TemplateLibrary {
    let object = try WorkspaceFile.topLevelObject(bytes, path: path, limits: limits)
    guard object[.format] == .string(formatName) else {
      throw .invalid(
        path: path, location: "$.format", reason: "expected \"format\": \"\(formatName)\"")
    }
    guard let version = object[.version]?.intValue, version >= 1 else {
      throw .invalid(
        path: path, location: "$.version", reason: "expected an integer version from 1")
    }
    guard version <= currentVersion else {
      throw .newerVersion(path: path, found: version, supported: currentVersion)
    }
    let decoder = WorkspaceDecoder(file: path, limits: limits)
    return try decoder.decodeTemplatesStrictly(object[.templates], at: "$.templates")
  }

  /// Reads and decodes the templates file at a path (following symbolic links).
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - limits: Limits against hostile files.
  /// - Returns: The templates.
  /// - Throws: ``WorkspaceFileError/cannotRead(_:reason:)`` for a file that is missing, not a
  ///   regular file (a FIFO is never opened) or unreadable, or the errors of
  ///   ``decode(_:path:limits:)``.
  public static func load(
    path: String, limits: WorkspaceFileLimits = .default
  ) throws(WorkspaceFileError) -> TemplateLibrary {
    let target = try FileSystem.resolveLinks(path)
    guard let bytes = try FileSystem.readFile(target, limit: limits.maximumFileBytes) else {
      throw .cannotRead(path, reason: "no such file")
    }
    return try decode(bytes, path: path, limits: limits)
  }

  /// Writes templates as a templates file at a path, atomically, as the store saves a
  /// workspace: a temporary file beside it (created exclusively), flushed to disk, then
  /// renamed over it; a symbolic link is written at its target and stays a link.
  ///
  ///     try TemplatesFile.write(workspace.templates, to: ".workspace/templates.json")
  ///
  /// An existing file is replaced (its mode kept); callers that must not replace one check
  /// first.
  ///
  /// - Parameters:
  ///   - library: The templates.
  ///   - path: The file's path.
  /// - Throws: ``WorkspaceFileError/cannotWrite(_:reason:)`` for a path that is not a regular
  ///   file, a file or directory the process may not write, or a failed write; the file is
  ///   then as it was.
  /// - Complexity: O(*b*), for *b* bytes written.
  public static func write(_ library: TemplateLibrary, to path: String) throws(WorkspaceFileError) {
    do {
      let target = try FileSystem.resolveLinks(path)
      try FileSystem.replace(target, with: encode(library), backupPath: nil)
    } catch {
      switch error {
      case .cannotWrite(_, let reason), .cannotRead(_, let reason):
        throw .cannotWrite(path, reason: reason)
      default: throw error
      }
    }
  }

  /// The version a file of `library` states: 2 when a template holds floating panes or
  /// windows (so that a reader of version 1 refuses it rather than read it in part), else 1.
  static func version(of library: TemplateLibrary) -> Int {
    library.templates.contains(where: TemplateEncoder.needsVersion2) ? 2 : 1
  }

  /// A template as both files store it, for tools that print one as JSON.
  package static func templateValue(_ template: WorkspaceTemplate) -> JSONValue {
    TemplateEncoder.value(template)
  }

  /// Encodes templates as the bytes of a templates file, ending in a newline: the same
  /// templates give the same bytes.
  ///
  /// - Parameter library: The templates.
  /// - Returns: UTF-8 JSON.
  public static func encode(_ library: TemplateLibrary) -> [UInt8] {
    var sink = JSONWriter.ByteSink(style: .pretty, capacity: 4096)
    sink.openObject()
    sink.member(.format, formatName)
    sink.member(.version, version(of: library))
    sink.key(.templates)
    TemplateEncoder.write(library, into: &sink)
    sink.close()
    return sink.finish().makeArray()
  }
}
