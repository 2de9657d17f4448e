import Foundation
import Testing
import WorkspaceTestSupport

/// End-to-end tests of the `MailHost` sample: the built binary, its output and its file.
@Suite struct MailHostTests {
  let mailHost = SampleProcess(name: "MailHost")

  @Test func tourStartsFromTheMailLayoutAndSavesOnExit() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("mail.json")
    let result = try await mailHost.run(["-f", file, "tour"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.lines
    #expect(lines.first == "MailHost: no \(file) yet; starting from the mail layout")
    for expected in [
      "  3* Message    [.message(1)]",
      "  change: focus 2 (changed %1, focus %4 -> %3)",
      "  router %3: push search:swift%20testing -> [folder:Inbox, search:swift%20testing]",
      "  router %4: push message:42 -> [message:1, message:42]",
      "  change: at %4 push message:42 (changed %4)",
      "  router %4: present sheet compose -> [message:1, message:42] sheet [compose]",
      "  the sheet looked up the pane's own router, presenting sheet [.compose]",
      "  its flow is now [.compose, .attachment(1)]",
      "  router %4: push attachment:1 rejected: duplicate top",
      "  router %1: present sheet attachments -> [inbox] sheet [attachments]",
      "  router %1: finish attachment:3 -> [inbox]",
      "  the compose sheet heard the picker finish with .attachment(3)",
      "  change: at %1 finish attachment:3 (changed %1, result attachment:3 for %1)",
      "  change: at %4 push attachment:3 (changed %4)",
      "  change: undo (changed %4)",
      // wsctl in another process: the command arrives over the control socket, applies at
      // once, and prints as the host's own change does.
      "> wsctl focus 1 push folder:Sent",
      "  change: focus 1; push folder:Sent (changed %1 %2, focus %4 -> %2)",
      "  wsctl exited 0",
      "MailHost: saved \(file)",
    ] {
      #expect(lines.contains(expected), "missing line '\(expected)' in:\n\(result.stdout)")
    }
    // Each change prints right under the step that made it.
    let open = try #require(lines.firstIndex(of: "> open 42"))
    #expect(lines[open + 2] == "  change: at %4 push message:42 (changed %4)")

    let again = try await mailHost.run(["-f", file, "show"])
    #expect(again.status == 0)
    #expect(
      again.lines == [
        "MailHost: restored \(file) (3 panes)",
        "> show",
        "  1* Mailboxes  [.inbox, .folder(\"Sent\")]",
        "  2  Messages   [.folder(\"Inbox\"), .search(\"swift testing\")]",
        "  3  Message    [.message(1), .message(42)] + sheet [.compose, .attachment(1), "
          + ".attachment(3)]",
        "MailHost: nothing to save; \(file) not written",
        "",
      ])
  }

  /// The last line says `saved` only when the run wrote the file: a run that only looks
  /// writes nothing (not even the mail layout it starts from when there is no file), and
  /// says so.
  @Test func saysItSavedOnlyWhenItWroteTheFile() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("mail.json")
    let nothing = "MailHost: nothing to save; \(file) not written"
    let looked = try await mailHost.run(["-f", file, "show"])
    #expect(looked.status == 0, "\(looked.stderr)")
    #expect(Array(looked.lines.suffix(2)) == [nothing, ""])
    #expect(!FileManager.default.fileExists(atPath: file))

