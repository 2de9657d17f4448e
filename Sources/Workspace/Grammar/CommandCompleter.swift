import PaneRouter

/// One candidate for the word being completed: the word and a short description.
public struct Completion: Hashable, Sendable {
  /// The word.
  public let word: String
  /// What it is, such as a command's summary or a pane's title; may be empty.
  public let description: String

  /// A candidate.
  public init(_ word: String, _ description: String = "") {
    self.word = word
    self.description = description
  }
}

/// The values a workspace offers for completion: pane numbers and ids, tab numbers, the ids
/// of nodes that own a router, and the routes of the focused router's stack.
public struct CompletionValues: Sendable {
  /// `1`, `2`, … and `%ID` of every pane, with titles.
  public var panes: [Completion] = []
  /// The marks, each with its pane's title.
  public var marks: [Completion] = []
  /// The tab numbers of the nearest tabs container around the focused pane, with titles.
  public var tabs: [Completion] = []
  /// The window numbers, with titles.
  public var windows: [Completion] = []
  /// The `%ID` of every node that owns a router.
  public var routerNodes: [Completion] = []
  /// The routes of the focused pane's active stack (a presented modal's, if one is up).
  public var stackRoutes: [Completion] = []
  /// The routes the focused pane's kind takes, as the host published them
  /// (``WorkspaceState/routeSchema``): `inbox` (described `mail route`), and `detail:`
  /// (described `mail route detail:Int`).
  public var routes: [Completion] = []
  /// The routes a new pane may start with: the focused pane's kind's, then every other
  /// published kind's after its `KIND/` (`settings/general`).
  public var newRoutes: [Completion] = []
  /// The names of the workspace's templates (or a templates file's), with their tab titles.
  public var templates: [Completion] = []
  /// Each template's parameters by the template's name.
  public var templateParameters: [String: [String]] = [:]

  /// No values, as when there is no workspace file to read.
  public init() {}

  /// Sets the template names and parameters offered to those of `library`.
  ///
  /// - Parameter library: The workspace's templates, or a templates file's.
  public mutating func offerTemplates(of library: TemplateLibrary) {
    templates = library.templates.map { Completion($0.name, $0.title) }
    templateParameters = Dictionary(
      uniqueKeysWithValues: library.templates.map { ($0.name, $0.parameters) })
  }

  /// The values of a workspace.
  ///
  /// - Complexity: O(*n* log *n*), where *n* is the number of nodes.
  public init(state: WorkspaceState) {
    let numbered = state.numberedPanes
    panes =
      numbered.enumerated().map { Completion("\($0.offset + 1)", state[$0.element].title) }
      + state.paneIDs.sorted().map { Completion($0.description, state[$0].title) }
    marks = state.marks.sorted { $0.key < $1.key }.map { Completion($0.key, state[$0.value].title) }
    if let (id, _) = state.nearestTabs() {
      tabs = state[id].tabTitles.enumerated().map { Completion("\($0.offset + 1)", $0.element) }
    }
    windows = state.windows.enumerated().map { Completion("\($0.offset + 1)", $0.element.title) }
    routerNodes = state.nodeIDs.sorted().compactMap { id in
      guard let router = state[id].router else { return nil }
      return Completion(id.description, state[id].isPane ? state[id].title : "\(router.kind)")
    }
    offerTemplates(of: state.templates)
    let focusedRouter = state[state.focusedPane].router
    if let router = focusedRouter?.stack {
      var seen: Set<String> = []
      stackRoutes = (router.modal?.stack ?? router.stack).map(\.description)
        .filter { seen.insert($0).inserted }.map { Completion($0) }
    }
    offerRoutes(of: state.routeSchema, focusedKind: focusedRouter?.kind)
  }

  /// Sets the routes offered to those of a published schema.
  ///
  /// - Parameters:
  ///   - schema: The route types the host published.
  ///   - focusedKind: The focused pane's router's kind, if it has a router.
  public mutating func offerRoutes(of schema: RouteSchema, focusedKind: String?) {
    func offered(_ kind: String, prefix: String) -> [Completion] {
      (schema.shapes(of: kind) ?? []).map { shape in
        let described = schema.readingKind(of: kind)
        return shape.argumentTypes.isEmpty
          ? Completion(prefix + shape.name, "\(described) route")
          : Completion(prefix + shape.name + ":", "\(described) route \(shape)")
      }
    }
    routes = focusedKind.map { offered($0, prefix: "") } ?? []
    newRoutes =
      routes + schema.kinds.keys.sorted().flatMap { offered($0, prefix: $0 + "/") }
  }
}

/// Completes a command line word by word from a table of ``CommandSyntax``: the grammar's
/// ``CommandGrammar/commands`` and any caller's own (`wsctl`'s `show`, `tree`, …).
///
///     let completer = CommandCompleter(commands: CommandGrammar.commands)
///     completer.completions(after: ["move"], prefix: "")
///     // left, right, up, down
///
/// After a complete command a new command may follow, so command words are offered wherever
/// an argument may be left out.
public struct CommandCompleter: Sendable {
  /// The commands, in the order their words are offered.
  public let commands: [CommandSyntax]
  /// The values read from a workspace.
  public var values: CompletionValues

  /// A completer over a table of commands.
  public init(commands: [CommandSyntax], values: CompletionValues = CompletionValues()) {
    self.commands = commands
    self.values = values
  }

