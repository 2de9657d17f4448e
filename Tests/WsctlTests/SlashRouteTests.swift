import Foundation
import Testing

/// Routes whose arguments are paths: `/` is typed as it is, or as `%2F`, and printed, saved
/// and completed as `/`.
@Suite struct SlashRouteTests {
  @Test func splitOpensAPaneOnAPath() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("split", "h", "75%", "file:Workspace/README.md")
    #expect(try sandbox.succeed("routes").stdoutLines.last == "  0 file:Workspace/README.md (top)")
  }

  @Test func aPushedPathIsPrintedAndSavedWithItsSlashes() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("push", "file:Sources/App/main.swift", "file:a/b.swift")
    #expect(
      try sandbox.succeed("routes").stdout == """
        %3 'Inbox' router token
          0 inbox
          1 file:Sources/App/main.swift
          2 file:a/b.swift (top)

        """)
    let router = try sandbox.succeed("--json", "routes").jsonObject()
    #expect(
      router["stack"] as? [String] == ["inbox", "file:Sources/App/main.swift", "file:a/b.swift"])
    let saved = try #require(sandbox.text("workspace.json"))
    #expect(saved.contains(#""file:a/b.swift""#))
    #expect(!saved.contains("%2F"))
    let history = try sandbox.succeed("--json", "history").jsonObject()
    #expect(
      history["undo"] as? [String] == ["push file:Sources/App/main.swift file:a/b.swift"])
  }

  @Test func anEncodedSlashIsTheSameRoute() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("push", "file:a%2Fb.swift")
    #expect(try sandbox.succeed("routes").stdoutLines.last == "  1 file:a/b.swift (top)")
    // The same route on top: the duplicate-top guard refuses it.
    try sandbox.fail("push", "file:a/b.swift", status: 1)
    try sandbox.succeed("push", "x", "pop-to", "file:a%2fb.swift")
    #expect(
      try sandbox.succeed("--json", "routes").jsonObject()["stack"] as? [String] == [
        "inbox", "file:a/b.swift",
      ])
  }

  @Test func aDeepLinkCarriesAnEncodedSlash() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("open", "myapp://workspace/focus/2/push/file:a%2Fb")
    #expect(try sandbox.succeed("routes", "2").stdoutLines.last == "  1 file:a/b (top)")
  }

  @Test(arguments: ["file:a/b.swift", "file:a%2Fb.swift", #"file:a\/b.swift"#])
  func aFileHoldingEitherSpellingIsValid(spelling: String) throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("push", "file:a/b.swift")
    let saved = try #require(sandbox.text("workspace.json"))
    try sandbox.write(saved.replacing("file:a/b.swift", with: spelling), to: "workspace.json")
    #expect(try sandbox.succeed("validate").stdout == "workspace.json: valid (3 panes)\n")
    #expect(try sandbox.succeed("routes").stdoutLines.last == "  1 file:a/b.swift (top)")
    // The next save writes the canonical form.
    try sandbox.succeed("rename", "Paths")
    #expect(try #require(sandbox.text("workspace.json")).contains(#""file:a/b.swift""#))
  }

  @Test func routesInTheStackCompleteWithTheirSlashes() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("push", "file:a/b.swift", "file:a/c.swift")
    let lines = try sandbox.succeed("__complete", "pop-to", "file:a/").stdoutLines
    #expect(lines.map { $0.prefix { $0 != "\t" } } == ["file:a/b.swift", "file:a/c.swift"])
  }

  @Test(arguments: ShellCompletion.shells)
  func aShellCompletesAPathRoute(shell: String) throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("push", "file:a/b.swift", "x")
    guard
      let candidates = try ShellCompletion.candidates(
        shell, line: "wsctl pop-to file:a/", in: sandbox)
    else { return }
    #expect(candidates.contains { $0.hasSuffix("a/b.swift") }, "\(shell): \(candidates)")
  }
}
