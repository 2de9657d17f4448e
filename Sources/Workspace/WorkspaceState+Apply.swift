import PaneRouter

extension WorkspaceState {
  /// Applies one command as a transaction.
  ///
  ///     try state.apply(.split(.horizontal))
  ///
  /// - Parameter command: The command.
  /// - Returns: What changed.
  /// - Throws: A ``WorkspaceError``; the state is then exactly as before.
  /// - Complexity: Proportional to what the command touches: O(*d*) for depth *d* for most
  ///   commands; commands that read the visible layout (numbers, directions) add O(*v* log *v*)
  ///   for *v* visible panes.
  @discardableResult
  public mutating func apply(_ command: WorkspaceCommand) throws(WorkspaceError)
    -> WorkspaceChange
  {
    try apply([command])
  }

  /// Applies several commands as one transaction: all apply, or none does.
  ///
  /// The commands between undo and redo commands form one history entry, labelled with their
  /// words, unless they only moved focus or selected a tab (a cursor, not an edit); a zoom
  /// is recorded.
  ///
  /// - Parameter commands: The commands, in order.
  /// - Returns: What changed.
  /// - Throws: The first command's ``WorkspaceError``; the state is then exactly as before.
  @discardableResult
  public mutating func apply(_ commands: [WorkspaceCommand]) throws(WorkspaceError)
    -> WorkspaceChange
  {
    var failedIndex: Int?
    return try apply(commands, failedIndex: &failedIndex)
  }

  /// Applies several commands as one transaction, and on failure says which one failed, so a
  /// caller that read them from words (`wsctl`) can name the refused word's position.
  ///
  /// - Parameters:
  ///   - commands: The commands, in order.
  ///   - failedIndex: Set to the index in `commands` of the command that threw.
  ///   - recordsNavigation: Whether router operations are recorded for undo, and undo and
  ///     redo restore routers (see ``UndoPolicy``); when `false`, they are a cursor, and undo
  ///     and redo keep the routers of the nodes that exist as they are.
  ///   - area: The area the commands that measure lay the panes out in (directional focus,
  ///     a split's room, resize), if not the recorded one (``layoutArea``); the recorded
  ///     ``layoutSize`` stays as it is.
  ///   - routeTypes: The host's route types: a command that stores a token the type
  ///     registered for its router's kind cannot read, or a template value that makes one, is
  ///     refused, and `failedIndex` names it.
  /// - Returns: What changed.
  /// - Throws: That command's ``WorkspaceError``; the state is then exactly as before.
  @discardableResult
  package mutating func apply(
    _ commands: [WorkspaceCommand], failedIndex: inout Int?, recordsNavigation: Bool = true,
    measuringIn area: Size? = nil, routeTypes: RouteRegistry = RouteRegistry()
  ) throws(WorkspaceError) -> WorkspaceChange {
    let recordedSize = layoutSize
    let startWindow = windowList.entries[windowList.active].identifier
    if let area {
      guard Self.isValid(area, lengths: Self.layoutLengths) else {
        throw .invalidSize(area, expected: Self.layoutLengths)
      }
      layoutSize = area
    }
    defer { if area != nil { setLayoutSize(recordedSize, ofWindow: startWindow) } }
    let checksRoutes = !routeTypes.kinds.isEmpty
    let focusBefore = focusedPane
    let zoomedPaneBefore = zoomedPane
    let saved = (
      history: history, nextID: nextID, minimumPaneSize: minimumPaneSize, templates: templates,
      closed: closed
    )
    // The outer journal rolls the whole call back or reports what changed; the inner one
    // records each history entry's segment.
    var transaction = Transaction()
    transaction.begin(at: self)
    transaction.begin(at: self)
    var segment: [WorkspaceCommand] = []
    var routeOperations: [NodeID: [RouteOperation<RouteToken>]] = [:]
    var recorded = 0
    do {
      for (index, command) in commands.enumerated() {
        failedIndex = index
        if checksRoutes { try checkTemplateArguments(of: command, routeTypes) }
        switch command {
        case .undo(let count), .redo(let count):
          if recordSegment(segment, recordsNavigation, &transaction) { recorded += 1 }
          segment = []
          let keepsRouters = !recordsNavigation
          if checksRoutes { transaction.begin(at: self) }
          if case .undo = command {
            try undo(count, keepingRouters: keepsRouters, in: &transaction)
          } else {
            try redo(count, keepingRouters: keepsRouters, in: &transaction)
          }
          if checksRoutes { try checkNewRoutes(since: transaction.end(), routeTypes) }
          transaction.begin(at: self)
        default:
          if case .route(let operation, let id) = command {
            routeOperations[id ?? focusedPane, default: []].append(operation)
          } else if case .at(let target, .route(let operation, nil)) = command {
            routeOperations[try resolve(target), default: []].append(operation)
          } else if case .inWindow(let number, .route(let operation, let id)) = command {
            let window = try windowIndex(number: number)
            routeOperations[id ?? activating(window: window).focusedPane, default: []].append(
              operation)
          }
          if checksRoutes { transaction.begin(at: self) }
          try perform(command, routeTypes: routeTypes, in: &transaction)
          if checksRoutes { try checkNewRoutes(since: transaction.end(), routeTypes) }
          segment.append(command)
        }
      }
      failedIndex = nil
      if recordSegment(segment, recordsNavigation, &transaction) { recorded += 1 }
    } catch {
      while transaction.depth > 1 { _ = transaction.end() }
      restore(transaction.end(), in: &transaction)
      history = saved.history
      nextID = saved.nextID
      minimumPaneSize = saved.minimumPaneSize
      templates = saved.templates
      closed = saved.closed
      throw error
    }
    let journal = transaction.end()
    // As swift-collections checks a collection after each mutation: in debug builds a call
    // that leaves a broken tree stops here, where the command is known, not at a later save.
    assert(
      invariantViolations(since: journal).isEmpty,
      "\(commands.map(\.description)) broke \(invariantViolations(since: journal))")
    let changed = journal.nodes.filter { nodes[$0.key] != $0.value }.map(\.key)
    return WorkspaceChange(
      commands: commands, changedNodes: Set(changed), focusBefore: focusBefore,
      focusAfter: focusedPane, zoomedPaneBefore: zoomedPaneBefore, zoomedPaneAfter: zoomedPane,
      revision: revision, routeOperations: routeOperations, recordedHistoryEntries: recorded,
      changedTemplates: templates != saved.templates,
      reconciliations: transaction.reconciliations)
  }

