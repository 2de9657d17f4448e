import Foundation
import Testing
import WorkspaceTestSupport

/// What one run of `wsctl` printed and how it ended.
typealias RunResult = ProcessResult

extension ProcessResult {
  /// Standard output parsed as JSON.
  func json(sourceLocation: SourceLocation = #_sourceLocation) throws -> Any {
    do {
      return try JSONSerialization.jsonObject(with: Data(stdout.utf8))
    } catch {
      Issue.record("stdout is not JSON: \(error)\n\(self)", sourceLocation: sourceLocation)
      throw error
    }
  }

  /// Standard output parsed as a JSON object.
  func jsonObject(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    try #require(
      try json(sourceLocation: sourceLocation) as? [String: Any], "\(self)",
      sourceLocation: sourceLocation)
  }

  /// Standard output parsed as a JSON array of objects.
  func jsonArray(sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
    try #require(
      try json(sourceLocation: sourceLocation) as? [[String: Any]], "\(self)",
      sourceLocation: sourceLocation)
  }
}

extension RunResult {
  /// Standard output parsed as a stream of JSON documents, as `--json` prints one per
  /// inspection and one for the edits, in order (the way `jq` reads a stream).
  func jsonDocuments(sourceLocation: SourceLocation = #_sourceLocation) throws -> [Any] {
    var documents: [Any] = []
    var pending = ""
    for line in stdoutLines {
      pending += line + "\n"
      // A document ends on a line that is not indented; try to parse it there.
      guard let first = line.first, first != " " else { continue }
      if let document = try? JSONSerialization.jsonObject(
        with: Data(pending.utf8), options: .fragmentsAllowed)
      {
        documents.append(document)
        pending = ""
      }
    }
    #expect(
      pending.isEmpty, "trailing text that is not JSON: \(pending)", sourceLocation: sourceLocation)
    return documents
  }
}
