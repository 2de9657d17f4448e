import Workspace

/// A workspace read from bytes: the state, what was repaired, and whether it was migrated.
public struct LoadedWorkspace: Sendable {
  /// The restored state.
  public let state: WorkspaceState
  /// What the loader repaired or passed over, with JSON paths; empty for a clean file.
  public let diagnostics: [Diagnostic]
  /// The version the file was migrated from, or `nil` if it was current.
  public let migratedFromVersion: Int?
  /// Whether the state is the host's default because the file did not exist.
  public let isDefault: Bool

  /// Creates a loaded workspace, for code that restores from one (a host's launch logic)
  /// and its tests; ``WorkspaceFile/decode(_:path:limits:)`` makes one from a file's bytes.
  ///
  /// - Parameters:
  ///   - state: The restored state.
  ///   - diagnostics: What the loader repaired or passed over.
  ///   - migratedFromVersion: The version the file was migrated from, if any.
  ///   - isDefault: Whether the state is the default for a missing file.
  public init(
    state: WorkspaceState, diagnostics: [Diagnostic] = [], migratedFromVersion: Int? = nil,
    isDefault: Bool = false
  ) {
    self.state = state
    self.diagnostics = diagnostics
    self.migratedFromVersion = migratedFromVersion
    self.isDefault = isDefault
  }
}

/// The workspace file format: bytes to state and back.
///
///     let bytes = WorkspaceFile.encode(state)
///     let loaded = try WorkspaceFile.decode(bytes)
///
/// Encoding is deterministic (same state, same bytes): 2-space indented JSON with members in
/// a fixed order. Decoding runs parse → migrate → validate and repair; see `docs/FORMAT.md`.
public enum WorkspaceFile {
  /// Encodes a state as the bytes of a workspace file, ending in a newline.
  ///
  /// - Parameter state: The state.
  /// - Returns: UTF-8 JSON.
  /// - Complexity: O(*n* + *k*), for *n* nodes and *k* routes.
  public static func encode(_ state: WorkspaceState) -> [UInt8] {
    WorkspaceEncoder.bytes(state).makeArray()
  }

  /// Encodes a state as ``encode(_:)`` does, refusing one whose file
  /// ``decode(_:path:limits:)`` would refuse under the same limits: never write what cannot
  /// be read back.
  ///
  /// The check is on what is written: the tree's depth, node count and stack depths, then
  /// every string as escaped (a title of control characters grows sixfold), the nesting of
  /// kept unknown members inside history entries, and the size of the indented file.
  ///
  /// - Parameters:
  ///   - state: The state.
  ///   - path: The file's name, for messages.
  ///   - limits: The limits the file must meet.
  /// - Returns: UTF-8 JSON that `decode` reads back under `limits`.
  /// - Throws: ``WorkspaceFileError/saveExceedsLimit(path:location:what:size:limit:)`` naming
  ///   the JSON path of the first offending value and the limit.
  /// - Complexity: O(*n* + *k*), for *n* nodes and *k* routes.
  public static func encode(
    _ state: WorkspaceState, path: String = "workspace.json", limits: WorkspaceFileLimits
  ) throws(WorkspaceFileError) -> [UInt8] {
    try checkTree(of: state, path: path, limits: limits)
    let emitter = WorkspaceEncoder.bytes(state)
    try checkText(emitter, of: state, path: path, limits: limits)
    return emitter.makeArray()
  }

  /// Encodes a state as ``encode(_:path:limits:)`` does, handing the bytes to `stream` in
  /// pieces of about `pieceSize` bytes instead of returning them: a save writes a long file
  /// through one small buffer.
  ///
  /// The tree's limits are checked before the first piece; the limits of the text (strings,
  /// nesting, size) only once every piece is written, so a stream must hold what it was
  /// given until this returns: a throw means the pieces must not be used.
  ///
  /// - Throws: ``WorkspaceFileError/saveExceedsLimit(path:location:what:size:limit:)``, as
  ///   ``encode(_:path:limits:)`` throws it.
  /// - Complexity: O(*n* + *k*), for *n* nodes and *k* routes.
  static func encode(
    _ state: WorkspaceState, path: String, limits: WorkspaceFileLimits,
    to stream: any JSONByteStream, pieceSize: Int
  ) throws(WorkspaceFileError) {
    try checkTree(of: state, path: path, limits: limits)
    let emitter = WorkspaceEncoder.stream(state, to: stream, pieceSize: pieceSize)
    try checkText(emitter, of: state, path: path, limits: limits)
  }

  /// Refuses a state whose tree breaks a limit of the decoder's.
  private static func checkTree(
    of state: WorkspaceState, path: String, limits: WorkspaceFileLimits
  ) throws(WorkspaceFileError) {
    if let (location, what, size, limit) = WorkspaceEncoder.treeViolation(
      in: state, limits: limits)
    {
      throw .saveExceedsLimit(path: path, location: location, what: what, size: size, limit: limit)
    }
  }