  /// The candidates for the word being typed.
  ///
  /// - Parameters:
  ///   - words: The complete words before it (after the program and its options).
  ///   - prefix: What has been typed of the word so far.
  /// - Returns: The candidates that start with `prefix`, without repeats, in table order.
  /// - Complexity: O(*w* + *c*), for *w* words and *c* candidates.
  public func completions(after words: [String], prefix: String) -> [Completion] {
    var position = Position()
    for word in words {
      read(word, into: &position)
    }
    var candidates = position.subcommands.map { Completion($0.word, $0.summary) }
    if position.needsSubcommand { return filtered(candidates, prefix) }
    // An optional slot may be left out, so the slots after it are offered too (`split h`
    // offers routes as well as ratios), up to the first that must be filled.
    for slot in position.pending {
      candidates += slot.kinds.flatMap { self.candidates(of: $0, position) }
      if !slot.isOptional && !slot.isRepeated {
        return filtered(candidates, prefix)
      }
    }
    candidates += position.options.map { Completion($0.name) }
    candidates += commands.map { Completion($0.word, $0.summary) }
    return filtered(candidates, prefix)
  }

  /// Where the words so far leave the command line.
  private struct Position {
    /// The argument slots still to fill.
    var pending: [ArgumentSyntax] = []
    /// Subcommands that may follow (just after `tab`).
    var subcommands: [CommandSyntax] = []
    /// The options of the current command.
    var options: [CommandOption] = []
    /// Whether only a subcommand may follow (`template` is only its subcommands).
    var needsSubcommand = false
    /// The template named by the last template-name argument, whose parameters follow.
    var templateName: String?

    /// At the start, before any command.
    init() {}

    /// Just after a command's word: its arguments, subcommands and options.
    init(for command: CommandSyntax) {
      pending = command.arguments
      subcommands = command.subcommands
      options = command.options
      needsSubcommand = command.needsSubcommand
    }
  }

  private func isCommandWord(_ word: String) -> Bool {
    !word.hasPrefix("=") && commands.contains { $0.word == word }
  }

  private func read(_ word: String, into position: inout Position) {
    let subcommands = position.subcommands
    position.subcommands = []
    position.needsSubcommand = false
    if let sub = subcommands.first(where: { $0.word == word }) {
      position.pending = sub.arguments
      position.options = sub.options
      return
    }
    if let option = position.options.first(where: { $0.name == word }) {
      if let value = option.value { position.pending.insert(value, at: 0) }
      return
    }
    while let slot = position.pending.first {
      if !slot.isOptional && !slot.isRepeated {
        position.pending.removeFirst()
        if slot.kinds.contains(.routerOperation), let operation = command(word) {
          position.pending = operation.arguments
        }
        if slot.kinds.contains(.targetedCommand) || slot.kinds.contains(.windowCommand),
          let command = command(word)
        {
          position = Position(for: command)
        }
        if slot.kinds.contains(.templateName) { position.templateName = word }
        return
      }
      if isCommandWord(word) { break }
      if fits(word, slot) {
        if !slot.isRepeated { position.pending.removeFirst() }
        return
      }
      position.pending.removeFirst()
    }
    guard let command = command(word) else {
      position = Position()
      return
    }
    position = Position(for: command)
  }

  private func command(_ word: String) -> CommandSyntax? {
    commands.first { $0.word == word }
  }

  /// Whether a word can fill an optional slot (the parser's rule: a ratio looks numeric, a
  /// count is digits, a route or title is any word that is not a command word).
  private func fits(_ word: String, _ slot: ArgumentSyntax) -> Bool {
    slot.kinds.contains { kind in
      switch kind {
      case .ratio: CommandParser.looksNumeric(word)
      case .count, .tabNumber, .windowNumber: CommandParser.positiveInteger(word) != nil
      case .paneReference: CommandParser.paneReference(word) != nil
      default: true
      }
    }
  }

  private func candidates(of kind: ArgumentKind, _ position: Position) -> [Completion] {
    switch kind {
    case .templateName: values.templates
    case .templateParameter:
      position.templateName.flatMap { values.templateParameters[$0] }?.map { Completion("\($0)=") }
        ?? []
    case .paneReference: values.panes + values.marks + [Completion("last", "the pane used before")]
    case .mark: values.marks
    case .tabNumber: values.tabs
    case .windowNumber: values.windows
    case .nodeID: values.routerNodes
    case .routeInStack: values.stackRoutes
    case .route: values.routes
    case .newRoute: values.newRoutes
    case .routerOperation:
      CommandGrammar.routerOperationWords.compactMap(command).map {
        Completion($0.word, $0.summary)
      }
    case .windowCommand:
      CommandGrammar.windowTargetableWords.compactMap(command).map {
        Completion($0.word, $0.summary)
      }
    case .targetedCommand:
      CommandGrammar.targetableWords.compactMap(command).map { Completion($0.word, $0.summary) }
    case .commandWord: commands.map { Completion($0.word, $0.summary) }
    default: kind.words.map { Completion($0) }
    }
  }

  private func filtered(_ candidates: [Completion], _ prefix: String) -> [Completion] {
    var seen: Set<String> = []
    return candidates.filter { $0.word.hasPrefix(prefix) && seen.insert($0.word).inserted }
  }
}
