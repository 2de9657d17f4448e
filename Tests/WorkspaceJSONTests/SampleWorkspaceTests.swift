import Foundation
import PaneRouter
import Testing
import Workspace
import WorkspaceJSON

/// The sample files in `Samples/Workspaces` restore cleanly, have the shapes the samples'
/// README describes, and round-trip.
@Suite struct SampleWorkspaceTests {
  /// `Samples/Workspaces`, found from this file's path.
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Samples/Workspaces").path

  static let currentFiles = ["ide.json", "mail.json", "dashboard.json"]

  private func load(_ name: String) throws -> (bytes: [UInt8], loaded: LoadedWorkspace) {
    let path = Self.directory + "/" + name
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    let loaded = try WorkspaceStore(path: path).load(default: .example)
    #expect(loaded.isDefault == false, "\(path) is missing")
    return (bytes, loaded)
  }

  private func node(_ id: NodeID?, in state: WorkspaceState) throws -> Node {
    try #require(id.flatMap { state.node($0) })
  }

  private func titles(_ panes: [NodeID], in state: WorkspaceState) -> [String] {
    panes.compactMap { state.node($0)?.title }
  }

  @Test(arguments: currentFiles)
  func currentFileLoadsCleanlyAndIsWhatTheEncoderWrites(name: String) throws {
    let (bytes, loaded) = try load(name)
    #expect(loaded.diagnostics == [])
    #expect(loaded.migratedFromVersion == nil)
    #expect(WorkspaceFile.encode(loaded.state) == bytes)
    let again = try WorkspaceFile.decode(WorkspaceFile.encode(loaded.state))
    #expect(again.state == loaded.state)
  }

  /// Each sample as a version 2 file (which has no stacks or floating panes) loads to the
  /// same workspace, migrated.
  @Test(arguments: currentFiles)
  func versionTwoFileLoadsUnchanged(name: String) throws {
    let (bytes, loaded) = try load(name)
    let text = String(decoding: bytes, as: UTF8.self)
    let versionTwo = text.replacingOccurrences(of: "\"version\": 3,", with: "\"version\": 2,")
    #expect(versionTwo != text)
    let migrated = try WorkspaceFile.decode(Array(versionTwo.utf8))
    #expect(migrated.migratedFromVersion == 2)
    #expect(migrated.diagnostics == [])
    #expect(migrated.state == loaded.state)
  }

