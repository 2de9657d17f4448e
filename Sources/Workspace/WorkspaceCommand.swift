import PaneRouter

/// One command on a workspace: focus, layout, tabs, titles, routing, undo and redo.
///
/// Commands come from code or from text through ``CommandParser``; `WorkspaceState.apply(_:)`
/// applies them as a transaction. `description` prints the words that parse back to the same
/// command.
public indirect enum WorkspaceCommand: Hashable, Sendable {
  /// Focus a pane by number or id, by direction, in reading order, or the last one used.
  case focus(FocusTarget)
  /// Split the focused pane; the new pane gets `ratio` of the space (default one half), the
  /// router root `root` (default a copy of the focused pane's root) and, unless `focusing` is
  /// `false` (`split -d`, as tmux's `split-window -d`), focus. It copies the
  /// focused pane's title and its router's limits: follow with `.rename(_:)` in the same
  /// transaction to give it another title. Its router's kind is `kind` (the typed overload
  /// gives its route type's); without one, in a workspace with route types, the one
  /// registered kind that reads `root` if exactly one does, else the focused pane's.
  case split(
    Axis, ratio: Double? = nil, root: RouteToken? = nil, kind: String? = nil,
    focusing: Bool = true)
  /// Close a pane (default the focused one).
  case close(PaneReference? = nil)
  /// Open a tab at the end of the nearest tabs container, with a pane titled `title` whose
  /// router root is `root` (default a copy of the focused pane's root); the title defaults to
  /// the name of the root's token. Its router's kind is chosen as for
  /// ``split(_:ratio:root:kind:focusing:)``. Unless `focusing` is `false` (`tab new -d`, as
  /// tmux's `new-window -d`), the new tab is selected and its pane focused.
  case newTab(
    title: String? = nil, root: RouteToken? = nil, kind: String? = nil, focusing: Bool = true)
  /// Select a tab of the nearest tabs container.
  case selectTab(TabTarget)
  /// Close a tab (1-based; default the selected one) with every pane in it.
  case closeTab(Int? = nil)
  /// Move the selected tab to a 1-based position.
  case moveTab(to: Int)
  /// Rename the selected tab of the nearest tabs container.
  case renameTab(String)
  /// Exchange the focused pane with a neighbour or another pane.
  case swap(SwapTarget)
  /// Move the focused pane one place in a direction, into a neighbouring position.
  case move(Direction)
  /// Move an edge of the focused pane in a direction by a fraction of the split that owns
  /// the edge (see `resize left|right|up|down AMOUNT` in `docs/COMMANDS.md` for which edge).
  case resize(Direction, amount: Double)
  /// Move an edge of the focused pane in a direction by a number of cells of the layout at
  /// ``WorkspaceState/layoutArea``.
  case resizeByCells(Direction, Int)
  /// Set the workspace's minimum pane size, or go back to the default with `nil`.
  case setMinimumPaneSize(Size?)
  /// Give every child of every visible split an equal share.
  case equalize
  /// Rebuild the splits of the active tab (or of the tab holding the pane `at` names, or of
  /// the split whose id it is) into a preset arrangement, as tmux's `select-layout`, or the
  /// next or previous preset, as its `next-layout` and `previous-layout`.
  case arrange(Arrangement, at: PaneReference? = nil)
  /// Move a pane (default the focused one) out of its tab into a new tab, focused unless
  /// `staying`, as tmux's `break-pane [-d]`.
  case breakPane(PaneReference? = nil, staying: Bool = false)
  /// Move the focused pane beside another pane in any tab, splitting it along `axis`
  /// (default vertical) with `ratio` of its space (default one half) for the moved pane, as
  /// tmux's `join-pane`; it keeps focus unless `staying`.
  case joinPane(PaneReference, axis: Axis? = nil, ratio: Double? = nil, staying: Bool = false)
  /// Make the focused pane's split a stack, or with a direction, join the focused pane to
  /// the stack of the pane that way, or make one with it.
  case stack(Direction? = nil)
  /// Make the stack around the focused pane a split of its axis with equal weights.
  case unstack
  /// Toggle showing the focused pane alone.
  case zoom
  /// Float the focused pane: it leaves the tiled tree of its tab (which keeps at least one
  /// tiled pane) for the tab's floating layer, centred at half the tab's size, on top and
  /// focused, with its id and router. A workspace without tabs becomes one tab first, as
  /// `tab new` makes it. A floating pane stays as it is.
  case float
  /// Put the focused floating pane back among the tiled panes of its tab, beside the tiled
  /// pane focused last there, with its id and router. A tiled pane stays as it is.
  case embed
  /// Move the focused floating pane by a number of cells of the layout at
  /// ``WorkspaceState/layoutArea``, as far as its tab's edge.
  case moveFloating(Direction, cells: Int = 1)
  /// Move the bottom-right corner of the focused floating pane by a number of cells (`right`
  /// and `down` grow it, `left` and `up` shrink it), between the minimum pane size and its
  /// tab's edge.
  case resizeFloating(Direction, cells: Int = 1)
  /// Pin (`true`) or unpin the focused floating pane: a pinned pane stays shown while its
  /// layer is hidden.
  case pinFloating(Bool)
  /// Show (`true`, focusing the top floating pane) or hide the floating panes of the focused
  /// pane's tab; while hidden, only the pinned ones are shown.
  case showFloating(Bool)
  /// Rename the focused pane.
  case rename(String)
  /// A router operation on the router of a node (default the focused pane).
  case route(RouteOperation<RouteToken>, at: NodeID? = nil)
  /// Store the active tab (the selected tab around the focused pane, or the whole tree if
  /// there is no tabs container), or the subtree of `node` (a pane number, or any node's id),
  /// as a template named `name`: its shape, weights, titles and router roots. With
  /// `replacing`, a template of the same name is replaced; without, it is refused.
  case saveTemplate(String, node: PaneReference? = nil, replacing: Bool = false)
  /// Add a template built in code (a host's own, or one read from a templates file) to
  /// ``WorkspaceState/templates``; with `replacing`, a template of the same name is replaced,
  /// without, it is refused. Its words name the template, so they parse back to
  /// ``saveTemplate(_:node:replacing:)``.
  case addTemplate(WorkspaceTemplate, replacing: Bool = false)
  /// Remove the template named `name`.
  case removeTemplate(String)
  /// Open a new tab (in the nearest tabs container, as `tab new`) built from the template
  /// named `name` of ``WorkspaceState/templates``, each placeholder replaced by its value.
  case applyTemplate(String, parameters: [String: String] = [:])
  /// Open a new tab built from a template given with the command (a templates file's, or a
  /// host's own), as ``applyTemplate(_:parameters:)`` does; its words name the template,
  /// so they parse back to ``applyTemplate(_:parameters:)``.
  case openTemplate(WorkspaceTemplate, parameters: [String: String] = [:])
  /// Reconcile the active tab (a whole workspace template: the whole workspace) with the
  /// template named `name`, as Zellij's `override-layout` does: the panes it names (by mark,
  /// then by title)
  /// are kept where it puts them, with their routers, history and ids; the panes it adds are
  /// opened; the others are closed, or with `keepingOthers` kept beside it. One undoable
  /// change; ``WorkspaceChange/reconciliations`` says what it did.
  case reconcileTemplate(String, parameters: [String: String] = [:], keepingOthers: Bool = false)
  /// Reconcile with a template given with the command (a layout file's), as
  /// ``reconcileTemplate(_:parameters:keepingOthers:)`` does; its words name the template, so
  /// they parse back to that case.
  case reconcileWithTemplate(
    WorkspaceTemplate, parameters: [String: String] = [:], keepingOthers: Bool = false)
  /// Mark the focused pane with a name unique in the workspace (valid by
  /// ``WorkspaceState/isValidMark(_:)``), which commands then take as a target: the pane that
  /// held it loses it (as i3's `mark` moves a mark), and the pane's own mark, if any, is
  /// replaced.
  case mark(String)
  /// Remove the mark `name` from the pane that holds it, or the focused pane's mark with
  /// `nil`.
  case unmark(String? = nil)
  /// Run a command that acts on the focused pane or tab (see ``isTargetable``) on `target`'s
  /// instead, as if it were focused, without moving focus: the focused pane, the active
  /// children, the selected tabs and the most-recently-used list stay as they were (unless
  /// the command closed the focused pane, or zooms, whose point is to show `target`).
  ///
  /// `.at(.id(n), .route(operation))` does what ``route(_:at:)-enum.case`` does for a pane and is
  /// spelled as it is: `at %n push x`.
  case at(PaneReference, WorkspaceCommand)
  /// Bring back a closed pane or tab (the `number`th most recently closed that is not open
  /// again; default the last) with its ids, title and router (stack, modal, quarantined
  /// tokens, kind, limits) where it stood, or as near as the tree allows, and focus it (see
  /// ``ClosedList``). One undoable change; undo and redo leave the closed list as it is.
  case reopen(Int = 1)
  /// Open a window of one pane whose router root is `root` (default a copy of the focused
  /// pane's root), titled `title` (default the root's name), and make it active; its kind is
  /// chosen as for ``newTab(title:root:kind:focusing:)``.
  case newWindow(title: String? = nil, root: RouteToken? = nil, kind: String? = nil)
  /// Make another window active.
  case selectWindow(WindowTarget)
  /// Close a window (1-based; default the active one) with everything in it; `reopen`
  /// brings it back.
  case closeWindow(Int? = nil)
  /// Rename the active window.
  case renameWindow(String)
  /// Move the focused pane to a new tab of window N, which becomes active.
  case movePaneToWindow(Int)
  /// Move the tab holding the focused pane to window N, which becomes active.
  case moveTabToWindow(Int)
  /// Run a command in window N as if it were active; the active window stays active.
  case inWindow(Int, WorkspaceCommand)
  /// Undo up to `count` recorded changes.
  case undo(count: Int = 1)
  /// Redo up to `count` undone changes.
  case redo(count: Int = 1)
}

