import Foundation
import PaneRouter
import Testing
import Workspace
import WorkspaceJSON

import class WorkspaceTestSupport.TemporaryDirectory

@testable import MailHost

/// A typed template built in code (`NodeTemplate.pane(_:root:of:)`, placeholders in an `Int`
/// argument) through `Workspace.addTemplate`, `wsctl template export`, and `--from` read back
/// by `wsctl` and by the running MailHost, whose route types check the filled routes.
@MainActor
@Suite struct TypedTemplateExportTests {
  let wsctl = SampleProcess(name: "wsctl")
  let mailHost = SampleProcess(name: "MailHost")

  /// A message beside a note: `message:{id}` (an `Int`) and `note:{name}`.
  private func readTemplate() throws -> WorkspaceTemplate {
    try WorkspaceTemplate(
      name: "read", title: "#{id}",
      root: .split(
        .horizontal,
        [
          .pane("#{id}", root: RouteToken("message", "{id}"), of: MailRoute.self),
          .pane("{name}", root: RouteToken("note", "{name}"), of: NoteRoute.self),
        ]))
  }

  @Test func aTypedTemplateRoundTripsThroughExportAndFrom() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("mail.json")
    let workspace = Workspace(MailLayout.initialState, routeTypes: MailLayout.routeTypes)
    try workspace.addTemplate(readTemplate())
    try Data(WorkspaceFile.encode(workspace.state)).write(to: URL(fileURLWithPath: file))

    let export = try await wsctl.run(
      ["-f", file, "template", "export", "t.json"], in: directory.url)
    #expect(export.status == 0, "\(export.stderr)")
    let library = try TemplatesFile.load(path: directory.file("t.json"))
    #expect(library["read"] == (try readTemplate()))
    #expect(library["read"]?.parameters == ["id", "name"])

    // Applied by wsctl on the file, the panes keep their kinds.
    let applied = try await wsctl.run(
      ["-f", file, "--from", "t.json", "template", "apply", "read", "id=7", "name=x"],
      in: directory.url)
    #expect(applied.status == 0, "\(applied.stderr)")
    let state = try WorkspaceStore(path: file).load(default: MailLayout.initialState).state
    #expect(state.invariantViolations() == [])
    let panes = state.numberedPanes
    #expect(panes.map { state.node($0)?.router?.kind } == ["mail", "notes"])
    #expect(
      panes.map { state.node($0)?.router?.stack.stack.map(\.description) }
        == [["message:7"], ["note:x"]])
  }

  @Test func theRunningHostRefusesAValueItsTypeCannotReadNamingTheParameter() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("mail.json")
    let workspace = Workspace(MailLayout.initialState, routeTypes: MailLayout.routeTypes)
    try workspace.addTemplate(readTemplate())
    try TemplatesFile.write(workspace.templates, to: directory.file("t.json"))
    let input = """
      wsctl --from t.json template apply read id=abc name=x
      wsctl --from t.json template apply read id=8 name=x
      show

      """
    let result = try await mailHost.run(["-f", file], input: input, in: directory.url)
    #expect(
      result.stderr.contains(
        "wsctl: invalid value 'abc' for 'id': mail route 'message:abc' takes one Int"),
      "\(result.stderr)")
    #expect(result.lines.contains("  wsctl exited 64"), "\(result.stdout)")
    #expect(result.lines.contains("  wsctl exited 0"), "\(result.stdout)")
    #expect(result.lines.contains("  1* #8         [.message(8)]"), "\(result.stdout)")
    #expect(result.lines.contains("  2  x          notes [.note(\"x\")]"), "\(result.stdout)")
  }
}
