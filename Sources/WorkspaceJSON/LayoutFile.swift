import Workspace

/// A layout file: one template — a whole workspace of tabs (or of several windows), or one
/// tab — in a terse JSON spelling people write by hand, as tmuxp and Zellij users write
/// theirs, and that `wsctl save-layout` writes back the same way.
///
///     {
///       "layout": "dev",
///       "tabs": [
///         {"tab": "{project}", "weights": [0.7, 0.3], "v": [
///           {"h": [
///             {"title": "Editor", "route": "ide/file:Sources/{project}/main.swift"},
///             {"title": "Tests", "route": "ide/folder:Tests"}
///           ]},
///           {"title": "Terminal", "route": "ide/shell:{project}"}
///         ]}
///       ]
///     }
///
/// It is a second spelling of `WorkspaceTemplate`, lossless both ways: every template
/// (scope, titles, weights, routers' kinds and limits, floating panes, windows, kept members)
/// converts to a layout and back unchanged, but for the kept members of a floating layer and
/// of a floating pane's entry (the latter are written as its pane's). The format is in
/// `docs/FORMAT.md` ("Layout files") and its JSON Schema in `docs/layout.schema.json`. It is read strictly, since a person writes it: the first problem
/// is an error naming its JSON path in the layout's own spelling (`$.tabs[0].v[1].route`).
public enum LayoutFile {
  /// The newest version this package reads: 2, which adds floating panes and windows. A
  /// layout may state its version (`"version": 1`); `save-layout` writes `"version": 2` for a
  /// layout that holds floating panes or windows, so that a reader of version 1 refuses it
  /// rather than read it in part, and no version otherwise.
  public static let currentVersion = 2

  /// Decodes the bytes of a layout file.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - path: The file's name, for messages.
  ///   - limits: Limits against hostile files, as for a workspace file.
  /// - Returns: The template.
  /// - Throws: ``WorkspaceFileError``: not JSON (with line and column), a newer version, or
  ///   the first problem of the layout with its JSON path, or an exceeded limit.
  /// - Complexity: O(*b*), for *b* bytes.
  public static func decode(
    _ bytes: [UInt8], path: String = "layout.json", limits: WorkspaceFileLimits = .default
  ) throws(WorkspaceFileError) -> WorkspaceTemplate {
    let object = try WorkspaceFile.topLevelObject(bytes, path: path, limits: limits)
    return try WorkspaceDecoder(file: path, limits: limits).decodeLayout(object)
  }

  /// The templates of a file that is either a templates file (a `format` other than
  /// `workspace-layout`, or `templates` without one) or a layout file (a library of its one
  /// template): what `wsctl --from FILE` reads.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - limits: Limits against hostile files.
  /// - Throws: ``WorkspaceFileError/cannotRead(_:reason:)`` for a file that is missing, not a
  ///   regular file or unreadable, or the errors of decoding it.
  public static func loadTemplates(
    path: String, limits: WorkspaceFileLimits = .default
  ) throws(WorkspaceFileError) -> TemplateLibrary {
    let bytes = try read(path, limits: limits)
    let object = try WorkspaceFile.topLevelObject(bytes, path: path, limits: limits)
    // A layout states no format, or its own; anything else is read (and refused) as a
    // templates file, whose messages name what it expects.
    if let format = object[.format], format != .string(LayoutKey.formatName) {
      return try TemplatesFile.decode(bytes, path: path, limits: limits)
    }
    if object[.format] == nil, object[.templates] != nil {
      return try TemplatesFile.decode(bytes, path: path, limits: limits)
    }
    let template = try WorkspaceDecoder(file: path, limits: limits).decodeLayout(object)
    do {
      return try TemplateLibrary([template])
    } catch {
      preconditionFailure("one template has one name")
    }
  }

  /// Encodes a template as a layout file, ending in a newline: containers over several
  /// lines, each pane on one; the same template gives the same bytes.
  ///
  /// - Parameter template: The template.
  /// - Returns: UTF-8 JSON.
  /// - Complexity: O(*n*), for *n* nodes.
  public static func encode(_ template: WorkspaceTemplate) -> [UInt8] {
    Array(LayoutEncoder.text(of: template).utf8)
  }

  /// Writes a template as a layout file at a path, atomically (a temporary file beside it,
  /// flushed, renamed over it; a link is written at its target), as templates files are.
  ///
  /// - Throws: ``WorkspaceFileError/cannotWrite(_:reason:)``; the file is then as it was.
  public static func write(_ template: WorkspaceTemplate, to path: String)
    throws(WorkspaceFileError)
  {
    do {
      let target = try FileSystem.resolveLinks(path)
      try FileSystem.replace(target, with: encode(template), backupPath: nil)
    } catch {
      switch error {
      case .cannotWrite(_, let reason), .cannotRead(_, let reason):
        throw .cannotWrite(path, reason: reason)
      default: throw error
      }
    }
  }

  private static func read(
    _ path: String, limits: WorkspaceFileLimits
  ) throws(WorkspaceFileError) -> [UInt8] {
    let target = try FileSystem.resolveLinks(path)
    guard let bytes = try FileSystem.readFile(target, limit: limits.maximumFileBytes) else {
      throw .cannotRead(path, reason: "no such file")
    }
    return bytes
  }
}
