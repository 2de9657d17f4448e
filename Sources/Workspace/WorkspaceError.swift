import PaneRouter

/// A command the workspace refuses: its state does not allow it (no such pane, no neighbour
/// that way, a router guard, the last pane), or its values are out of range. A command that
/// throws changes nothing.
///
/// Command text that does not parse throws a ``CommandSyntaxError`` instead.
public enum WorkspaceError: Error, Hashable, Sendable {
  /// No visible pane has this number, or no pane this id.
  case noSuchPane(PaneReference)
  /// The node exists but is not a pane.
  case notAPane(NodeID)
  /// No node has this id.
  case noSuchNode(NodeID)
  /// No pane was focused before the focused one.
  case noPreviousPane
  /// No pane lies in that direction.
  case noNeighbour(Direction)
  /// The command would close the last pane of the workspace.
  case lastPane
  /// No tab has this 1-based number.
  case noSuchTab(Int)
  /// There is no earlier tab to go back to.
  case noPreviousTab
  /// The focused pane is not inside a tabs container.
  case noTabs
  /// A pane cannot swap with itself.
  case samePane(NodeID)
  /// `arrange` takes a pane or a split; the node is neither.
  case notArrangeable(NodeID)
  /// `arrange` would remove a split that owns a router, or merge it into a split with one.
  case arrangeWouldDropRouter(NodeID)
  /// `stack` without a direction for a pane whose parent is not a split.
  case noSplitToStack(NodeID)
  /// `stack` or `unstack` would merge a container that owns a router into one that owns
  /// another.
  case mergeWouldDropRouter(NodeID)
  /// `unstack` would leave a pane shown in full below the minimum pane size.
  case noSpaceToUnstack(NodeID, size: Size, minimum: Size)
  /// `break` of the only pane of its tab.
  case aloneInTab(NodeID)
  /// `join` beside the pane that moves.
  case joinedToItself(NodeID)
  /// No split has an edge of the focused pane to move in that direction.
  case noSplit(Direction)
  /// A split would leave a pane smaller than the minimum pane size: the pane to split, its
  /// size and the minimum, at ``WorkspaceState/layoutArea``.
  case noSpaceForNewPane(NodeID, size: Size, minimum: Size)
  /// The node that a resize shrinks (a pane, or a split of panes) is already at its minimum
  /// length along the direction's axis.
  case atMinimumSize(Direction, node: NodeID, length: Int)
  /// A size out of range: a recorded layout size or a minimum pane size.
  case invalidSize(Size, expected: ClosedRange<Int>)
  /// A ratio or amount outside 0 < value < 1.
  case invalidFraction(Double)
  /// A count below 1.
  case invalidCount(Int)
  /// The node's router refused the operation.
  case routeRejected(RouteRejection, operation: String, node: NodeID)
  /// The node has no router.
  case noRouter(NodeID)
  /// The node's router holds routes of another kind.
  case routerKindMismatch(NodeID, stored: String, requested: String)
  /// A stored token of the node's router does not name a route of the requested type.
  case unreadableRoute(NodeID, token: RouteToken, kind: String)
  /// A command would store a route token in a node's router that the route type registered
  /// for the router's kind cannot read (see ``RouteRegistry``); `reason` is the type's error.
  case refusedRoute(RouteToken, node: NodeID, reason: String)
  /// A command would open a pane (a split, a tab, a template's) whose router, of `kind`,
  /// could not read its route: the same refusal for a pane that never came to exist.
  case refusedNewRoute(RouteToken, kind: String, reason: String)
  /// No template has this name; `existing` names the templates there are, sorted.
  case noSuchTemplate(String, existing: [String])
  /// A template of this name exists (saving over it needs `replacing`, `--force` in words).
  case templateExists(String)
  /// A template name that ``WorkspaceTemplate/isValidName(_:)`` refuses (empty, a space…).
  case invalidTemplateName(String)
  /// A template whose tree holds no pane.
  case templateWithoutPane(String)
  /// A title or route argument of a template whose braces do not read as placeholders.
  case malformedPlaceholder(TemplateTextError)
  /// A node of a kind this version does not know, which a template cannot rebuild.
  case unknownNodeInTemplate(NodeID, kind: String)
  /// Applying a template without a value for one of its parameters.
  case missingTemplateParameter(String, template: String)
  /// Applying a template with a value for a name that is none of its parameters.
  case unknownTemplateParameter(String, template: String, expected: [String])
  /// A parameter's value that cannot stand in a route argument of the template.
  case invalidTemplateArgument(String, value: String, reason: String)
  /// A template added to the workspace holds a fixed route (one with no placeholder) that
  /// the route type registered for its router's kind cannot read; `reason` is the type's
  /// error.
  case refusedTemplateRoute(RouteToken, template: String, reason: String)
  /// The owner's file could not hold the state the command would leave (a title or token
  /// too long once escaped, a file over its size limit); the message names the limit and
  /// the JSON path, as the store says it.
  case unsavable(String)
  /// No closed pane or tab to reopen: none was closed, or every one closed is open again.
  case nothingToReopen
  /// Fewer closed panes and tabs can be reopened than the number asked for; `count` is how
  /// many can.
  case noSuchClosedEntry(Int, count: Int)
  /// Nothing to undo.
  case nothingToUndo
  /// Nothing to redo.
  case nothingToRedo
  /// A mark that ``WorkspaceState/isValidMark(_:)`` refuses (a number, a direction, a
  /// command word, a space…).
  case invalidMark(String)
  /// `at TARGET` with a command that does not act on the focused pane or tab (see
  /// ``WorkspaceCommand/isTargetable``), named by its word.
  case notTargetable(String)
  /// No window has this 1-based number; `count` is how many there are.
  case noSuchWindow(Int, count: Int)
  /// `window close` of the only window.
  case lastWindow
  /// `window last` with no window used before the active one.
  case noPreviousWindow
  /// Moving a pane or tab to the window it is in (its 1-based number).
  case sameWindow(Int)
  /// Moving the only pane or tab of a window out of it.
  case aloneInWindow(NodeID)
  /// `window new`, or `reopen` of a closed window, past ``WorkspaceState/windowLimit``.
  case tooManyWindows(Int)
  /// A pane named by id or mark lies in another window (its 1-based number): commands act
  /// in the active window.
  case inOtherWindow(NodeID, window: Int)
  /// `window N COMMAND` with a command that cannot run in another window (a window command,
  /// undo, redo), named by its word.
  case notWindowTargetable(String)
  /// A command that acts on a tiled pane's place (`split`, `swap`, `move`, `resize`, `zoom`,
  /// `arrange`, `break`, `join`), named by its word, on a floating pane.
  case floatingPane(NodeID, command: String)
  /// A command of floating panes (`float move`, `float resize`, `float pin`) on a tiled pane.
  case notFloating(NodeID)
  /// `float` of the last tiled pane of its tab (or of a window without tabs), which keeps at
  /// least one, as Zellij does.
  case lastTiledPane(NodeID)
  /// `focus float`, `float hide` or `float unhide` in a tab without floating panes.
  case noFloatingPanes
  /// `float move` or `float resize` that cannot move the pane, or its corner, that way: it is
  /// at the edge of its tab, or at its smallest.
  case floatingAtLimit(NodeID, Direction)
  /// `join` of the only tiled pane of a tab that has floating panes, which would lose their
  /// tab.
  case tabHoldsFloatingPanes(NodeID)
  /// A template built in code whose floating panes or windows cannot be built: a floating
  /// layer on a node that is not a tab, an empty layer, a floating pane that is not a pane or
  /// whose rectangle is not valid; no windows, more than ``WorkspaceState/windowLimit``, an
  /// active window out of range, an invalid or repeated window identifier. `reason` says which.
  case malformedTemplate(String, reason: String)

