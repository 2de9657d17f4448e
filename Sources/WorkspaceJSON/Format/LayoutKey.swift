/// A member key of a layout file (`docs/FORMAT.md`, "Layout files"), each spelled once: the
/// terse spelling of a template that people write by hand, which ``LayoutFile`` reads and
/// writes.
///
///     {"layout": "dev", "root": {"h": [{"title": "Editor", "route": "ide/file:main.swift"}]}}
enum LayoutKey: String, CaseIterable, CustomStringConvertible {
  // The top level: the template's members, then the tree as `root` or as its tabs.
  case format, version, layout, title, scope, root, tabs, active
  // A node's own router, or a pane's in full.
  case router
  // A node: a split's children under its axis, a stack's members and axis, a pane's route, a
  // tab's title.
  case horizontal = "h"
  case vertical = "v"
  case stack, axis
  case weights, route, mark, tab
  // A tab's floating panes, its layer's focus and visibility, and a floating pane's rectangle
  // and pin.
  case floating, floatingFocused, floatingHidden, rect, pinned
  // The windows of a workspace: each its title (`window`), identifier and tree.
  case windows, window, id

  /// The key as the file spells it.
  var description: String { rawValue }

  /// The format name a layout file may state in `format`.
  static let formatName = "workspace-layout"

  /// The members of the top-level object; the others are kept as the template's unknown
  /// members.
  static let topLevel: Set<String> = spellings([
    .format, .version, .layout, .title, .scope, .root, .tabs, .active, .windows,
  ])

  /// The members of a window; the others are kept as the window's unknown members.
  static let windowMembers: Set<String> = spellings([.window, .id, .root, .tabs, .active])

  /// The members of a floating pane: a pane's and its rectangle and pin; the others are kept
  /// as the pane's unknown members.
  static let floatingPane: Set<String> = node.union(spellings([.rect, .pinned]))

  /// The members of a node; the others are kept as the node's unknown members.
  static let node: Set<String> = spellings([
    .horizontal, .vertical, .tabs, .stack, .axis, .weights, .active, .router, .route, .title,
    .mark, .tab, .floating, .floatingFocused, .floatingHidden,
  ])

  private static func spellings(_ keys: [LayoutKey]) -> Set<String> {
    Set(keys.map(\.rawValue))
  }
}
