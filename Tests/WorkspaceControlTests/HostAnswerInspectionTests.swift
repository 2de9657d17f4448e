import Testing
import Workspace
import WorkspaceJSON
import WorkspaceTestSupport

@testable import WorkspaceControl

/// `HostAnswer.inspection`, which a live host's listener thread runs on a call whose words it
/// parsed once (`PreparedCall`): an inspection is answered as the main actor would answer it,
/// and every other call, one whose words do not parse among them, is left to the main actor.
@Suite struct HostAnswerInspectionTests {
  static let terminal = TerminalTraits(size: Size(width: 80, height: 24), usesColor: false)

  static func prepared(_ arguments: [String]) -> PreparedCall {
    PreparedCall(HostCall(arguments: arguments, terminal: terminal, fileName: "w.json"))
  }

  @Test(arguments: [["routes"], ["tree"], ["history"], ["routes", "--json"]])
  func anInspectionIsAnsweredAsTheMainActorAnswersIt(arguments: [String]) throws {
    let directory = TemporaryDirectory(prefix: "host-inspection")
    defer { directory.remove() }
    let store = WorkspaceStore(path: directory.file("workspace.json"))
    let call = Self.prepared(arguments)
    let inspection = try #require(
      HostAnswer.inspection(call, draft: WorkspaceDraft(.example), store: store))
    let full = HostAnswer(call, draft: WorkspaceDraft(.example), store: store)
    #expect(inspection.reply == full.reply)
    #expect(inspection.reply.exitCode == .success)
    #expect(!inspection.reply.output.isEmpty)
    #expect(inspection.draft == nil)
  }

  /// An edit, a dry run of one, a call for the file itself and an inspection beside an edit
  /// are not answered off the main actor: the main actor works them out from the same parse.
  /// Nor is a call whose words do not parse: the main actor answers it with the error.
  @Test(arguments: [
    (["focus", "2"], true), (["--dry-run", "focus", "2"], true), (["validate"], true),
    (["routes", "focus", "2"], true), (["frobnicate"], false), (["routes", "--bogus"], false),
  ])
  func anyOtherCallIsLeftToTheMainActor(arguments: [String], parses: Bool) throws {
    let directory = TemporaryDirectory(prefix: "host-inspection")
    defer { directory.remove() }
    let store = WorkspaceStore(path: directory.file("workspace.json"))
    let call = Self.prepared(arguments)
    let parsed = if case .success = call.invocation { true } else { false }
    #expect(parsed == parses, "\(arguments)")
    #expect(HostAnswer.inspection(call, draft: WorkspaceDraft(.example), store: store) == nil)
  }

  @Test func aBadWordIsNamedByTheAnswerFromTheSameParse() throws {
    let directory = TemporaryDirectory(prefix: "host-inspection")
    defer { directory.remove() }
    let store = WorkspaceStore(path: directory.file("workspace.json"))
    let call = Self.prepared(["routes", "--bogus"])
    guard case .failure = call.invocation else {
      Issue.record("'--bogus' parsed")
      return
    }
    let answer = HostAnswer(call, draft: WorkspaceDraft(.example), store: store)
    #expect(answer.reply.exitCode != .success)
    #expect(answer.reply.errors.contains("--bogus"), "\(answer.reply.errors)")
    #expect(answer.draft == nil)
  }
}