  @Test func ideHasEditorGroupsAsTabsInsideSplits() throws {
    let state = try load("ide.json").loaded.state
    #expect(state.paneIDs.count == 7)
    #expect(state.root.kind == .split(.horizontal))
    #expect(state.root.router?.kind == "ide")
    let editor = try node(state.root.children.last, in: state)
    #expect(editor.kind == .split(.vertical))
    let groups = try node(editor.children.first, in: state)
    #expect(groups.kind == .split(.horizontal))
    let tabs = try groups.children.map { try node($0, in: state) }
    #expect(tabs.map(\.kind) == [.tabs, .tabs])
    #expect(
      tabs.map(\.tabTitles) == [
        ["Workspace.swift", "Router.swift"], ["README.md", "Package.swift"],
      ])
    #expect(tabs.map(\.activeIndex) == [0, 1])
    #expect(
      titles(state.numberedPanes, in: state)
        == ["Explorer", "Workspace.swift", "Package.swift", "Terminal"])
    #expect(try node(state.focusedPane, in: state).title == "Workspace.swift")
    let find = try node(state.numberedPanes[2], in: state).router?.stack.modal
    #expect(find?.style == .sheet)
    #expect(find?.stack == ["find:executableTarget"])
  }

  @Test func mailHasThreeTypedPanesWithASheetFlow() throws {
    let state = try load("mail.json").loaded.state
    #expect(state.root.kind == .split(.horizontal))
    #expect(titles(state.numberedPanes, in: state) == ["Mailboxes", "Messages", "Message"])
    #expect(state.paneIDs.allSatisfy { state.node($0)?.router?.kind == MailRoute.kind })
    let message = try state.router(MailRoute.self, for: state.numberedPanes[2])
    #expect(message.stack == [.message(40), .message(42)])
    #expect(message.modal?.style == .sheet)
    #expect(message.modal?.stack == [.compose, .attachment(1)])
    #expect(message.visibleRoute == .attachment(1))
    let list = try state.router(MailRoute.self, for: state.numberedPanes[1])
    #expect(list.current == .search("swift testing"))
    #expect(state.focusedPane == state.numberedPanes[2])
  }

  @Test func dashboardIsATwoByThreeGrid() throws {
    let state = try load("dashboard.json").loaded.state
    #expect(state.paneIDs.count == 6)
    #expect(state.root.kind == .split(.vertical))
    let rows = try state.root.children.map { try node($0, in: state) }
    #expect(rows.map(\.kind) == [.split(.horizontal), .split(.horizontal)])
    #expect(rows.map(\.children.count) == [3, 3])
    let rects = state.orderedLayout(in: Size(width: 90, height: 20)).map(\.rect)
    #expect(rects.map(\.x) == [0, 30, 60, 0, 30, 60])
    #expect(rects.map(\.y) == [0, 0, 0, 10, 10, 10])
    #expect(rects.allSatisfy { $0.width == 30 && $0.height == 10 })
  }

  @Test func versionZeroFileMigrates() throws {
    let (_, loaded) = try load("old-v0.json")
    #expect(loaded.migratedFromVersion == 0)
    #expect(loaded.diagnostics == [])
    let state = loaded.state
    #expect(state.root.kind == .tabs)
    #expect(state.root.tabTitles == ["Mail", "Notes"])
    #expect(state.paneIDs.count == 3)
    #expect(titles(state.numberedPanes, in: state) == ["Inbox", "Message"])
    #expect(try node(state.focusedPane, in: state).title == "Message")
    #expect(state.mostRecentlyUsed == [NodeID(4), NodeID(3)])
    #expect(try state.router(MailRoute.self, for: NodeID(3)).stack == [.inbox, .folder("Archive")])
    #expect(state.node(NodeID(5))?.router?.stack.stack == ["notes"])

    let saved = WorkspaceFile.encode(state)
    let reloaded = try WorkspaceFile.decode(saved)
    #expect(reloaded.migratedFromVersion == nil)
    #expect(reloaded.diagnostics == [])
    #expect(reloaded.state == state)
    #expect(WorkspaceFile.encode(reloaded.state) == saved)
  }
}

/// The mail sample's route type, as `Samples/MailHost` declares it (the subset these tests
/// read).
private enum MailRoute: Route {
  case inbox
  case folder(String)
  case message(Int)
  case compose
  case attachment(Int)
  case search(String)

  static let kind = "mail"

  var token: RouteToken {
    switch self {
    case .inbox: RouteToken("inbox")
    case .folder(let name): RouteToken("folder", name)
    case .message(let id): RouteToken("message", id)
    case .compose: RouteToken("compose")
    case .attachment(let index): RouteToken("attachment", index)
    case .search(let query): RouteToken("search", query)
    }
  }

  init(token: RouteToken) throws {
    switch token.name {
    case "inbox":
      try token.arguments(as: Self.self)
      self = .inbox
    case "folder": self = .folder(try token.arguments(as: Self.self, String.self))
    case "message": self = .message(try token.arguments(as: Self.self, Int.self))
    case "compose":
      try token.arguments(as: Self.self)
      self = .compose
    case "attachment": self = .attachment(try token.arguments(as: Self.self, Int.self))
    case "search": self = .search(try token.arguments(as: Self.self, String.self))
    default: throw PaneRouterError.unknownRoute(token, kind: Self.kind)
    }
  }
}
