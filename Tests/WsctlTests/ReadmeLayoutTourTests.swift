import Foundation
import Testing
import WorkspaceTestSupport

/// The README's layout: its hand-written file is `Samples/Workspaces/dev.layout.json`, and its
/// tmuxp-style script, run by `sh` with the built `wsctl` on the `PATH`, prints what the
/// README shows below it.
@Suite struct ReadmeLayoutTourTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The text of the first ```` ```LANGUAGE ```` block after `marker` in the README.
  static func block(after marker: String, language: String) throws -> String {
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.firstRange(of: marker))
    let open = try #require(readme[start.upperBound...].firstRange(of: "```\(language)\n"))
    let close = try #require(readme[open.upperBound...].firstRange(of: "```\n"))
    return String(readme[open.upperBound..<close.lowerBound])
  }

  @Test func theLayoutIsTheSampleAndAtMostTwelveLinesForAThreePaneTab() throws {
    let layout = try Self.block(after: "<!-- layout file: checked", language: "json")
    let sample = try String(
      contentsOf: Self.root.appendingPathComponent("Samples/Workspaces/dev.layout.json"),
      encoding: .utf8)
    #expect(layout == sample)
    let lines = layout.split(separator: "\n")
    let tab = try #require(lines.firstIndex { $0.contains(#""tab": "{project}""#) })
    let end = try #require(lines[tab...].firstIndex { $0 == "    ]}," })
    #expect(end - tab + 1 <= 12)
  }

  @Test func theScriptPrintsWhatTheREADMEShows() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(
      try Self.block(after: "<!-- layout file: checked", language: "json"), to: "dev.layout.json")
    let script = try Self.block(after: "<!-- layout script: checked", language: "sh")
    try sandbox.write(script, to: "dev.sh")
    let printed = try Self.block(after: "<!-- layout script: checked", language: "console")
    let wsctl = try BuiltProgram.require("wsctl").deletingLastPathComponent().path
    let result = try await sandbox.run(
      program: URL(fileURLWithPath: "/bin/sh"), ["dev.sh"],
      environment: ["PATH": wsctl + ":/usr/bin:/bin"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr == "")
    #expect(result.stdout == printed)
    // The layout it saved reads back as the workspace it was saved from.
    let saved = try #require(sandbox.text("mine.layout.json"))
    #expect(
      saved.contains(
        #"{"title": "Editor", "mark": "editor", "route": "ide/file:Sources/mail/main.swift"}"#))
  }
}