  /// Closes the innermost journal and adds it to the history for the commands applied in
  /// it, unless they only moved focus or selected a tab (or only navigated, when navigation
  /// is not recorded), or changed nothing; returns whether it added an entry.
  ///
  /// Zoom changes the layout the user sees, so a zoom alone is an entry of its own; an entry
  /// restores zoom on undo only if its commands changed it.
  private mutating func recordSegment(
    _ commands: [WorkspaceCommand], _ recordsNavigation: Bool,
    _ transaction: inout Transaction
  ) -> Bool {
    var before = transaction.end()
    guard commands.contains(where: { !$0.isCursor(recordsNavigation: recordsNavigation) })
    else { return false }
    before.nodes.removeAll { nodes[$0.key] == $0.value }
    before.restoresZoom = before.zoomedPane != zoomedPane
    guard !before.nodes.isEmpty || before.restoresZoom || before.windowList != windowList
    else { return false }
    // Not the generic `joined(separator:)`, whose first call costs a short `wsctl` edit a
    // tenth of its instructions (see `separated(by:)`).
    let label = commands.map(\.description).separated(by: " ")
    history.record(History.Entry(label: label, journal: before))
    return true
  }

  /// The kind of a new pane's router: the one given, else the one registered kind that reads
  /// `root` if exactly one does, else `nil` (the focused pane's).
  private func newRouterKind(
    _ kind: String?, for root: RouteToken?, _ registry: RouteRegistry
  ) -> String? {
    if let kind { return kind }
    guard let root else { return nil }
    let readers = registry.kinds.filter { registry.problem(reading: root, kind: $0) == nil }
    return readers.count == 1 ? readers[0] : nil
  }

