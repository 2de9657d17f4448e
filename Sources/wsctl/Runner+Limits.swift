import Workspace
import WorkspaceJSON

extension WorkspaceState {
  /// Why the file of this state would exceed a limit of `limits`, or `nil` if it would not.
  ///
  /// The loader refuses a file past its limits (tree depth, node count, string length), so
  /// `wsctl` checks an edited state before saving it: it never writes a file it could not
  /// read back. Route tokens need no check here: the grammar already bounds them.
  ///
  /// - Complexity: O(*n*) for *n* nodes in the tree.
  func exceededFileLimit(_ limits: WorkspaceFileLimits) -> String? {
    var count = 0
    var pending = [(rootID, 1)]
    while let (id, depth) = pending.popLast() {
      count += 1
      guard depth <= limits.maximumTreeDepth else {
        return "panes nested \(depth) deep exceed the file's limit of \(limits.maximumTreeDepth)"
      }
      guard count <= limits.maximumNodes else {
        return "more than \(limits.maximumNodes) nodes exceed the file's limit"
      }
      guard let node = node(id) else { continue }
      for title in [node.title] + node.tabTitles
      where title.utf8.count > limits.maximumStringBytes {
        return "a title of \(title.utf8.count) bytes exceeds the file's limit of "
          + "\(limits.maximumStringBytes)"
      }
      pending += node.children.map { ($0, depth + 1) }
    }
    return nil
  }
}
