/// Workspace files the tests write before running `wsctl`.
enum Fixtures {
  /// The built-in default workspace as `wsctl tree` prints it: two tabs, the first with two
  /// panes side by side, pane 1 (`%3`) focused.
  static let defaultTree = """
    %1 tabs selected 1
      [1 'Main'] %2 split horizontal active 1 weights 0.5 0.5
        %3 pane 'Inbox' [inbox] (focused)
        %4 pane 'Detail' [detail:1]
      [2 'Settings'] %5 pane 'Settings' [settings]

    """

  /// One pane whose router allows 100 routes, for long runs of pushes.
  static let deepRouter = """
    {
      "format": "workspace",
      "version": 3,
      "nextId": 2,
      "focus": 1,
      "mru": [1],
      "root": {
        "id": 1,
        "kind": "pane",
        "title": "Log",
        "router": {"kind": "token", "stack": ["log"], "maxDepth": 100}
      }
    }
    """

  /// A version 0 file: nodes name their kind `type`, routers their stack `routes`, and the
  /// focused pane is `focused`.
  static let version0 = """
    {
      "format": "workspace",
      "version": 0,
      "nextId": 4,
      "focused": 3,
      "root": {
        "id": 1,
        "type": "split",
        "axis": "vertical",
        "weights": [0.25, 0.75],
        "children": [
          {"id": 2, "type": "pane", "title": "Top",
           "router": {"kind": "token", "routes": ["inbox", "detail:3"]}},
          {"id": 3, "type": "pane", "title": "Bottom",
           "router": {"kind": "token", "routes": ["notes"]}}
        ]
      }
    }
    """

  /// A valid file that needs two repairs: two panes claim id 2, and `nextId` would reuse
  /// an id.
  static let needsRepairs = """
    {
      "format": "workspace",
      "version": 3,
      "nextId": 3,
      "focus": 2,
      "root": {
        "id": 1,
        "kind": "split",
        "axis": "horizontal",
        "weights": [0.5, 0.5],
        "children": [
          {"id": 2, "kind": "pane", "title": "A", "router": {"kind": "token", "stack": ["a"]}},
          {"id": 2, "kind": "pane", "title": "B", "router": {"kind": "token", "stack": ["b"]}}
        ]
      }
    }
    """

  /// Truncated JSON: the `}` on line 5, column 1, cannot follow `[1,`.
  static let corrupt = """
    {
      "format": "workspace",
      "version": 3,
      "root": [1,
    }
    """

  /// A file from a future version of the format.
  static let newerVersion = """
    {"format": "workspace", "version": 99, "root": {}}
    """

  /// A split whose tabs container owns a router, for `at %ID` and `routes %ID`.
  static let containerRouter = """
    {
      "format": "workspace",
      "version": 3,
      "nextId": 4,
      "focus": 2,
      "root": {
        "id": 1,
        "kind": "tabs",
        "titles": ["One", "Two"],
        "router": {"kind": "token", "stack": ["home"]},
        "children": [
          {"id": 2, "kind": "pane", "title": "One", "router": {"kind": "token", "stack": ["a"]}},
          {"id": 3, "kind": "pane", "title": "Two", "router": {"kind": "token", "stack": ["b"]}}
        ]
      }
    }
    """
}