  private mutating func perform(
    _ command: WorkspaceCommand, routeTypes: RouteRegistry, in transaction: inout Transaction
  ) throws(WorkspaceError) {
    switch command {
    case .focus(let target): try focus(target, in: &transaction)
    case .split(let axis, let ratio, let root, let kind, let focusing):
      try requireTiled(focusedPane, for: "split")
      try split(
        axis, ratio: ratio, root: root, kind: newRouterKind(kind, for: root, routeTypes),
        focusing: focusing, in: &transaction)
    case .close(let reference): try close(reference, in: &transaction)
    case .newTab(let title, let root, let kind, let focusing):
      try newTab(
        title: title, root: root, kind: newRouterKind(kind, for: root, routeTypes),
        focusing: focusing, in: &transaction)
    case .selectTab(let target): try selectTab(target, in: &transaction)
    case .closeTab(let number): try closeTab(number, in: &transaction)
    case .moveTab(let number): try moveTab(to: number, in: &transaction)
    case .renameTab(let title): try renameTab(title, in: &transaction)
    case .swap(let target):
      try requireTiled(focusedPane, for: "swap")
      try swap(target, in: &transaction)
    case .move(let direction):
      try requireTiled(focusedPane, for: "move")
      try move(direction, in: &transaction)
    case .resize(let direction, let amount):
      try requireTiled(focusedPane, for: "resize")
      try resize(direction, by: .fraction(amount), in: &transaction)
    case .resizeByCells(let direction, let cells):
      try requireTiled(focusedPane, for: "resize")
      try resize(direction, by: .cells(cells), in: &transaction)
    case .setMinimumPaneSize(let size): try setMinimumPaneSize(size)
    case .equalize: equalize(in: &transaction)
    case .arrange(let arrangement, let target):
      try arrange(arrangement, at: target, in: &transaction)
    case .breakPane(let pane, let staying):
      try requireTiled(try pane.map(resolve) ?? focusedPane, for: "break")
      try breakPane(pane, staying: staying, in: &transaction)
    case .joinPane(let target, let axis, let ratio, let staying):
      try requireTiled(focusedPane, for: "join")
      try requireTiled(try resolve(target), for: "join")
      try joinPane(beside: target, axis: axis, ratio: ratio, staying: staying, in: &transaction)
    case .stack(let direction): try stack(towards: direction, in: &transaction)
    case .unstack: try unstack(in: &transaction)
    case .zoom:
      try requireTiled(focusedPane, for: "zoom")
      zoomedPane = zoomedPane == nil ? focusedPane : nil
    case .float: try float(in: &transaction)
    case .embed: try embed(in: &transaction)
    case .moveFloating(let direction, let cells):
      try moveFloating(direction, cells: cells, resizing: false, in: &transaction)
    case .resizeFloating(let direction, let cells):
      try moveFloating(direction, cells: cells, resizing: true, in: &transaction)
    case .pinFloating(let isPinned): try pinFloating(isPinned, in: &transaction)
    case .showFloating(let isShown): try showFloating(isShown, in: &transaction)
    case .rename(let title): update(focusedPane, in: &transaction) { $0.setTitle(title) }
    case .route(let operation, let id):
      try route(operation, at: id ?? focusedPane, in: &transaction)
    case .saveTemplate(let name, let node, let replacing):
      try saveTemplate(name, node: node, replacing: replacing)
    case .addTemplate(let template, let replacing):
      try templates.insert(template, replacing: replacing)
    case .removeTemplate(let name): try templates.remove(named: name)
    case .applyTemplate(let name, let parameters):
      try openTemplate(
        templates.template(named: name), parameters: parameters, in: &transaction)
    case .openTemplate(let template, let parameters):
      try openTemplate(template, parameters: parameters, in: &transaction)
    case .reconcileTemplate(let name, let parameters, let keepingOthers):
      try reconcile(
        templates.template(named: name), parameters: parameters, keepingOthers: keepingOthers,
        in: &transaction)
    case .reconcileWithTemplate(let template, let parameters, let keepingOthers):
      try reconcile(
        template, parameters: parameters, keepingOthers: keepingOthers, in: &transaction)
    case .mark(let name): try mark(name, in: &transaction)
    case .unmark(let name): try unmark(name, in: &transaction)
    case .at(let target, let command):
      guard command.isTargetable else { throw .notTargetable(command.words.first ?? "") }
      let pane = try resolve(target)
      try keepingFocus(whileFocusing: pane, zooms: command == .zoom, in: &transaction) {
        (state, transaction) throws(WorkspaceError) in
        try state.perform(command, routeTypes: routeTypes, in: &transaction)
      }
    case .reopen(let number): try reopen(number, in: &transaction)
    case .newWindow(let title, let root, let kind):
      try newWindow(
        title: title, root: root, kind: newRouterKind(kind, for: root, routeTypes),
        in: &transaction)
    case .selectWindow(let target): try selectWindow(target)
    case .closeWindow(let number): try closeWindow(number, in: &transaction)
    case .renameWindow(let title): renameWindow(title)
    case .movePaneToWindow(let number): try movePane(toWindow: number, in: &transaction)
    case .moveTabToWindow(let number): try moveTab(toWindow: number, in: &transaction)
    case .inWindow(let number, let command):
      guard command.isWindowTargetable else {
        throw .notWindowTargetable(command.words.first ?? "")
      }
      try inWindow(number, in: &transaction) { (state, transaction) throws(WorkspaceError) in
        try state.perform(command, routeTypes: routeTypes, in: &transaction)
      }
    case .undo, .redo: preconditionFailure("handled by apply")
    }
  }