    let edited = try await mailHost.run(["-f", file, "focus", "1"])
    #expect(Array(edited.lines.suffix(2)) == ["MailHost: saved \(file)", ""])
    let written = try #require(FileManager.default.contents(atPath: file))
    // The focused pane focused again: "already so", nothing changes.
    let again = try await mailHost.run(["-f", file, "show", "focus", "1"])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(Array(again.lines.suffix(2)) == [nothing, ""])
    #expect(!again.stdout.contains("MailHost: saved"))
    #expect(FileManager.default.contents(atPath: file) == written)
  }

  @Test func thePickerFinishesWithAResultThatTheComposeSheetPushes() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("mail.json")
    let result = try await mailHost.run(["-f", file, "compose", "pick", "choose", "3", "show"])
    #expect(result.status == 0, "\(result.stderr)")
    let choose = try #require(result.lines.firstIndex(of: "> choose 3"))
    #expect(
      Array(result.lines[choose...].prefix(8)) == [
        "> choose 3",
        "  router %1: finish attachment:3 -> [inbox]",
        "  the compose sheet heard the picker finish with .attachment(3)",
        "  router %4: push attachment:3 -> [message:1] sheet [compose, attachment:3]",
        "  change: at %1 finish attachment:3 (changed %1, result attachment:3 for %1)",
        "  change: at %4 push attachment:3 (changed %4)",
        "> show",
        "  1  Mailboxes  [.inbox]",
      ])
  }

  @Test(arguments: [
    (["choose", "3"], "  no attachment picker is open; try 'pick' first", Int32(0)),
    (["pick"], "  no compose sheet in pane 3; try 'compose' first", 0),
    (
      ["compose", "pick", "at", "%1", "finish", "attachment:3", "at", "%1", "finish", "x"],
      "  refused: finish x rejected: no modal is presented", 1
    ),
  ])
  func aStepWithNoFlowToFinishOrNoSheetToTakeItIsRefused(
    words: [String], line: String, status: Int32
  ) async throws {
    let directory = TemporaryDirectory()
    let result = try await mailHost.run(["-f", directory.file("mail.json")] + words)
    #expect(result.status == status, "\(result.stdout)")
    #expect(result.lines.contains(line), "\(result.stdout)")
  }

  @Test func aResultTheWindowsRouteTypeCannotReadIsReported() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("mail.json")
    let result = try await mailHost.run(
      ["-f", file, "compose", "pick", "at", "%1", "finish", "attachment:x", "show"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.lines.contains(
        "  router %1: finish attachment:x: result not readable as 'mail': mail route "
          + "'attachment:x' takes one Int"),
      "\(result.stdout)")
    #expect(result.lines.contains("  3* Message    [.message(1)] + sheet [.compose]"))
  }

  @Test func readsCommandsFromStandardInputAndCarriesOnAfterErrors() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("mail.json")
    let input = "focus 1\npush folder:Sent folder:To%20Do\n\npish x\npush 'a b'\nclose 9\nshow\n"
    let result = try await mailHost.run(["-f", file], input: input)
    // The first failed line (`pish x`, a usage error) decides the exit code, as in wsctl.
    #expect(result.status == 64)
    #expect(
      Array(result.lines.dropFirst()) == [
        "> focus 1",
        "  change: focus 1 (changed %1, focus %4 -> %2)",
        "> push folder:Sent folder:To%20Do",
        "  change: push folder:Sent folder:To%20Do (changed %2)",
        "> pish x",
        "  error: unknown command 'pish' at word 1 — did you mean 'push'?",
        "> push 'a b'",
        "  error: malformed route token 'a b' at offset 1: ' ' cannot appear in a route name"
          + " here at word 2",
        "> close 9",
        "  refused: no pane 9",
        "> show",
        "  1* Mailboxes  [.inbox, .folder(\"Sent\"), .folder(\"To Do\")]",
        "  2  Messages   [.folder(\"Inbox\")]",
        "  3  Message    [.message(1)]",
        "MailHost: saved \(file)",
        "",
      ])
  }

  @Test(arguments: [
    ("push 'a b\nshow\n", 64, "  error: unterminated ' quote at column 6"),
    ("rename \"x\n", 64, "  error: unterminated \" quote at column 8"),
    ("close 9\npish\n", 1, "  refused: no pane 9"),
    ("rename 'my notes'\nshow\n", 0, "  change: rename 'my notes' (changed %4)"),
  ])
  func exitsWithTheFirstFailedLinesCode(input: String, status: Int32, line: String) async throws {
    let directory = TemporaryDirectory()
    let result = try await mailHost.run(["-f", directory.file("mail.json")], input: input)
    #expect(result.status == status)
    #expect(result.lines.contains(line), "\(result.stdout)")
  }

  /// `wsctl stack` against the running host: applied live, saved, restored, and undone live.
  @Test func aLiveWsctlStacksThePanesAndTheFileKeepsTheStack() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("mail.json")
    let result = try await mailHost.run(["-f", file, "wsctl", "focus", "3", "stack", "left"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.lines.contains("  change: focus 3; stack left (changed %1 %3 %4 %5)"))
    #expect(result.lines.contains("  wsctl exited 0"))
    let saved = try String(contentsOfFile: file, encoding: .utf8)
    #expect(saved.contains(#""kind": "stack""#))
    let again = try await mailHost.run(["-f", file, "show", "wsctl", "unstack"])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.lines.contains("  3* Message    [.message(1)]"))
    #expect(again.lines.contains { $0.hasPrefix("  change: unstack (changed") })
  }

  @Test func restoresTheSampleMailWorkspace() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("mail.json")
    try FileManager.default.copyItem(
      atPath: SampleProcess.workspacesDirectory.appendingPathComponent("mail.json").path,
      toPath: file)
    let result = try await mailHost.run(["-f", file, "show", "send", "show"])
    #expect(result.status == 0)
    #expect(
      result.lines.contains(
        "  3* Message    [.message(40), .message(42)] + sheet [.compose, .attachment(1)]"))
    #expect(result.lines.contains("  router %4: dismiss -> [message:40, message:42]"))
    #expect(result.lines.contains("  3* Message    [.message(40), .message(42)]"))
  }

  @Test(arguments: [
    (["open"], "'open' needs a message id at word 2"),
    (["open", "x"], "invalid argument 'x' at word 2: expected a message id"),
    (["search", "show"], "'search' needs a query at word 2"),
    (["-f"], "'-f' needs a file name"),
  ])
  func badArgumentsAreUsageErrors(arguments: [String], message: String) async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("mail.json")
    let words = arguments == ["-f"] ? arguments : ["-f", file] + arguments
    let result = try await mailHost.run(words)
    #expect(result.status == 64)
    #expect(result.stderr == "MailHost: error: \(message)\n")
    #expect(result.stdout == "")
    #expect(!FileManager.default.fileExists(atPath: file))
  }

  @Test func corruptFileIsReportedAndLeftAlone() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("mail.json")
    try Data("{\"format\": ".utf8).write(to: URL(fileURLWithPath: file))
    let result = try await mailHost.run(["-f", file, "show"])
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix("MailHost: error: "))
    #expect(result.stderr.contains("mail.json:1:12: not valid JSON"))
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "{\"format\": ")
  }
}
