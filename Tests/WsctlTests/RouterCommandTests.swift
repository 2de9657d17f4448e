import Testing

/// Router commands through the CLI, on the focused pane's router (`%3 'Inbox'`, root
/// `inbox`), checked on what `wsctl routes` prints from the saved file; and undo/redo.
@Suite struct RouterCommandTests {
  /// The routes of pane `%3` as `wsctl routes` prints them: the stack, then a modal's.
  private static func routes(_ stack: [String], modal: (String, [String])? = nil) -> String {
    var lines = ["%3 'Inbox' router token"]
    for (index, route) in stack.enumerated() {
      lines.append("  \(index) \(route)\(index == stack.count - 1 ? " (top)" : "")")
    }
    if let (style, modalStack) = modal {
      lines.append("  \(style):")
      for (index, route) in modalStack.enumerated() {
        lines.append("    \(index) \(route)\(index == modalStack.count - 1 ? " (top)" : "")")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Runs each call in turn, expecting success, and returns what `routes` prints after.
  private static func routes(after calls: [[String]]) async throws -> String {
    let sandbox = try Sandbox()
    for call in calls {
      try await sandbox.succeed(call)
    }
    return try await sandbox.succeed("routes").stdout
  }

  @Test(arguments: [
    ([["push", "detail:7"]], ["inbox", "detail:7"]),
    ([["push", "a", "b", "c"]], ["inbox", "a", "b", "c"]),
    (
      [["push", "=focus", "search:swift%20testing"]], ["inbox", "focus", "search:swift%20testing"]
    ),
    ([["push", "a", "b", "c"], ["pop"]], ["inbox", "a", "b"]),
    ([["push", "a", "b", "c"], ["pop", "2"]], ["inbox", "a"]),
    ([["push", "a", "b", "c"], ["pop", "9"]], ["inbox"]),
    ([["push", "a", "b", "a", "c"], ["pop-to", "a"]], ["inbox", "a"]),
    ([["push", "a", "b", "a", "c"], ["pop-to-last", "a"]], ["inbox", "a", "b", "a"]),
    ([["push", "a", "b"], ["root"]], ["inbox"]),
    ([["replace", "x", "y"]], ["x", "y"]),
    ([["replace", "x", "y"], ["replace-top", "z"]], ["x", "z"]),
    ([["replace-top", "home"]], ["home"]),
    ([["set-path", "a", "b"]], ["inbox", "a", "b"]),
    ([["push", "a"], ["set-path"]], ["inbox"]),
  ])
  func stackOperations(calls: [[String]], stack: [String]) async throws {
    #expect(try await Self.routes(after: calls) == Self.routes(stack))
  }

  @Test(arguments: ["sheet", "cover"])
  func presentOpensAModalWithItsOwnStack(style: String) async throws {
    let routes = try await Self.routes(after: [
      ["push", "a"], ["present", style, "compose"], ["push", "draft:2"],
    ])
    #expect(routes == Self.routes(["inbox", "a"], modal: (style, ["compose", "draft:2"])))
  }

  @Test func setModalPathWritesTheModalsStackBelowItsRoot() async throws {
    let routes = try await Self.routes(after: [
      ["present", "sheet", "s", "set-modal-path", "a", "b"]
    ])
    #expect(routes == Self.routes(["inbox"], modal: ("sheet", ["s", "a", "b"])))
  }

  @Test func dismissClosesTheWholeModalFlowThenPops() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a", "present", "cover", "c", "push", "d")
    try await sandbox.succeed("dismiss")
    #expect(try await sandbox.succeed("routes").stdout == Self.routes(["inbox", "a"]))
    try await sandbox.succeed("dismiss")
    #expect(try await sandbox.succeed("routes").stdout == Self.routes(["inbox"]))
    #expect(
      try await sandbox.fail("dismiss", status: 1)
        == "wsctl: dismiss rejected: already at root at word 1"
    )
  }

  @Test func dismissAllKeepsTheStack() async throws {
    let routes = try await Self.routes(after: [
      ["push", "a", "present", "sheet", "s"], ["dismiss-all"],
    ])
    #expect(routes == Self.routes(["inbox", "a"]))
  }

  @Test func atRunsAnOperationOnAContainersRouter() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(Fixtures.containerRouter, to: "workspace.json")
    try await sandbox.succeed("at", "%1", "push", "settings")
    let routes = try await sandbox.succeed("routes", "%1")
    #expect(
      routes.stdout == """
        %1 router token
          0 home
          1 settings (top)

        """)
    let pane = try await sandbox.succeed("routes")
    #expect(pane.stdout == "%2 'One' router token\n  0 a (top)\n")
    #expect(
      try await sandbox.fail("at", "%2", "pop", status: 1)
        == "wsctl: pop rejected: already at root at word 1")
  }

  @Test(arguments: [
    (["push", "inbox"], "wsctl: push inbox rejected: duplicate top at word 1"),
    (["pop"], "wsctl: pop rejected: already at root at word 1"),
    (
      ["present", "sheet", "a", "present", "cover", "b"],
      "wsctl: present cover b rejected: a modal is already presented at word 4"
    ),
    (["at", "%1", "push", "x"], "wsctl: %1 has no router at word 1"),
    (["routes", "%1"], "wsctl: %1 has no router at word 1"),
    (["routes", "9"], "wsctl: no pane 9 at word 1"),
  ])
  func routerRefusalsExitOneAndChangeNothing(arguments: [String], message: String) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("init")
    let before = sandbox.bytes("workspace.json")
    #expect(try await sandbox.fail(arguments, status: 1) == message)
    #expect(sandbox.bytes("workspace.json") == before)
  }

  @Test func undoAndRedoStepThroughTheSavedHistory() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a")
    try await sandbox.succeed("push", "b")
    try await sandbox.succeed("push", "c")
    try await sandbox.succeed("undo", "2")
    #expect(try await sandbox.succeed("routes").stdout == Self.routes(["inbox", "a"]))
    #expect(
      try await sandbox.succeed("history").stdout == """
        undo 1: push a
        redo 1: push b
        redo 2: push c

        """)
    try await sandbox.succeed("redo")
    #expect(try await sandbox.succeed("routes").stdout == Self.routes(["inbox", "a", "b"]))
    try await sandbox.succeed("redo", "1")
    #expect(try await sandbox.succeed("routes").stdout == Self.routes(["inbox", "a", "b", "c"]))
    #expect(try await sandbox.fail("redo", status: 1) == "wsctl: nothing to redo at word 1")
    try await sandbox.succeed("undo", "3")
    #expect(try await sandbox.fail("undo", status: 1) == "wsctl: nothing to undo at word 1")
    #expect(try await sandbox.tree() == Fixtures.defaultTree)
  }

  @Test func undoRevertsPaneCommandsToo() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("split", "v")
    try await sandbox.succeed("close", "2")
    try await sandbox.succeed("undo", "2")
    #expect(try await sandbox.tree() == Fixtures.defaultTree)
  }
}
