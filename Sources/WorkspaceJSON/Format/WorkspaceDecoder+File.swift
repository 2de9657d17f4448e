import Workspace

extension WorkspaceDecoder {
  /// Decodes the bytes of a workspace file: in one pass when it needs no repair
  /// (``OnePassDecoder``), else by the reference path — the JSON validated and indexed in one
  /// scan, then the state read from the bytes in place, each repair reported.
  ///
  /// A file of an older version is migrated as a value (``Migration`` renames members), then
  /// read like a current one.
  ///
  /// - Parameter usesOnePass: Whether to try the one-pass decoder first; `false` takes the
  ///   reference path alone, for the tests that compare the two.
  /// - Complexity: O(*b*), for *b* bytes, plus O(*h*·*n*) to check a stored history of *h*
  ///   entries against *n* nodes.
  static func decode(
    _ bytes: [UInt8], path: String, limits: WorkspaceFileLimits, usesOnePass: Bool = true
  ) throws(WorkspaceFileError) -> LoadedWorkspace {
    guard bytes.count <= limits.maximumFileBytes else {
      throw .fileTooLarge(path, size: bytes.count, limit: limits.maximumFileBytes)
    }
    if usesOnePass, let state = OnePassDecoder.state(of: bytes, path: path, limits: limits) {
      return LoadedWorkspace(state: state)
    }
    return try read(bytes, path: path, limits: WorkspaceFile.jsonLimits(limits)) {
      root throws(WorkspaceFileError) in
      guard let object = root.objectValue else {
        throw .invalid(path: path, location: "$", reason: "expected an object")
      }
      guard object[.format]?.isString(WorkspaceFormat.name) == true else {
        throw .invalid(
          path: path, location: "$.format",
          reason: "expected \"format\": \"\(WorkspaceFormat.name)\"")
      }
      guard let version = object[.version]?.intValue else {
        throw .invalid(path: path, location: "$.version", reason: "expected an integer version")
      }
      guard version <= WorkspaceFormat.currentVersion else {
        throw .newerVersion(path: path, found: version, supported: WorkspaceFormat.currentVersion)
      }
      guard version >= WorkspaceFormat.oldestVersion else {
        throw .invalid(path: path, location: "$.version", reason: "unknown version \(version)")
      }
      var decoder = WorkspaceDecoder(file: path, limits: limits)
      let state: WorkspaceState
      if version == WorkspaceFormat.currentVersion {
        state = try decoder.decode(object)
      } else {
        // Migrated as a value and written again; the text may grow where strings are
        // escaped, so only the nesting limit applies to it.
        let (migrated, _) = Migration.migrate(object.jsonObject, from: version)
        let rewritten = JSONWriter.write(.object(migrated), style: .compact)
        let nesting = JSONLimits(
          maxDepth: WorkspaceFile.jsonLimits(limits).maxDepth, maxDocumentBytes: .max,
          maxStringBytes: .max, maxNumberLength: .max)
        state = try read(rewritten, path: path, limits: nesting) {
          root throws(WorkspaceFileError) in try decoder.decode(root.objectValue!)
        }
      }
      return LoadedWorkspace(
        state: state, diagnostics: decoder.diagnostics,
        migratedFromVersion: version == WorkspaceFormat.currentVersion ? nil : version,
        isDefault: false)
    }
  }

  /// Reads `bytes` as a ``JSONDocument`` and calls `body` with its top-level value; a JSON
  /// error becomes the file's error, with its line and column.
  private static func read<Result>(
    _ bytes: [UInt8], path: String, limits: JSONLimits,
    _ body: (JSONDocument.Value) throws(WorkspaceFileError) -> Result
  ) throws(WorkspaceFileError) -> Result {
    let result = bytes.withUnsafeBytes { buffer in
      Swift.Result { () throws(JSONDocument.ReadError<WorkspaceFileError>) -> Result in
        try JSONDocument.read(buffer, limits: limits, body)
      }
    }
    switch result {
    case .success(let value): return value
    case .failure(.body(let error)): throw error
    case .failure(.json(let error)): throw WorkspaceFileError(error, path: path)
    }
  }
}

extension WorkspaceFile {
  /// Decodes a workspace file by the reference path alone, never the one-pass decoder: for
  /// the tests and fuzz targets that check the two give the same result.
  package static func decodeByReference(
    _ bytes: [UInt8], path: String = "workspace.json", limits: WorkspaceFileLimits = .default
  ) throws(WorkspaceFileError) -> LoadedWorkspace {
    try WorkspaceDecoder.decode(bytes, path: path, limits: limits, usesOnePass: false)
  }

  /// The state the one-pass decoder reads from a workspace file, or `nil` where it leaves the
  /// file to the reference path: for the tests and fuzz targets that check the two.
  package static func decodeInOnePass(
    _ bytes: [UInt8], path: String = "workspace.json", limits: WorkspaceFileLimits = .default
  ) -> WorkspaceState? {
    guard bytes.count <= limits.maximumFileBytes else { return nil }
    return OnePassDecoder.state(of: bytes, path: path, limits: limits)
  }
}