  /// Refuses the text an emitter wrote for `state` if it breaks a limit of the reader's.
  private static func checkText(
    _ emitter: borrowing JSONWriter.Emitter, of state: WorkspaceState, path: String,
    limits: WorkspaceFileLimits
  ) throws(WorkspaceFileError) {
    do {
      try JSONWriter.check(emitter, against: jsonLimits(limits)) { WorkspaceEncoder.value(state) }
    } catch {
      let what =
        switch error.kind {
        case .nestingDepth: "nesting depth"
        case .stringLength: "escaped string length"
        case .documentSize: "file size"
        }
      throw .saveExceedsLimit(
        path: path, location: error.location, what: what, size: error.size, limit: error.limit)
    }
  }

  /// The limits of the JSON text of a file under `limits`: the nesting of the deepest tree
  /// with room for the members around it, the file size and the string length.
  static func jsonLimits(_ limits: WorkspaceFileLimits) -> JSONLimits {
    JSONLimits(
      maxDepth: 2 * limits.maximumTreeDepth + 16, maxDocumentBytes: limits.maximumFileBytes,
      maxStringBytes: limits.maximumStringBytes)
  }

  /// Decodes the bytes of a workspace file.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - path: The file's name, for messages.
  ///   - limits: Limits against hostile files.
  /// - Returns: The state with the diagnostics of every repair.
  /// - Throws: ``WorkspaceFileError`` for what cannot be repaired: not JSON (with line and
  ///   column), not a workspace, a newer version, or an exceeded limit.
  /// - Complexity: O(*b*), for *b* bytes, plus O(*h*·*n*) to check a stored history of *h*
  ///   entries against *n* nodes.
  public static func decode(
    _ bytes: [UInt8], path: String = "workspace.json", limits: WorkspaceFileLimits = .default
  ) throws(WorkspaceFileError) -> LoadedWorkspace {
    try WorkspaceDecoder.decode(bytes, path: path, limits: limits)
  }

  /// The top-level object of a file's bytes as a value (for a templates file, which is small),
  /// read under `limits`: the file size, then JSON syntax (line and column), nesting and
  /// string length, as ``decode(_:path:limits:)`` reads a workspace file.
  static func topLevelObject(
    _ bytes: [UInt8], path: String, limits: WorkspaceFileLimits
  ) throws(WorkspaceFileError) -> JSONObject {
    guard bytes.count <= limits.maximumFileBytes else {
      throw .fileTooLarge(path, size: bytes.count, limit: limits.maximumFileBytes)
    }
    let value: JSONValue
    do {
      value = try JSONReader.parse(bytes, limits: jsonLimits(limits))
    } catch {
      throw WorkspaceFileError(error, path: path)
    }
    guard case .object(let object) = value else {
      throw .invalid(path: path, location: "$", reason: "expected an object")
    }
    return object
  }

  /// The revision a file's bytes store, without decoding the workspace: 0 for a file without
  /// one (version 1 and older), `nil` for bytes that are not a workspace file's JSON.
  ///
  /// - Complexity: O(*b*), for *b* bytes (a parse, no decoding).
  static func storedRevision(of bytes: [UInt8]) -> Int? {
    let revision = bytes.withUnsafeBytes { buffer in
      try? JSONDocument.read(buffer) { root -> Int? in
        guard let object = root.objectValue,
          object[.format]?.isString(WorkspaceFormat.name) == true
        else { return nil }
        return object[.revision]?.intValue.map { max(0, $0) } ?? 0
      }
    }
    return revision ?? nil
  }

  /// A node and everything in it as the file writes it, for tools that print parts of a
  /// workspace as JSON.
  package static func nodeValue(_ id: NodeID, in state: WorkspaceState) -> JSONValue {
    WorkspaceEncoder.nestedNodeValue(id, in: state)
  }

  /// A stored router as the file writes it.
  package static func routerValue(_ router: RouterState) -> JSONValue {
    WorkspaceEncoder.routerValue(router)
  }
}

extension WorkspaceFileError {
  /// The file's error for a JSON error: an exceeded nesting or string limit, else not JSON,
  /// each with the line and column.
  init(_ error: JSONParseError, path: String) {
    let location = "line \(error.line), column \(error.column)"
    switch error.reason {
    case .depthLimitExceeded(let limit):
      self = .limitExceeded(path: path, location: location, what: "nesting depth", limit: limit)
    case .stringTooLong(let limit):
      self = .limitExceeded(path: path, location: location, what: "string length", limit: limit)
    default:
      self = .notJSON(
        path: path, line: error.line, column: error.column, offset: error.offset,
        reason: error.reason.message)
    }
  }
}
