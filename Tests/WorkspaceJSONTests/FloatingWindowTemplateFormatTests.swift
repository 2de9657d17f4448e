import Foundation
import PaneRouter
import Testing

@testable import Workspace
@testable import WorkspaceJSON

/// Floating panes and windows in templates files and layout files: spelt tersely in a layout,
/// as a workspace file spells them in a templates file, lossless both ways, read strictly
/// with JSON paths, and at version 2 so that a reader of version 1 refuses them.
@Suite struct FloatingWindowTemplateFormatTests {
  static func sample() throws -> [UInt8] {
    Array(
      try Data(
        contentsOf: LayoutFileTests.root.appendingPathComponent(
          "Samples/Workspaces/windows.layout.json")))
  }

  /// `T(Main: H(A, B) + [Log pinned at 0.5,0 0.5x0.5], Side: C)`.
  static let floatingTree: NodeTemplate = .tabs([
    (
      "Main",
      NodeTemplate.split(
        .horizontal, [.pane("A", untyped: "a"), .pane("B", untyped: RouteToken("b", "{x}"))]
      ).floating(
        FloatingLayerTemplate(
          [
            FloatingPaneTemplate(
              NodeTemplate.pane(
                "Log", router: RouterState(kind: "log", stack: RouteStack(root: "tail"))
              )
              .marked("log"),
              frame: FloatingFrame(x: 0.5, y: 0, width: 0.5, height: 0.5), isPinned: true),
            FloatingPaneTemplate(.pane("Help", untyped: "help")),
          ], isFocused: true, isHidden: true))
    ),
    ("Side", .pane("C", untyped: "c")),
  ])

  static func windowsTemplate() throws -> WorkspaceTemplate {
    try WorkspaceTemplate(
      name: "w", title: "w",
      windows: [
        WindowTemplate(title: "One", identifier: "one", root: floatingTree),
        WindowTemplate(
          root: .split(.vertical, [.pane("D", untyped: "d"), .pane("E", untyped: "e")])),
      ], activeWindow: 1)
  }

  @Test func theSampleReadsAsTwoWindowsAndIsWrittenBackByteForByte() throws {
    let bytes = try Self.sample()
    let template = try LayoutFile.decode(bytes)
    #expect(template.scope == .workspace)
    #expect(template.windows.map(\.identifier) == ["inbox", "compose"])
    #expect(template.windows.map(\.title) == ["{account}", "Compose"])
    #expect(template.parameters == ["account"])
    #expect(template.activeWindow == 0)
    let layer = try #require(template.windows[0].root.children[0].floatingLayer)
    #expect(layer.panes[0].frame == FloatingFrame(x: 0.6, y: 0.05, width: 0.35, height: 0.3))
    #expect(layer.panes[0].isPinned)
    #expect(LayoutFile.encode(template) == bytes)
    let state = try WorkspaceState(template: template, parameters: ["account": "me"])
    #expect(state.invariantViolations() == [])
    #expect(state.windows.map(\.title) == ["me", "Compose"])
  }

