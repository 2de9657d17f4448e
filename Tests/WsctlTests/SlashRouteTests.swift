import Foundation
import Testing

/// Routes whose arguments are paths: `/` is typed as it is, or as `%2F`, and printed, saved
/// and completed as `/`.
@Suite struct SlashRouteTests {
  @Test func splitOpensAPaneOnAPath() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("split", "h", "75%", "file:Workspace/README.md")
    #expect(
      try await sandbox.succeed("routes").stdoutLines.last == "  0 file:Workspace/README.md (top)")
  }

  @Test func aPushedPathIsPrintedAndSavedWithItsSlashes() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "file:Sources/App/main.swift", "file:a/b.swift")
    #expect(
      try await sandbox.succeed("routes").stdout == """
        %3 'Inbox' router token
          0 inbox
          1 file:Sources/App/main.swift
          2 file:a/b.swift (top)

        """)
    let router = try await sandbox.succeed("--json", "routes").jsonObject()
    #expect(
      router["stack"] as? [String] == ["inbox", "file:Sources/App/main.swift", "file:a/b.swift"])
    let saved = try #require(sandbox.text("workspace.json"))
    #expect(saved.contains(#""file:a/b.swift""#))
    #expect(!saved.contains("%2F"))
    let history = try await sandbox.succeed("--json", "history").jsonObject()
    #expect(
      history["undo"] as? [String] == ["push file:Sources/App/main.swift file:a/b.swift"])
  }

  @Test func anEncodedSlashIsTheSameRoute() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "file:a%2Fb.swift")
    #expect(try await sandbox.succeed("routes").stdoutLines.last == "  1 file:a/b.swift (top)")
    // The same route on top: the duplicate-top guard refuses it.
    try await sandbox.fail("push", "file:a/b.swift", status: 1)
    try await sandbox.succeed("push", "x", "pop-to", "file:a%2fb.swift")
    #expect(
      try await sandbox.succeed("--json", "routes").jsonObject()["stack"] as? [String] == [
        "inbox", "file:a/b.swift",
      ])
  }

  @Test func aDeepLinkCarriesAnEncodedSlash() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("open", "myapp://workspace/focus/2/push/file:a%2Fb")
    #expect(try await sandbox.succeed("routes", "2").stdoutLines.last == "  1 file:a/b (top)")
  }

  @Test(arguments: ["file:a/b.swift", "file:a%2Fb.swift", #"file:a\/b.swift"#])
  func aFileHoldingEitherSpellingIsValid(spelling: String) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "file:a/b.swift")
    let saved = try #require(sandbox.text("workspace.json"))
    try sandbox.write(saved.replacing("file:a/b.swift", with: spelling), to: "workspace.json")
    #expect(try await sandbox.succeed("validate").stdout == "workspace.json: valid (3 panes)\n")
    #expect(try await sandbox.succeed("routes").stdoutLines.last == "  1 file:a/b.swift (top)")
    // The next save writes the canonical form.
    try await sandbox.succeed("rename", "Paths")
    #expect(try #require(sandbox.text("workspace.json")).contains(#""file:a/b.swift""#))
  }

  @Test func routesInTheStackCompleteWithTheirSlashes() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "file:a/b.swift", "file:a/c.swift")
    let lines = try await sandbox.succeed("__complete", "pop-to", "file:a/").stdoutLines
    #expect(lines.map { $0.prefix { $0 != "\t" } } == ["file:a/b.swift", "file:a/c.swift"])
  }

  @Test(arguments: ShellCompletion.shells)
  func aShellCompletesAPathRoute(shell: String) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "file:a/b.swift", "x")
    guard
      let candidates = try await ShellCompletion.candidates(
        shell, line: "wsctl pop-to file:a/", in: sandbox)
    else { return }
    #expect(candidates.contains { $0.hasSuffix("a/b.swift") }, "\(shell): \(candidates)")
  }
}
