import PaneRouter
import Workspace

/// What the app's views do: each reaches its pane's typed router the way a SwiftUI view would
/// and calls it; the workspace records every operation as a command.
extension MailHost {
  /// Performs one step (not the tour).
  ///
  /// - Throws: A ``Workspace/WorkspaceError`` when the workspace refuses the step.
  mutating func perform(_ step: HostStep) throws(WorkspaceError) {
    switch step {
    case .command(let command):
      // SwiftUI: a menu item, keyboard shortcut, deep link or command palette entry.
      try workspace.apply(command)
    case .show:
      show()
    case .open(let id):
      // The message list's row tap: the reader pane's router, by pane id.
      let reader = MailLayout.readerPane(in: workspace.state)
      let router = try mailRouter(for: reader)
      router.push(.message(id))
    case .search(let query):
      // A view inside the focused pane finds the router around it, as `@Environment` would.
      guard hasMailToolbar() else { return }
      try nearestRouter(from: workspace.focusedPane).push(.search(query))
    case .compose:
      guard hasMailToolbar() else { return }
      try nearestRouter(from: workspace.focusedPane).present(.compose, style: .sheet)
    case .attach(let index):
      try attach(index)
    case .pick:
      // The compose sheet's "Attach" button; the pane's one modal layer is the sheet itself,
      // so the picker goes over the window, on the window's router.
      guard try composeRouter() != nil else { return }
      try windowRouter().present(.attachments, style: .sheet)
    case .choose(let index):
      // A row of the picker: the flow ends with its result, and no closure is involved.
      let window = try windowRouter()
      guard window.modal?.root == .attachments else {
        print("  no attachment picker is open; try 'pick' first")
        return
      }
      window.finish(with: .attachment(index))
    case .send:
      let router = try nearestRouter(from: workspace.focusedPane)
      guard router.modal?.root == .compose else {
        print("  nothing to send: no compose sheet in this pane")
        return
      }
      router.dismiss()
    case .note(let name):
      // The "New note" button: another kind of pane beside the mail panes. A visible notes
      // pane's typed router pushes the note; else a split of the focused pane opens one, of
      // `NoteRoute`'s kind whatever the focused pane's is, titled in the same transaction.
      if let notes = MailLayout.notesPane(in: workspace.state) {
        try notesRouter(for: notes).push(.note(name))
      } else {
        try workspace.apply([
          .split(.horizontal, root: NoteRoute.note(name)), .rename(MailLayout.notesTitle),
        ])
      }
    case .tour, .help, .wsctl:
      printLines(HostStep.helpText)
    }
  }

  /// The compose sheet's own view: it was presented inside a pane, so it looks up the
  /// nearest router from that pane, finds itself presented, and pushes inside its flow.
  private func attach(_ index: Int) throws(WorkspaceError) {
    let pane = workspace.focusedPane
    let sheetRouter = try nearestRouter(from: pane)
    guard let modal = sheetRouter.modal, modal.root == .compose else {
      print("  no compose sheet in pane \(number(of: pane)); try 'compose' first")
      return
    }
    // While a sheet is up, push acts on the sheet's own stack, never below its root.
    let paneRouter = try mailRouter(for: pane)
    let whose = sheetRouter === paneRouter ? "the pane's own router" : "another router"
    print("  the sheet looked up \(whose), presenting \(modal.style) \(list(modal.stack))")
    if sheetRouter.push(.attachment(index)) {
      print("  its flow is now \(list(sheetRouter.modal?.stack ?? []))")
    }
  }

  /// Whether the focused pane shows the mail toolbar (search, compose): a notes pane has its
  /// own views, so the mail router above it (the window's) is not what its buttons reach.
  private func hasMailToolbar() -> Bool {
    let pane = workspace.focusedPane
    guard workspace.state.node(pane)?.router?.kind == NoteRoute.kind else { return true }
    print("  no mail toolbar in pane \(number(of: pane)), a notes pane; try 'focus 1' first")
    return false
  }

  /// The window's typed router, which presents sheets over the whole window.
  func windowRouter() throws(WorkspaceError) -> Router<MailRoute> {
    try mailRouter(for: workspace.state.rootID)
  }

  /// The focused pane's router if it presents the compose sheet, else `nil` (said why).
  private func composeRouter() throws(WorkspaceError) -> Router<MailRoute>? {
    let router = try nearestRouter(from: workspace.focusedPane)
    guard router.modal?.root == .compose else {
      print("  no compose sheet in pane \(number(of: workspace.focusedPane)); try 'compose' first")
      return nil
    }
    return router
  }

