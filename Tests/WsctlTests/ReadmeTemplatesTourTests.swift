import Foundation
import Testing

/// The README's templates tour, run line by line on `Samples/Workspaces/templates.json`: each
/// `$ wsctl …` line runs, and what it prints (standard output, then standard error) is the
/// lines below it.
@Suite struct ReadmeTemplatesTourTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The tour's commands (the words after `wsctl`) and what each prints.
  static func tour() async throws -> [(words: [String], printed: String)] {
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.firstRange(of: "<!-- templates tour: checked"))
    let open = try #require(readme[start.upperBound...].firstRange(of: "```console\n"))
    let close = try #require(readme[open.upperBound...].firstRange(of: "```\n"))
    var steps: [(words: [String], printed: String)] = []
    for line in readme[open.upperBound..<close.lowerBound].split(separator: "\n") {
      if line.hasPrefix("$ wsctl ") {
        steps.append((try words(String(line.dropFirst("$ wsctl ".count))), ""))
      } else {
        steps[steps.count - 1].printed += line + "\n"
      }
    }
    return steps
  }

  /// A line's words: split at spaces, `'…'` quoting one word.
  private static func words(_ line: String) throws -> [String] {
    var words: [String] = []
    var current = ""
    var isQuoted = false
    for character in line {
      if character == "'" {
        isQuoted.toggle()
      } else if character == " ", !isQuoted {
        if !current.isEmpty { words.append(current) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  @Test func theTourPrintsWhatTheREADMEShows() async throws {
    let sandbox = try Sandbox()
    let templates = Self.root.appendingPathComponent("Samples/Workspaces/templates.json").path
    let steps = try await Self.tour()
    #expect(steps.count == 6)
    for (words, printed) in steps {
      let arguments = words.map { $0 == "Samples/Workspaces/templates.json" ? templates : $0 }
      let result = try await sandbox.run(arguments, environment: ["COLUMNS": nil, "LINES": nil])
      #expect(result.stdout + result.stderr == printed, "\(words)")
      #expect(result.status == (result.stderr.isEmpty ? 0 : 64), "\(words)")
    }
  }
}