/// A pane named by its number in reading order, its id, its mark, or as the one focused
/// before the focused one.
public enum PaneReference: Hashable, Sendable, CustomStringConvertible {
  /// The 1-based number of a visible pane, as `show` draws it.
  case number(Int)
  /// A stable id.
  case id(NodeID)
  /// The pane that holds a mark (`mark NAME`).
  case mark(String)
  /// The pane focused before the focused one (`last`).
  case last

  /// `3`, `%7`, `editor` or `last`.
  public var description: String {
    switch self {
    case .number(let number): "\(number)"
    case .id(let id): "\(id)"
    case .mark(let name): name
    case .last: "last"
    }
  }
}

/// Where `focus` goes.
public enum FocusTarget: Hashable, Sendable {
  /// A pane by number, id or mark (`.pane(.last)` is ``last``, and is spelled as it).
  case pane(PaneReference)
  /// The neighbour in a direction, by geometry; with `wrapping`, where there is none, the
  /// pane on the opposite side of the area.
  case direction(Direction, wrapping: Bool = false)
  /// The next visible pane in reading order, wrapping.
  case next
  /// The previous visible pane in reading order, wrapping.
  case previous
  /// The most recently used pane before the focused one.
  case last
  /// The top floating pane of the focused pane's tab (showing its layer if it is hidden).
  case floating
  /// The tiled pane focused last in the focused pane's tab.
  case tiled
}