  /// The pane a reference names: a visible pane by its number, any pane by its id or its
  /// mark, or the pane focused before the focused one.
  ///
  /// - Parameter reference: A pane number (1-based, reading order), id, mark or `last`.
  /// - Returns: The pane's id.
  /// - Throws: ``WorkspaceError/noSuchPane(_:)`` or ``WorkspaceError/notAPane(_:)``.
  /// - Complexity: O(*v* log *v*) for a number, for *v* visible panes; O(1) for an id or
  ///   `last`; O(*n*) for a mark, for *n* nodes.
  public func resolve(_ reference: PaneReference) throws(WorkspaceError) -> NodeID {
    switch reference {
    case .number(let number):
      let panes = numberedPanes
      guard number >= 1, number <= panes.count else { throw .noSuchPane(reference) }
      return panes[number - 1]
    case .id(let id):
      guard let node = nodes[id] else { throw .noSuchPane(reference) }
      guard node.isPane else { throw .notAPane(id) }
      return try inActiveWindow(id)
    case .mark(let name):
      guard let pane = pane(markedAs: name) else { throw .noSuchPane(reference) }
      return try inActiveWindow(pane)
    case .last:
      guard let pane = mostRecentlyUsed.dropFirst().first else { throw .noSuchPane(reference) }
      return pane
    }
  }

  /// `id` if it lies in the active window, else the refusal naming the window it is in.
  func inActiveWindow(_ id: NodeID) throws(WorkspaceError) -> NodeID {
    guard isInActiveWindow(id) else {
      throw .inOtherWindow(id, window: (windowIndex(holding: id) ?? 0) + 1)
    }
    return id
  }

  private mutating func route(
    _ operation: RouteOperation<RouteToken>, at id: NodeID, in transaction: inout Transaction
  ) throws(WorkspaceError) {
    guard let node = nodes[id] else { throw .noSuchNode(id) }
    guard var router = node.router else { throw .noRouter(id) }
    do {
      try router.apply(operation)
    } catch {
      // A command that names a state which already holds succeeds and changes nothing.
      if operation.isAlreadySo(rejectedWith: error) { return }
      throw .routeRejected(error, operation: operation.description, node: id)
    }
    update(id, in: &transaction) { $0.setRouter(router) }
  }
}

extension RouteOperation<RouteToken> {
  /// Whether the operation is already so: it names a target state (`root`, `set-path`,
  /// `replace`, `pop-to`, `dismiss-all`, …) and the stack's rejection only says that state
  /// already holds.
  ///
  /// A movement that cannot happen (`pop` or `dismiss` at the root, a duplicate top, a route
  /// that is not in the stack, a modal path with no modal) stays a refusal.
  fileprivate func isAlreadySo(rejectedWith rejection: RouteRejection) -> Bool {
    switch (self, rejection) {
    case (.popToRoot, .atRoot), (.popTo, .alreadyOnTop), (.popToLast, .alreadyOnTop),
      (.replace, .unchanged), (.replaceCurrent, .unchanged), (.setPath, .unchanged),
      (.setModalPath, .unchanged), (.dismissModals, .noModal):
      true
    default:
      false
    }
  }
}