  /// The exit code a program reports: ``ExitCode/usage`` for a value out of range (a
  /// ratio, a count, a size: the command is malformed whatever the state) and for a
  /// template's name or parameters that cannot be right (an invalid name, a parameter
  /// missing, unknown, or with a value no route can hold) and a route the pane's route type
  /// cannot read (the token is malformed for that pane, in a host as in a file whose host
  /// published its route types), else ``ExitCode/refused``.
  public var exitCode: ExitCode {
    switch self {
    case .invalidFraction, .invalidCount, .invalidSize, .invalidTemplateName, .invalidMark,
      .notTargetable, .notWindowTargetable,
      .missingTemplateParameter, .unknownTemplateParameter, .invalidTemplateArgument,
      .refusedRoute, .refusedNewRoute:
      .usage
    default: .refused
    }
  }
}

extension WorkspaceError {
  /// `'a', 'b', 'c'`.
  static func quotedList(_ names: [String]) -> String {
    names.map { "'\($0)'" }.joined(separator: ", ")
  }
}

extension WorkspaceError: CustomStringConvertible {
  /// A short, lower-case message quoting the offending word, id or route.
  public var description: String {
    switch self {
    case .noSuchPane(.mark(let name)): "no pane marked '\(name)'"
    case .noSuchPane(.last): "no previously focused pane"
    case .noSuchPane(let reference): "no pane \(reference)"
    case .notAPane(let id): "\(id) is not a pane"
    case .noSuchNode(let id): "no node \(id)"
    case .noPreviousPane: "no previously focused pane"
    case .noNeighbour(let direction): "no pane \(direction) of the focused pane"
    case .lastPane: "cannot close the last pane"
    case .noSuchTab(let number): "no tab \(number)"
    case .noPreviousTab: "no previous tab"
    case .noTabs: "the focused pane is not in a tab"
    case .samePane(let id): "cannot swap \(id) with itself"
    case .notArrangeable(let id): "cannot arrange \(id): it is neither a pane nor a split"
    case .arrangeWouldDropRouter(let id): "cannot arrange: the router of split \(id) would be lost"
    case .noSplitToStack(let id): "cannot stack \(id): it is not in a split"
    case .mergeWouldDropRouter(let id):
      "the router of \(id) would be lost: it would merge into a container with a router"
    case .noSpaceToUnstack(let id, let size, let minimum):
      "cannot unstack \(id): it is \(size), too small for its members at the minimum pane "
        + "size \(minimum)"
    case .aloneInTab(let id): "cannot break \(id) out: it is the only pane of its tab"
    case .joinedToItself(let id): "cannot join \(id) beside itself"
    case .noSplit(let direction): "no split to resize \(direction)"
    case .noSpaceForNewPane(let id, let size, let minimum):
      "no space for new pane: \(id) is \(size) and the minimum pane size is \(minimum)"
    case .atMinimumSize(let direction, let id, let length):
      "cannot resize \(direction): \(id) is at its minimum "
        + "\(direction.axis == .horizontal ? "width" : "height") of \(length)"
    case .invalidSize(let size, let lengths):
      "size '\(size)' is out of range: each length must be from \(lengths.lowerBound) to "
        + "\(lengths.upperBound)"
    case .invalidFraction(let value): "'\(value)' is not between 0 and 1"
    case .invalidCount(let count): "count '\(count)' is not positive"
    case .routeRejected(let rejection, let operation, _): "\(operation) rejected: \(rejection)"
    case .noRouter(let id): "\(id) has no router"
    case .routerKindMismatch(let id, let stored, let requested):
      "router of \(id) holds '\(stored)' routes, not '\(requested)'"
    case .unreadableRoute(let id, let token, let kind):
      "route '\(token)' of \(id) is not a '\(kind)' route"
    case .refusedRoute(let token, let node, let reason):
      "\(node) cannot hold route '\(token)': \(reason)"
    case .refusedNewRoute(let token, let kind, let reason):
      "a new \(kind) pane cannot hold route '\(token)': \(reason)"
    case .noSuchTemplate(let name, let existing):
      "no template '\(name)'; "
        + (existing.isEmpty
          ? "there are none" : "the templates are \(Self.quotedList(existing))")
    case .templateExists(let name): "template '\(name)' exists (--force replaces it)"
    case .invalidTemplateName(let name):
      "invalid template name '\(name)': expected 1 to \(WorkspaceTemplate.maximumNameBytes) "
        + "bytes of letters, digits, '_', '-' or '.', not starting with '-' or '.'"
    case .templateWithoutPane(let name): "template '\(name)' holds no pane"
    case .malformedTemplate(let name, let reason): "template '\(name)': \(reason)"
    case .malformedPlaceholder(let error): "malformed placeholder: \(error)"
    case .unknownNodeInTemplate(let id, let kind):
      "\(id) is a node of unknown kind '\(kind)', which a template cannot hold"
    case .missingTemplateParameter(let parameter, let template):
      "template '\(template)' needs a value for '\(parameter)' (\(parameter)=VALUE)"
    case .unknownTemplateParameter(let parameter, let template, let expected):
      "template '\(template)' has no parameter '\(parameter)'; "
        + (expected.isEmpty ? "it takes none" : "it takes \(Self.quotedList(expected))")
    case .invalidTemplateArgument(let parameter, let value, let reason):
      "invalid value '\(value.count > 40 ? value.prefix(40) + "…" : value)' for '\(parameter)': "
        + reason
    case .refusedTemplateRoute(let token, let template, let reason):
      "template '\(template)' cannot hold route '\(token)': \(reason)"
    case .unsavable(let message): message
    case .nothingToReopen: "nothing to reopen: no closed pane or tab"
    case .noSuchClosedEntry(let number, let count):
      "no closed entry \(number): \(count == 1 ? "one pane or tab" : "\(count) panes and tabs") "
        + "can be reopened"
    case .nothingToUndo: "nothing to undo"
    case .nothingToRedo: "nothing to redo"
    case .notTargetable(let word): "'at' cannot run '\(word)': it does not act on a pane or tab"
    case .noSuchWindow(let number, let count):
      "no window \(number): the workspace has \(count == 1 ? "one window" : "\(count) windows")"
    case .lastWindow: "cannot close the last window"
    case .noPreviousWindow: "no previously active window"
    case .sameWindow(let number): "already in window \(number)"
    case .aloneInWindow(let id):
      "cannot move \(id) out: it is all of its window (window close closes a window)"
    case .tooManyWindows(let limit): "a workspace holds at most \(limit) windows"
    case .inOtherWindow(let id, let window):
      "\(id) is in window \(window): commands act in the active window (window \(window), or "
        + "'window \(window) COMMAND')"
    case .notWindowTargetable(let word):
      "'window N' cannot run '\(word)': it acts on windows or the history"
    case .floatingPane(let id, let word):
      "'\(word)' acts on tiled panes and \(id) floats ('embed' puts it back)"
    case .notFloating(let id): "\(id) does not float ('float' floats it)"
    case .lastTiledPane(let id):
      "cannot float \(id): it is the last tiled pane of its tab or window, which keeps one"
    case .noFloatingPanes: "the focused tab has no floating panes"
    case .floatingAtLimit(let id, let direction):
      "floating pane \(id) cannot go further \(direction)"
    case .tabHoldsFloatingPanes(let id):
      "cannot move \(id): it is the only tiled pane of a tab with floating panes"
    case .invalidMark(let name):
      "invalid mark '\(name)': expected a letter or _, then letters, digits, _, - or ., "
        + "not a command word, direction, next, prev or last"
    }
  }
}
