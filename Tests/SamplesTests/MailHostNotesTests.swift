import Foundation
import PaneRouter
import Testing
import Workspace
import WorkspaceJSON

import class WorkspaceTestSupport.TemporaryDirectory

@testable import MailHost

/// End-to-end tests of MailHost's second kind of pane: notes (`NoteRoute`, kind `notes`)
/// beside the mail panes, opened from the host's code and from `wsctl` against the running
/// host, each pane read by its own type, and a file with both kinds restored.
@Suite struct MailHostNotesTests {
  let mailHost = SampleProcess(name: "MailHost")

  /// Each visible pane's kind in the file the host saved.
  private func kinds(in file: String) throws -> [String?] {
    let state = try WorkspaceStore(path: file).load(default: MailLayout.initialState).state
    return state.numberedPanes.map { state.node($0)?.router?.kind }
  }

  @Test func noteFromCodeOpensANotesPaneBesideTheFocusedMailPane() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("mail.json")
    let result = try await mailHost.run(["-f", file, "note", "groceries", "note", "milk", "show"])
    #expect(result.status == 0, "\(result.stderr)")
    for expected in [
      // The split and its title are one change; the notes pane's typed router then pushes.
      "  router %5: push note:milk -> [note:groceries, note:milk]",
      "  change: at %5 push note:milk (changed %5)",
      "  3  Message    [.message(1)]",
      "  4* Notes      notes [.note(\"groceries\"), .note(\"milk\")]",
    ] {
      #expect(result.lines.contains(expected), "missing '\(expected)' in:\n\(result.stdout)")
    }
    #expect(try kinds(in: file) == ["mail", "mail", "mail", "notes"])
    // One undo takes the push back, a second the notes pane.
    let undone = try await mailHost.run(["-f", file, "undo", "undo", "show"])
    #expect(undone.lines.contains("  3* Message    [.message(1)]"), "\(undone.stdout)")
    #expect(!undone.stdout.contains("Notes "))
  }

  @Test func wsctlTabNewMakesANotesPaneInTheRunningHost() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("mail.json")
    let result = try await mailHost.run(
      ["-f", file], input: "wsctl tab new Notes note:groceries\nshow\n")
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    // Over the control socket: the host applied it, and its kind is the one type that
    // reads `note:groceries`.
    #expect(result.lines.contains("  wsctl exited 0"), "\(result.stdout)")
    #expect(
      result.lines.contains("  1* Notes      notes [.note(\"groceries\")]"), "\(result.stdout)")
    #expect(try kinds(in: file) == ["notes"])
  }

  @Test func wsctlSplitBesideAMailPaneMakesANotesPane() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("mail.json")
    // The reader, a mail pane, is focused; the new pane is of the kind that reads `note:x`.
    let result = try await mailHost.run(["-f", file], input: "wsctl split h note:x\nshow\n")
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.lines.contains("  3  Message    [.message(1)]"), "\(result.stdout)")
    #expect(result.lines.contains("  4* Message    notes [.note(\"x\")]"), "\(result.stdout)")
    #expect(try kinds(in: file) == ["mail", "mail", "mail", "notes"])
  }

  @Test(arguments: [
    // A mail route in the notes pane, and a notes route in a mail pane.
    (
      "wsctl push message:7", "notes [.note(\"groceries\")]",
      "wsctl: %5 cannot hold route 'message:7': unknown notes route 'message:7' at word 1"
    ),
    (
      "wsctl focus 3 push note:x", "[.message(1)]",
      "wsctl: %4 cannot hold route 'note:x': unknown mail route 'note:x' at word 3"
    ),
  ])
  func aRouteOfTheWrongKindIsRefusedNamingTheNodeAndWhy(
    line: String, kept: String, refusal: String
  ) async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("mail.json")
    #expect(try await mailHost.run(["-f", file, "note", "groceries"]).status == 0)
    let saved = try Data(contentsOf: URL(fileURLWithPath: file))
    let result = try await mailHost.run(["-f", file], input: line + "\nshow\n")
    // Refused, with wsctl's exit code for a refused command, and nothing changed.
    #expect(result.status == 1, "\(result.stdout)")
    #expect(result.lines.contains("  wsctl exited 64"), "\(result.stdout)")
    #expect(result.stderr.contains(refusal), "\(result.stderr)")
    #expect(!result.stdout.contains("change:"), "\(result.stdout)")
    #expect(result.stdout.contains(kept), "\(result.stdout)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == saved)
  }

  @Test func aFileWithBothKindsIsRestoredEachReadByItsType() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("mail.json")
    #expect(try await mailHost.run(["-f", file, "open", "42", "note", "groceries"]).status == 0)
    let result = try await mailHost.run(["-f", file, "show"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.lines == [
        "MailHost: restored \(file) (4 panes)",
        "> show",
        "  1  Mailboxes  [.inbox]",
        "  2  Messages   [.folder(\"Inbox\")]",
        "  3  Message    [.message(1), .message(42)]",
        "  4* Notes      notes [.note(\"groceries\")]",
        "MailHost: nothing to save; \(file) not written",
        "",
      ])
    // Typed access reads each pane by its kind's type.
    let state = try WorkspaceStore(path: file).load(default: MailLayout.initialState).state
    let panes = state.numberedPanes
    let mail = try state.routes(for: panes[2], MailLayout.routeTypes)
    let notes = try state.routes(for: panes[3], MailLayout.routeTypes)
    #expect(mail.kind == "mail")
    #expect(mail.current as? MailRoute == .message(42))
    #expect(notes.kind == "notes")
    #expect(notes.current as? NoteRoute == .note("groceries"))
  }

  @Test func aHandEditedNotesTokenIsCutBackToTheList() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("mail.json")
    #expect(try await mailHost.run(["-f", file, "note", "groceries"]).status == 0)
    let text = try String(contentsOfFile: file, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "\"note:groceries\"", with: "\"note:a:b\"").utf8)
      .write(to: URL(fileURLWithPath: file))
    let result = try await mailHost.run(["-f", file, "show"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("notes route 'note:a:b' takes one String"), "\(result.stdout)")
    #expect(result.lines.contains("  4* Notes      notes [.list]"), "\(result.stdout)")
  }

  @Test func aNotesPaneHasNoMailToolbar() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("mail.json")
    let result = try await mailHost.run([
      "-f", file, "note", "x", "search", "foo", "compose", "show",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.lines.filter { $0.hasPrefix("  no mail toolbar") }
        == Array(
          repeating: "  no mail toolbar in pane 4, a notes pane; try 'focus 1' first", count: 2),
      "\(result.stdout)")
    // Neither the window's router nor any pane changed.
    #expect(result.lines.contains("  1  Mailboxes  [.inbox]"), "\(result.stdout)")
    #expect(result.stdout.components(separatedBy: "change:").count == 2, "\(result.stdout)")
  }

  @Test func noteNeedsAName() async throws {
    #expect(try HostStep.parse(["note", "=show", "show"]) == [.note("show"), .show])
    let result = try await mailHost.run(["note"])
    #expect(result.status == 64)
    #expect(result.stderr == "MailHost: error: 'note' needs a note's name at word 2\n")
  }

  /// The host publishes both kinds' routes in the file it saves, so that `wsctl` with no host
  /// running refuses (exit 64) and opens panes as the host would.
  @Test func theSavedFileCarriesBothKindsRoutesForWsctl() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("mail.json")
    let saved = try await mailHost.run(["-f", file, "note", "groceries"])
    #expect(saved.status == 0, "\(saved.stderr)")
    let state = try WorkspaceStore(path: file).load(default: MailLayout.initialState).state
    #expect(state.routeSchema == MailLayout.routeTypes.schema)
    #expect(state.routeSchema.kinds["notes"]?.map(\.description) == ["list", "note:String"])
    #expect(state.routeSchema.kinds["mail"]?.contains(RouteShape("message", Int.self)) == true)
    let wsctl = SampleProcess(name: "wsctl")
    let refused = try await wsctl.run(["-f", file, "focus", "3", "push", "message:abc"])
    #expect(refused.status == 64)
    #expect(
      refused.stderr
        == "wsctl: %4 cannot hold route 'message:abc': mail route 'message:abc': argument 1 "
        + "'abc' is not an Int (message takes one Int) at word 3\n")
    let opened = try await wsctl.run(["-f", file, "split", "v", "notes/list", "tree"])
    #expect(opened.status == 0, "\(opened.stderr)")
    let restored = try await mailHost.run(["-f", file, "show"])
    #expect(restored.lines.contains("  5* Notes      notes [.list]"), "\(restored.stdout)")
  }
}
