import Workspace

/// The check a host's session makes before each change applies: could its file hold the
/// state the change leaves? Judged first from what the change touched, so that the exact
/// check, one encoding of the whole state, runs only where it could find something.
extension WorkspaceStore {
  /// Checks that the file could hold the state that changes left, as ``checkLimits(_:)``
  /// does, but encodes the state only when a touched node comes near a limit: a title, tab
  /// title or route token that could escape past the string limit, a stack at its depth
  /// limit, a node at the depth limit, the node limit, or changed templates.
  ///
  /// The file's size is not judged from a change: a save that would break it fails as
  /// `WorkspaceFileError.saveExceedsLimit`, which a session reports without retrying.
  ///
  /// - Parameters:
  ///   - state: The state the changes left.
  ///   - changes: The changes.
  /// - Throws: ``WorkspaceFileError/saveExceedsLimit(path:location:what:size:limit:)``.
  /// - Complexity: O(*c* · (*d* + *k*)) for *c* touched nodes of depth *d* with *k* routes;
  ///   O(*n*) for the whole state when one comes near a limit.
  package func checkLimits(
    _ state: WorkspaceState, after changes: [WorkspaceChange]
  ) throws(WorkspaceFileError) {
    if limits.mayBeBroken(in: state, by: changes) { try checkLimits(state) }
  }

  /// Checks, writing nothing, that a save of the state changes left would not be refused, as
  /// ``checkSaving(_:)`` does, but judges the limits from what the changes touched
  /// (``checkLimits(_:after:)``), encoding the whole state only near a limit or when the file
  /// is already more than half its size limit: the check a live host makes before each
  /// call applies, which a control session makes for every line.
  ///
  /// - Parameters:
  ///   - state: The state the changes left.
  ///   - changes: The changes.
  ///   - checkingFile: Whether to check the file, its backup and its lock too (`false` for a
  ///     caller that checked them a moment ago).
  ///   - known: The file's stamp as the caller last saw it, which stands for its size (a
  ///     control session's line between two checks of the file); `nil` to look.
  /// - Throws: The ``WorkspaceFileError`` the save would throw.
  /// - Complexity: That of ``checkLimits(_:after:)``, plus a few `stat` calls.
  package func checkSaving(
    _ state: WorkspaceState, after changes: [WorkspaceChange], checkingFile: Bool = true,
    known: FileStamp? = nil
  ) throws(WorkspaceFileError) {
    // The look that checks the file also gives its size; what it finds wrong is thrown after
    // the limits' errors, as ever.
    let file =
      checkingFile
      ? Result { () throws(WorkspaceFileError) in try FileSystem.resolveLinksAndLook(path) }
      : nil
    let size: Int64
    if let known {
      size = known.size
    } else if case .success(let found)? = file {
      size = found.status.map { Int64($0.st_size) } ?? 0
    } else {
      size = FileStamp(path: targetPath)?.size ?? 0
    }
    if size > Int64(limits.maximumFileBytes / 2) {
      try checkLimits(state)
    } else {
      try checkLimits(state, after: changes)
    }
    if let file {
      let found = try file.get()
      try checkFile(found.target, status: .known(found.status))
    }
  }
}

extension WorkspaceFileLimits {
  /// Whether a state may break a limit because of what changes touched in it.
  func mayBeBroken(in state: WorkspaceState, by changes: [WorkspaceChange]) -> Bool {
    if changes.contains(where: \.changedTemplates) || state.nodes.count >= maximumNodes {
      return true
    }
    // A byte escapes to at most six (`\u0001`), and a string is written with its quotes.
    let safeLength = maximumStringBytes / 6 - 2
    func isLong(_ text: String) -> Bool { text.utf8.count > safeLength }
    for id in Set(changes.lazy.flatMap(\.changedNodes)) {
      guard let node = state.node(id) else { continue }
      if isLong(node.title) || node.tabTitles.contains(where: isLong) { return true }
      if let router = node.router {
        let stacks = [router.stack.stack] + (router.stack.modal.map { [$0.stack] } ?? [])
        for stack in stacks {
          if stack.count > maximumStackDepth
            || stack.contains(where: { isLong($0.description) })
          {
            return true
          }
        }
      }
      var depth = 1
      var parent = node.parent
      while let next = parent, depth < maximumTreeDepth {
        depth += 1
        parent = state.node(next)?.parent
      }
      if depth >= maximumTreeDepth { return true }
    }
    return false
  }
}