  /// What the compose sheet does with the picker's results: pushes each attachment chosen
  /// into its own flow. The window's router handed them over in its transitions
  /// (``PaneRouter/RouteTransition/result``); they are taken after the change that carried
  /// them is fully reported, as SwiftUI's `.onChange` would.
  mutating func attachChosen() throws(WorkspaceError) {
    let chosen = pickerResults.values
    pickerResults.values = []
    for case .attachment(let index) in chosen {
      guard let compose = try composeRouter() else { return }
      print("  the compose sheet heard the picker finish with .attachment(\(index))")
      compose.push(.attachment(index))
    }
  }

  /// Prints each visible pane with its typed stack, as the views would render them: a notes
  /// pane by the notes view, any other by the mail view.
  private func show() {
    let state = workspace.state
    for pane in state.numberedPanes {
      let marker = pane == state.focusedPane ? "*" : " "
      // Escaped here (printing escapes nothing more) so the padding counts what is shown.
      let title = TerminalText.escaped(state.node(pane)?.title ?? "")
      let heading = "  \(number(of: pane))\(marker) \(title)".padding(to: 16)
      // SwiftUI: the pane view switches on `routes.current`'s type to pick the screen.
      if let routes = try? workspace.routes(for: pane), routes.current is NoteRoute {
        print(heading + "notes " + list(routes.routes))
        continue
      }
      do {
        let router = try mailRouter(for: pane)
        var line = heading + list(router.stack)
        if let modal = router.modal {
          line += " + \(modal.style) " + list(modal.stack)
        }
        print(line)
      } catch {
        print(heading + "(\(error))")
      }
    }
  }

  /// The live typed router of a pane, logging every operation and refusal.
  ///
  /// SwiftUI: `NavigationStack(path: $router.path)` binds to it; `.sheet(item:)` to its modal.
  func mailRouter(for pane: NodeID) throws(WorkspaceError) -> Router<MailRoute> {
    let router = try workspace.router(MailRoute.self, for: pane)
    installLogger(on: router, pane: pane)
    return router
  }

  /// The live typed router of a notes pane, logging every operation and refusal.
  func notesRouter(for pane: NodeID) throws(WorkspaceError) -> Router<NoteRoute> {
    let router = try workspace.router(NoteRoute.self, for: pane)
    let label = "  router \(pane):"
    router.logger = { print("\(label) \($0)") }
    return router
  }

  /// The nearest mail router from a node up, as a view deep inside a pane finds it.
  private func nearestRouter(from node: NodeID) throws(WorkspaceError) -> Router<MailRoute> {
    guard let (owner, router) = try workspace.nearestRouterWithOwner(MailRoute.self, from: node)
    else {
      throw .noRouter(node)
    }
    installLogger(on: router, pane: owner)
    return router
  }

  private func installLogger(on router: Router<MailRoute>, pane: NodeID) {
    let label = "  router \(pane):"
    router.logger = { print("\(label) \($0)") }
  }

  private func number(of pane: NodeID) -> String {
    workspace.state.number(of: pane).map(String.init) ?? "\(pane)"
  }

  private func list(_ routes: [MailRoute]) -> String {
    "[" + routes.map(\.description).joined(separator: ", ") + "]"
  }

  /// Routes read by their kind's type, as Swift source; a token no type reads as `?`.
  private func list(_ routes: [(any Route)?]) -> String {
    "[" + routes.map { $0.map { "\($0)" } ?? "?" }.joined(separator: ", ") + "]"
  }
}

extension HostStep: CustomStringConvertible {
  /// The step's words.
  var description: String {
    switch self {
    case .command(let command): command.description
    case .show: "show"
    case .open(let id): "open \(id)"
    case .search(let query): query.contains(" ") ? "search '\(query)'" : "search \(query)"
    case .compose: "compose"
    case .attach(let index): "attach \(index)"
    case .pick: "pick"
    case .choose(let index): "choose \(index)"
    case .send: "send"
    case .note(let name): name.contains(" ") ? "note '\(name)'" : "note \(name)"
    case .wsctl(let words): (["wsctl"] + words).joined(separator: " ")
    case .tour: "tour"
    case .help: "help"
    }
  }
}

extension String {
  /// The string padded with spaces to at least `width` columns (a wide character takes two).
  fileprivate func padding(to width: Int) -> String {
    let columns = TerminalText.width(of: self)
    return columns >= width ? self + " " : self + String(repeating: " ", count: width - columns)
  }
}
