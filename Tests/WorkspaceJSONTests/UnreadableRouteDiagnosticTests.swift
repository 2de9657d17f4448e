import PaneRouter
import Testing
import Workspace
import WorkspaceJSON

/// Restore reports every stored token a registered route type cannot read, at its JSON path,
/// with the repair it offers.
@Suite struct UnreadableRouteDiagnosticTests {
  private enum NoteRoute: String, Route {
    case list, note, draft
    static let kind = "notes"
  }

  /// A file as a user hand-edited it: `T(Notes: H(%3, %4), Other: %5)`, where pane %4 holds
  /// `note:abc` and a sheet flow with `bad`, and pane %5's router is of an unregistered kind.
  private static func handEditedFile() throws -> [UInt8] {
    let notes = try RouteStack<RouteToken>(
      routes: ["list", "note", "note:abc", "draft"], modal: (.sheet, ["note", "bad"]))
    let state = WorkspaceState(
      .tabs([
        (
          "Notes",
          .split(
            .horizontal,
            [
              .pane("List", root: NoteRoute.list),
              .pane("Note", router: RouterState(kind: NoteRoute.kind, stack: notes)),
            ])
        ),
        ("Other", .pane("Other", router: RouterState(kind: "mail", stack: RouteStack(root: "x")))),
      ]))
    return WorkspaceFile.encode(state)
  }

  @Test func everyUnreadableTokenIsReportedAtItsJSONPath() throws {
    let loaded = try WorkspaceFile.decode(Self.handEditedFile())
    #expect(loaded.diagnostics.isEmpty)
    let registry = RouteRegistry([NoteRoute.self])
    let diagnostics = loaded.state.unreadableRoutes(registry).map {
      Diagnostic($0, in: loaded.state)
    }
    #expect(
      diagnostics.map(\.description) == [
        "$.root.children[0].children[1].router.stack[2]: route 'note:abc' is unreadable (notes"
          + " route 'note:abc' takes no arguments); a repair quarantines it: kept in the file,"
          + " out of the stack",
        "$.root.children[0].children[1].router.modal.stack[1]: route 'bad' is unreadable"
          + " (unknown notes route 'bad'); a repair quarantines it: kept in the file, out of the"
          + " modal",
      ])
  }

  @Test func unreadableRootsSayWhatTheRepairDoes() throws {
    let state = WorkspaceState(
      .pane(
        "Note",
        router: RouterState(
          kind: NoteRoute.kind,
          stack: try RouteStack(routes: ["x"], modal: (.cover, ["y"])))))
    let messages = state.unreadableRoutes(RouteRegistry([NoteRoute.self])).map {
      Diagnostic($0, in: state).description
    }
    #expect(
      messages == [
        "$.root.router.stack[0]: route 'x' is unreadable (unknown notes route 'x'); a repair"
          + " quarantines it (kept in the file) and gives the router its first readable route as"
          + " root, or its registered fallback root, if any",
        "$.root.router.modal.stack[0]: route 'y' is unreadable (unknown notes route 'y'); a"
          + " repair quarantines it (kept in the file) and gives the modal its first readable"
          + " route as root, or dismisses it",
      ])
  }

  @Test func repairedStateSavesAndRestoresCleanWithItsHistoryUnchanged() throws {
    let loaded = try WorkspaceFile.decode(Self.handEditedFile())
    var state = loaded.state
    let registry = RouteRegistry([NoteRoute.self])
    state.repairUnreadableRoutes(registry)
    let restored = try WorkspaceFile.decode(WorkspaceFile.encode(state)).state
    #expect(restored.unreadableRoutes(registry).isEmpty)
    #expect(restored.history == loaded.state.history)
    #expect(restored == state)
    let notes = try restored.router(NoteRoute.self, for: NodeID(4))
    #expect(notes.stack == [.list, .note, .draft])
    #expect(notes.modal?.stack == [.note])
    #expect(
      Diagnostic.quarantinedRoutes(in: restored).map(\.description) == [
        "$.root.children[0].children[1].router.quarantined[0]: route 'note:abc' (stack index 2)"
          + " is quarantined: a route type could not read it; kept in the file, not shown",
        "$.root.children[0].children[1].router.quarantined[1]: route 'bad' (sheet modal index"
          + " 1) is quarantined: a route type could not read it; kept in the file, not shown",
      ])
  }

  @Test func loadedWorkspaceHasAPublicInitialiserForRestoreLogicWithoutTheDisk() {
    let state = WorkspaceState(.pane("A", root: NoteRoute.list))
    let loaded = LoadedWorkspace(
      state: state, diagnostics: [Diagnostic(location: "$.root", message: "repaired")])
    #expect(loaded.state == state)
    #expect(loaded.isDefault == false)
    #expect(loaded.migratedFromVersion == nil)
    #expect(loaded.diagnostics.count == 1)
  }
}