  @Test func aTabLayoutWritesItsTabsFloatingPanes() throws {
    let template = try WorkspaceTemplate(
      name: "t", title: "t",
      root: NodeTemplate.pane("A", untyped: "a").floating(
        FloatingLayerTemplate([FloatingPaneTemplate(.pane("F", untyped: "f"))], isFocused: true)))
    let text = String(decoding: LayoutFile.encode(template), as: UTF8.self)
    #expect(
      text == """
        {
          "layout": "t",
          "version": 2,
          "root": {"title": "A", "route": "a", "floatingFocused": true, "floating": [
            {"title": "F", "route": "f"}
          ]}
        }

        """)
    #expect(try LayoutFile.decode(Array(text.utf8)) == template)
  }

  @Test func templatesAndLayoutsConvertBothWaysUnchanged() throws {
    let tab = try WorkspaceTemplate(name: "t", title: "{x}", root: Self.floatingTree.children[0])
    let workspace = try WorkspaceTemplate(
      name: "w", title: "w", root: Self.floatingTree, scope: .workspace)
    for template in [tab, workspace, try Self.windowsTemplate()] {
      let layout = LayoutFile.encode(template)
      let back = try LayoutFile.decode(layout)
      #expect(back == template, "\(template.name)")
      #expect(LayoutFile.encode(back) == layout)
      let library = try TemplateLibrary([template])
      let file = TemplatesFile.encode(library)
      #expect(try TemplatesFile.decode(file) == library)
      // And through a workspace file, which stores templates the same way.
      var state = WorkspaceState(.pane("Z", untyped: "z"))
      state.templates = library
      #expect(try WorkspaceFile.decode(WorkspaceFile.encode(state)).state.templates == library)
    }
  }

  /// A file without floating panes or windows stays at version 1, as older readers read it;
  /// one with them states version 2, which such readers refuse; this reader refuses 3.
  @Test func theVersionIsTwoOnlyWhereTheNewShapesAre() throws {
    let plain = try WorkspaceTemplate(name: "p", title: "p", root: .pane("A", untyped: "a"))
    let plainLayout = String(decoding: LayoutFile.encode(plain), as: UTF8.self)
    #expect(!plainLayout.contains("\"version\""))
    #expect(
      String(decoding: TemplatesFile.encode(try TemplateLibrary([plain])), as: UTF8.self)
        .contains("\"version\": 1,"))
    let windows = try Self.windowsTemplate()
    #expect(
      String(decoding: TemplatesFile.encode(try TemplateLibrary([plain, windows])), as: UTF8.self)
        .contains("\"version\": 2,"))
    let layout = String(decoding: LayoutFile.encode(windows), as: UTF8.self)
    #expect(layout.hasPrefix("{\n  \"layout\": \"w\",\n  \"version\": 2,\n"))
    let newer = layout.replacingOccurrences(of: "\"version\": 2", with: "\"version\": 3")
    #expect(throws: WorkspaceFileError.newerVersion(path: "l.json", found: 3, supported: 2)) {
      try LayoutFile.decode(Array(newer.utf8), path: "l.json")
    }
    let file = String(decoding: TemplatesFile.encode(try TemplateLibrary([windows])), as: UTF8.self)
      .replacingOccurrences(of: "\"version\": 2", with: "\"version\": 3")
    #expect(throws: WorkspaceFileError.newerVersion(path: "t.json", found: 3, supported: 2)) {
      try TemplatesFile.decode(Array(file.utf8), path: "t.json")
    }
  }

  /// Older files load unchanged: a version 1 layout and templates file read as before.
  @Test func olderFilesLoadUnchanged() throws {
    let dev = try LayoutFileTests.sample()
    let template = try LayoutFile.decode(dev)
    #expect(template.windows.isEmpty)
    #expect(LayoutFile.encode(template) == dev)
    let path = LayoutFileTests.root.appendingPathComponent("Samples/Workspaces/templates.json")
    let bytes = Array(try Data(contentsOf: path))
    #expect(TemplatesFile.encode(try TemplatesFile.decode(bytes)) == bytes)
  }

  @Test(arguments: 1...30 as ClosedRange<UInt64>)
  func randomTemplatesWithFloatingPanesAndWindowsAreLossless(seed: UInt64) throws {
    var generator = WorkspaceGenerator(seed: seed)
    let count = generator.int(1...3)
    let windows = try (0..<count).map { index in
      // Routers as a template keeps them: their roots, kinds and limits.
      let tree = WorkspaceState(generator.template(depth: 3, isContainer: true, floating: true))
      return WindowTemplate(
        title: generator.element(["", "Mail", "{p}"]),
        identifier: generator.bool() ? "w\(index)" : nil,
        root: try NodeTemplate(subtree: tree.rootID, of: tree))
    }
    let template = try WorkspaceTemplate(
      name: "r\(seed)", title: "r", windows: windows, activeWindow: generator.int(0...count - 1))
    let layout = LayoutFile.encode(template)
    let back = try LayoutFile.decode(layout)
    #expect(back == template)
    #expect(LayoutFile.encode(back) == layout)
    let library = try TemplateLibrary([template])
    #expect(try TemplatesFile.decode(TemplatesFile.encode(library)) == library)
    // Built, every invariant holds, and saved again it is the same template.
    let values = Dictionary(uniqueKeysWithValues: template.parameters.map { ($0, "v") })
    let state = try WorkspaceState(template: template, parameters: values)
    #expect(state.invariantViolations() == [])
    #expect(state.windows.count == count)
    let filled = try WorkspaceTemplate(
      name: "r\(seed)", title: "r", windows: try template.filledWindows(with: values),
      activeWindow: template.activeWindow)
    let saved = try state.workspaceTemplate(named: "r\(seed)", title: "r")
    #expect(saved.windows.map(\.title) == filled.windows.map(\.title))
    #expect(saved.activeWindow == filled.activeWindow)
    for (built, given) in zip(saved.windows, filled.windows) {
      #expect(built.identifier == given.identifier || given.identifier == nil)
      #expect(built.root.nodeCount <= given.root.nodeCount)
    }
  }

  /// Errors name the JSON path in each file's own spelling.
  @Test(arguments: [
    (#"{"layout": "x", "windows": []}"#, "$.windows: expected a non-empty array of windows"),
    (#"{"layout": "x", "windows": [3]}"#, "$.windows[0]: expected an object"),
    (
      #"{"layout": "x", "windows": [{"id": "a", "root": {"route": "a"}}, {"id": "a", "root": {"route": "b"}}]}"#,
      "$.windows[1].id: duplicate window identifier 'a' (first at $.windows[0])"
    ),
    (
      #"{"layout": "x", "windows": [{"id": "", "root": {"route": "a"}}]}"#,
      "$.windows[0].id: expected a window identifier"
    ),
    (#"{"layout": "x", "windows": [{"window": "a"}]}"#, "$.windows[0]: missing 'tabs'"),
    (
      #"{"layout": "x", "windows": [{"root": {"route": "a"}, "tabs": [{"route": "b"}]}]}"#,
      "$.windows[0]: both 'root' and 'tabs'"
    ),
    (
      #"{"layout": "x", "windows": [{"root": {"route": "a"}}], "active": 1}"#,
      "$.active: expected a window's index from 0 to 0"
    ),
    (
      #"{"layout": "x", "windows": [{"root": {"route": "a"}}], "tabs": [{"route": "b"}]}"#,
      "$.tabs: a window's member, but the layout gives 'windows'"
    ),
    (
      #"{"layout": "x", "windows": [{"root": {"route": "a", "mark": "m"}}, {"root": {"route": "b", "mark": "m"}}]}"#,
      "$.windows[1].root.mark: mark 'm' is held by another pane already"
    ),
    (
      #"{"layout": "x", "windows": [{"tabs": [{"route": "a", "floating": [{"route": "f", "rect": [0, 0, 1.5, 1]}]}]}]}"#,
      "$.windows[0].tabs[0].floating[0].rect[2]: expected a number from 0 to 1"
    ),
    (
      #"{"layout": "x", "tabs": [{"route": "a", "floating": [{"route": "f", "rect": [0.5, 0, 0.6, 1]}]}]}"#,
      "$.tabs[0].floating[0].rect[2]: the rectangle reaches past the tab's right edge"
    ),
    (
      #"{"layout": "x", "tabs": [{"route": "a", "floating": [{"route": "f", "rect": [0, 0.5, 0.5, 0.6]}]}]}"#,
      "$.tabs[0].floating[0].rect[3]: the rectangle reaches past the tab's bottom edge"
    ),
    (
      #"{"layout": "x", "tabs": [{"route": "a", "floating": [{"route": "f", "rect": [0, 0, 0, 1]}]}]}"#,
      "$.tabs[0].floating[0].rect[2]: expected a positive size"
    ),
    (
      #"{"layout": "x", "tabs": [{"route": "a", "floating": [{"route": "f", "rect": [0, 0, 1]}]}]}"#,
      "$.tabs[0].floating[0].rect: expected [x, y, width, height]"
    ),
    (
      #"{"layout": "x", "tabs": [{"route": "a", "floating": []}]}"#,
      "$.tabs[0].floating: expected a non-empty array"
    ),
    (
      #"{"layout": "x", "tabs": [{"route": "a", "floating": [{"h": [{"route": "f"}]}]}]}"#,
      "$.tabs[0].floating[0].h: a floating pane is a pane"
    ),
    (
      #"{"layout": "x", "tabs": [{"route": "a", "floating": [{"route": "f", "pinned": 1}]}]}"#,
      "$.tabs[0].floating[0].pinned: expected a Boolean"
    ),
    (
      #"{"layout": "x", "tabs": [{"route": "a", "floatingHidden": true}]}"#,
      "$.tabs[0].floatingHidden: a tab's floating layer, but it gives no 'floating'"
    ),
    (
      #"{"layout": "x", "tabs": [{"route": "a", "floatingFocused": true, "floatingHidden": true, "floating": [{"route": "f"}]}]}"#,
      "$.tabs[0].floating: a focused floating layer shows a pane"
    ),
    (
      #"{"layout": "x", "tabs": [{"h": [{"route": "a", "floating": [{"route": "f"}]}]}]}"#,
      "$.tabs[0].h[0].floating: a tab's floating panes, but this node is not a tab"
    ),
    (
      #"{"layout": "x", "scope": "workspace", "root": {"route": "a", "floating": [{"route": "f"}]}}"#,
      "$.root.floating: a tab's floating panes, but this node is not a tab"
    ),
    (
      #"{"layout": "x", "tabs": [{"route": "a", "mark": "m", "floating": [{"route": "f", "mark": "m"}]}]}"#,
      "$.tabs[0].floating[0].mark: mark 'm' is held by another pane already"
    ),
  ])
  func malformedLayoutsNameTheirJSONPath(text: String, expected: String) {
    do {
      let template = try LayoutFile.decode(Array(text.utf8), path: "l.json")
      Issue.record("read \(template) from \(text)")
    } catch {
      #expect("\(error)".contains(expected), "\(error)")
    }
  }

  @Test func moreThanSixtyFourWindowsAreRefusedNamingTheFirstOver() {
    let window = #"{"root": {"route": "a"}}"#
    let windows = Array(repeating: window, count: 65).joined(separator: ", ")
    let layout = #"{"layout": "x", "windows": ["# + windows + "]}"
    #expect(
      throws: WorkspaceFileError.invalid(
        path: "l.json", location: "$.windows[64]", reason: "more than 64 windows")
    ) {
      try LayoutFile.decode(Array(layout.utf8), path: "l.json")
    }
    let file =
      #"{"format": "workspace-templates", "version": 2, "templates": [{"name": "x", "scope": "workspace", "windows": ["#
      + windows + "]}]}"
    #expect(
      throws: WorkspaceFileError.invalid(
        path: "t.json", location: "$.templates[0].windows[64]", reason: "more than 64 windows")
    ) {
      try TemplatesFile.decode(Array(file.utf8), path: "t.json")
    }
  }

  @Test(arguments: [
    (#""windows": []"#, "$.templates[0].windows: expected a non-empty array of windows"),
    (
      #""windows": [{"id": "a", "root": {"kind": "pane", "router": {"root": "a"}}}, {"id": "a", "root": {"kind": "pane", "router": {"root": "b"}}}]"#,
      "$.templates[0].windows[1].id: duplicate window identifier 'a'"
    ),
    (
      #""windows": [{"active": true, "root": {"kind": "pane", "router": {"root": "a"}}}, {"active": true, "root": {"kind": "pane", "router": {"root": "b"}}}]"#,
      "$.templates[0].windows[1].active: a second active window"
    ),
    (
      #""windows": [{"root": {"kind": "tabs", "titles": ["t"], "children": [{"kind": "pane", "router": {"root": "a"}, "floating": {"panes": [{"frame": [0, 0, 2, 1], "node": {"kind": "pane", "router": {"root": "f"}}}]}}]}}]"#,
      "$.templates[0].windows[0].root.children[0].floating.panes[0].frame[2]: expected a number from 0 to 1"
    ),
    (
      #""windows": [{"root": {"kind": "pane", "router": {"root": "a"}, "floating": {"panes": [{"node": {"kind": "pane", "router": {"root": "f"}}}]}}}]"#,
      "$.templates[0].windows[0].root.floating: a tab's floating panes, but this node is not a tab"
    ),
    (
      #""root": {"kind": "pane", "router": {"root": "a"}, "floating": {"panes": [{"node": {"kind": "split", "axis": "horizontal", "children": [{"kind": "pane", "router": {"root": "f"}}]}}]}}"#,
      "$.templates[0].root.floating.panes[0].node: a floating node is a pane"
    ),
    (
      #""root": {"kind": "pane", "router": {"root": "a"}, "floating": {"panes": []}}"#,
      "$.templates[0].root.floating.panes: expected a non-empty array of floating panes"
    ),
  ])
  func malformedTemplatesFilesNameTheirJSONPath(member: String, expected: String) {
    let scope = member.hasPrefix(#""windows""#) ? #""scope": "workspace", "# : ""
    let text =
      #"{"format": "workspace-templates", "version": 2, "templates": [{"name": "x", "#
      + scope + member + "}]}"
    do {
      let library = try TemplatesFile.decode(Array(text.utf8), path: "t.json")
      Issue.record("read \(library) from \(text)")
    } catch {
      #expect("\(error)".contains(expected), "\(error)")
    }
  }
}