/// Which tab `tab` selects.
public enum TabTarget: Hashable, Sendable {
  /// A 1-based tab number.
  case number(Int)
  /// The next tab, wrapping.
  case next
  /// The previous tab, wrapping.
  case previous
  /// The tab used most recently before the selected one.
  case last
}

/// What the focused pane swaps with.
public enum SwapTarget: Hashable, Sendable {
  /// The neighbour in a direction.
  case direction(Direction)
  /// A pane by number, id, mark, or the last one used.
  case pane(PaneReference)
}

extension WorkspaceCommand {
  /// Whether the command only moves focus or selects a tab: a cursor, which the history does
  /// not record. Zoom changes the layout and is recorded.
  var isNavigationOnly: Bool {
    switch self {
    case .focus, .selectTab, .selectWindow: true
    case .inWindow(_, let command): command.isNavigationOnly
    default: false
    }
  }

  /// Whether `at TARGET` can run the command on a target's pane or tab: every command that
  /// acts on the focused pane or tab, or opens beside it. Not those whose point is to move
  /// focus or select a tab, nor those of the whole workspace (`undo`, `redo`, `reopen`,
  /// `minimum-size`, the templates' list), nor `at` itself.
  public var isTargetable: Bool {
    switch self {
    case .focus, .selectTab, .setMinimumPaneSize, .addTemplate, .removeTemplate, .reopen,
      .undo, .redo, .at, .newWindow, .selectWindow, .closeWindow, .renameWindow,
      .movePaneToWindow, .moveTabToWindow, .inWindow:
      false
    case .route(_, let id): id == nil
    default: true
    }
  }

  /// Whether `window N COMMAND` can run the command in another window: every command but
  /// the window commands themselves, `undo` and `redo` (the history spans the workspace).
  public var isWindowTargetable: Bool {
    switch self {
    case .newWindow, .selectWindow, .closeWindow, .renameWindow, .movePaneToWindow,
      .moveTabToWindow, .inWindow, .undo, .redo:
      false
    default: true
    }
  }

  /// Whether applying the command may read the layout size (directional focus, a split's
  /// room, resize, …): all commands but router operations, renames, tab selection and focus
  /// by number, id or order, which never do. A caller with no recorded size need not work
  /// out an area to measure in for a batch of commands that do not.
  package var mayReadLayoutSize: Bool {
    switch self {
    case .route, .rename, .renameTab, .selectTab, .mark, .unmark: false
    case .at(_, let command), .inWindow(_, let command): command.mayReadLayoutSize
    case .selectWindow, .renameWindow: false
    case .focus(let target):
      switch target {
      case .pane, .next, .previous, .last, .floating, .tiled: false
      case .direction: true
      }
    default: true
    }
  }

  /// Whether the history does not record the command: it only moves focus or selects a tab,
  /// or it only navigates a router when navigation is not recorded (see ``UndoPolicy``).
  func isCursor(recordsNavigation: Bool) -> Bool {
    switch self {
    case .route: return !recordsNavigation
    case .at(_, let command), .inWindow(_, let command):
      return command.isCursor(recordsNavigation: recordsNavigation)
    default: return isNavigationOnly
    }
  }
}
