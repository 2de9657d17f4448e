import PaneRouter
import Workspace

/// What changed between two saved states of a workspace file, as `wsctl watch` sees it with
/// no live host: the commands, when the undo history tells them, and the difference itself.
///
/// The file does not say which commands wrote it, but its undo history does: when the new
/// history extends the old one, the entries added are the commands (their labels are the
/// commands' words, as a live host prints them); entries moved to the redo list are an
/// `undo`, entries moved back a `redo`. Whatever the history says, the difference is
/// described too: tabs and panes added or removed, routers and titles changed, focus, zoom,
/// the recorded sizes, the templates, and a history rewritten some other way.
///
///     let change = FileChange(from: before, to: after)
///     change.commands     // ["push detail:9"]
///     change.differences  // ["%3 router inbox -> detail:9 (depth 1 -> 2)", "changed %3"]
package struct FileChange: Equatable, Sendable {
  /// How the undo history moved from one state to the next.
  package enum HistoryStep: Equatable, Sendable {
    /// Entries were added: commands recorded.
    case recorded
    /// That many entries moved from the undo list to the redo list.
    case undone(Int)
    /// That many entries moved from the redo list back to the undo list.
    case redone(Int)
  }

  /// A router that changed, on a node present in both states.
  package struct RouterChange: Equatable, Sendable {
    /// The node that owns the router.
    package let node: NodeID
    /// The router before.
    package let before: RouterState
    /// The router after.
    package let after: RouterState
  }

  /// A pane whose title changed.
  package struct TitleChange: Equatable, Sendable {
    /// The pane.
    package let node: NodeID
    /// The title before.
    package let before: String
    /// The title after.
    package let after: String
  }

  /// The revision of the new state.
  package let revision: Int
  /// How the history moved, if it tells the commands; `nil` when it does not.
  let historyStep: HistoryStep?
  /// The commands' words, one string per command, as a live host's change lists them; empty
  /// when the history does not tell them.
  package let commands: [String]
  /// The focused pane before.
  package let focusBefore: NodeID
  /// The focused pane after.
  package let focusAfter: NodeID
  /// The zoomed pane before, if one was.
  let zoomBefore: NodeID?
  /// The zoomed pane after, if one is.
  let zoomAfter: NodeID?
  /// The nodes created, changed or deleted, in id order.
  package let changedNodes: [NodeID]
  /// The tabs (children of a tab container) added, in id order.
  let tabsAdded: [NodeID]
  /// The tabs removed, in id order.
  let tabsRemoved: [NodeID]
  /// The panes added, in id order.
  let panesAdded: [NodeID]
  /// The panes removed, in id order.
  let panesRemoved: [NodeID]
  /// The routers changed on nodes present in both states, in id order.
  package let routers: [RouterChange]
  /// The panes renamed, in id order.
  package let titles: [TitleChange]
  /// The described difference, one item each, in the order the line prints them.
  let differences: [String]

  /// The change from one state of a file to the next.
  ///
  /// - Parameters:
  ///   - old: The state the watcher saw before.
  ///   - new: The state the file holds now.
  /// - Complexity: O(*n* log *n* + *h*²) at worst, for *n* nodes in the two states and *h*
  ///   undo entries; O(*n* log *n* + *h*) when the history did not drop old entries.
  package init(from old: WorkspaceState, to new: WorkspaceState) {
    revision = new.revision
    let step = Self.historyStep(from: old.history, to: new.history)
    historyStep = step?.step
    commands = step?.commands ?? []
    focusBefore = old.focusedPane
    focusAfter = new.focusedPane
    zoomBefore = old.zoomedPane
    zoomAfter = new.zoomedPane
    let ids = Set(old.nodes.keys).union(new.nodes.keys).sorted()
    let changed = ids.filter { old.node($0) != new.node($0) }
    let added = changed.filter { old.node($0) == nil }
    let removed = changed.filter { new.node($0) == nil }
    let tabsAdded = added.filter { new.isTab($0) }
    let tabsRemoved = removed.filter { old.isTab($0) }
    var routers: [RouterChange] = []
    var titles: [TitleChange] = []
    for id in changed {
      guard let before = old.node(id), let after = new.node(id) else { continue }
      if let was = before.router, let now = after.router, was != now {
        routers.append(RouterChange(node: id, before: was, after: now))
      }
      if before.isPane, after.isPane, before.title != after.title {
        titles.append(TitleChange(node: id, before: before.title, after: after.title))
      }
    }
    changedNodes = changed
    self.tabsAdded = tabsAdded
    self.tabsRemoved = tabsRemoved
    panesAdded = added.filter { new.node($0)?.isPane == true }
    panesRemoved = removed.filter { old.node($0)?.isPane == true }
    self.routers = routers
    self.titles = titles
    var items: [String] = []
    items += tabsAdded.map { "tab \($0) \(Self.quoted(new.tabTitle(of: $0))) added" }
    items += tabsRemoved.map { "tab \($0) \(Self.quoted(old.tabTitle(of: $0))) removed" }
    items += panesAdded.filter { !tabsAdded.contains($0) }.map { "pane \($0) added" }
    items += panesRemoved.filter { !tabsRemoved.contains($0) }.map { "pane \($0) removed" }
    items += routers.map { "\($0.node) router \(Self.describe($0.before, $0.after))" }
    items += titles.map { "\($0.node) title \(Self.quoted($0.before)) -> \(Self.quoted($0.after))" }
    if focusBefore != focusAfter { items.append("focus \(focusBefore) -> \(focusAfter)") }
    if zoomBefore != zoomAfter {
      items.append("zoom \(Self.spelled(zoomBefore)) -> \(Self.spelled(zoomAfter))")
    }
    if old.layoutSize != new.layoutSize {
      items.append("layout size \(Self.spelled(old.layoutSize)) -> \(Self.spelled(new.layoutSize))")
    }
    if old.minimumPaneSize != new.minimumPaneSize {
      items.append("minimum size \(old.paneMinimum) -> \(new.paneMinimum)")
    }
    if old.templates != new.templates { items.append("templates changed") }
    if step == nil, old.history != new.history { items.append("history changed") }
    if !changed.isEmpty {
      items.append("changed " + changed.map(\.description).joined(separator: " "))
    }
    differences = items
  }

  /// A router's change in a few words: what it shows before and after (the stack's top, and
  /// a modal's top after its style), with the depth when it changed; the whole stacks when
  /// neither tells the change; else its kind, or just that it changed (a limit, a kept
  /// member).
  ///
  ///     detail:7 -> detail:8
  ///     inbox -> detail:9 (depth 1 -> 2)
  ///     detail:1 -> detail:1 sheet compose
  private static func describe(_ before: RouterState, _ after: RouterState) -> String {
    func shown(_ stack: RouteStack<RouteToken>) -> String {
      "\(stack.current)" + (stack.modal.map { " \($0.style) \($0.current)" } ?? "")
    }
    func whole(_ stack: RouteStack<RouteToken>) -> String {
      "[\(stack.stack.map(\.description).joined(separator: ", "))]"
        + (stack.modal.map {
          " \($0.style) [\($0.stack.map(\.description).joined(separator: ", "))]"
        } ?? "")
    }
    let (was, now) = (before.stack, after.stack)
    if shown(was) != shown(now) {
      let depth = was.depth == now.depth ? "" : " (depth \(was.depth) -> \(now.depth))"
      return "\(shown(was)) -> \(shown(now))\(depth)"
    }
    if whole(was) != whole(now) { return "\(whole(was)) -> \(whole(now))" }
    return before.kind == after.kind ? "changed" : "kind '\(before.kind)' -> '\(after.kind)'"
  }

  private static func quoted(_ title: String) -> String { "'\(title)'" }

  private static func spelled(_ id: NodeID?) -> String { id.map(\.description) ?? "none" }

  private static func spelled(_ size: Size?) -> String { size.map(\.description) ?? "none" }
}

extension WorkspaceState {
  /// Whether a node is a tab: a child of a tab container.
  fileprivate func isTab(_ id: NodeID) -> Bool {
    guard let parent = node(id)?.parent else { return false }
    return node(parent)?.kind == .tabs
  }

  /// A tab's title, from its container.
  fileprivate func tabTitle(of id: NodeID) -> String {
    guard let parent = node(id)?.parent, let container = node(parent),
      let index = container.children.firstIndex(of: id), index < container.tabTitles.count
    else { return "" }
    return container.tabTitles[index]
  }
}
