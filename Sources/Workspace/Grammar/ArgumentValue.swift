import PaneRouter

/// One argument of a command as the grammar reads and writes it: what a slot of
/// ``ArgumentSyntax`` holds once its word is read, and what a command gives back to be
/// spelled.
enum ArgumentValue: Hashable, Sendable {
  /// `left`, `right`, `up` or `down`.
  case direction(Direction)
  /// `h` or `v`.
  case axis(Axis)
  /// A ratio or amount strictly between 0 and 1.
  case fraction(Double)
  /// A pane number, id, mark or `last`.
  case pane(PaneReference)
  /// A mark's name.
  case mark(String)
  /// `next`, `prev` or `last`.
  case cycle(Cycle)
  /// A positive number: a count or a tab number.
  case number(Int)
  /// A node id.
  case node(NodeID)
  /// A route token.
  case route(RouteToken)
  /// The route tokens of a repeated slot.
  case routes([RouteToken])
  /// The root of a new router and the kind named before it, if any (`notes/note:7`).
  case newRoute(RouteToken, kind: String?)
  /// `sheet` or `cover`.
  case style(ModalStyle)
  /// A pane size, `WxH`, within ``WorkspaceState/minimumPaneLengths``.
  case size(Size)
  /// `default`: a setting's default.
  case defaultSetting
  /// A title.
  case title(String)
  /// `-` in an optional title's place: no title (`tab new - ROUTE`).
  case noTitle
  /// The router operation after `at %ID`, as a command on the focused pane's router.
  case command(WorkspaceCommand)
  /// A template's name.
  case templateName(String)
  /// The `KEY=VALUE` words of a repeated slot, by key.
  case parameters([String: String])
  /// An option without a value that was given, such as `--force`.
  case flag
  /// A preset arrangement, or the next or previous one.
  case arrangement(Arrangement)

  /// A step in an order: forward, backward, or back to the most recent.
  enum Cycle: Hashable, Sendable {
    case next, previous, last
  }

  /// The value of a word of a kind with fixed words or a simple form, or `nil` if the word is
  /// not of that kind. Routes, titles and router operations are read by the parser.
  ///
  /// - Complexity: O(*n*), where *n* is the length of the word.
  static func parsing(_ word: String, as kind: ArgumentKind) -> ArgumentValue? {
    switch kind {
    case .direction: Direction(rawValue: word).map(ArgumentValue.direction)
    case .axis:
      switch word {
      case "h", "horizontal": .axis(.horizontal)
      case "v", "vertical": .axis(.vertical)
      default: nil
      }
    case .ratio: CommandParser.fraction(word).map(ArgumentValue.fraction)
    case .paneReference: CommandParser.paneReference(word).map(ArgumentValue.pane)
    case .mark: CommandParser.mark(word).map(ArgumentValue.mark)
    case .cycle:
      switch word {
      case "next": .cycle(.next)
      case "prev", "previous": .cycle(.previous)
      case "last": .cycle(.last)
      default: nil
      }
    case .tabNumber, .windowNumber, .count:
      CommandParser.positiveInteger(word).map(ArgumentValue.number)
    case .nodeID: NodeID(parsing: word[...]).map(ArgumentValue.node)
    case .modalStyle: ModalStyle(rawValue: word).map(ArgumentValue.style)
    case .size:
      // The grammar's only size is a pane size; `wsctl` reads its drawing sizes itself.
      Size(parsing: word).flatMap {
        WorkspaceState.isValid($0, lengths: WorkspaceState.minimumPaneLengths)
          ? ArgumentValue.size($0) : nil
      }
    case .defaultSetting: word == "default" ? .defaultSetting : nil
    case .preset:
      switch word {
      case "next": .arrangement(.next)
      case "prev", "previous": .arrangement(.previous)
      default: LayoutPreset(rawValue: word).map { .arrangement(.preset($0)) }
      }
    case .route, .routeInStack, .newRoute, .title, .routerOperation, .targetedCommand,
      .windowCommand, .shell,
      .commandWord, .link, .templateName, .templateParameter, .file:
      nil
    }
  }

  /// The value's words in canonical form.
  ///
  /// - Parameters:
  ///   - slot: The slot the value fills (an optional title escapes more).
  ///   - parser: Knows the command words that need the `=` escape.
  func spelled(in slot: ArgumentSyntax, by parser: CommandParser) -> [SpelledWord] {
    func plain(_ text: String) -> [SpelledWord] { [SpelledWord(text: text)] }
    func route(_ token: RouteToken) -> SpelledWord {
      let text = token.description
      return SpelledWord(text: parser.isCommandWord(text) ? "=" + text : text, isRoute: true)
    }
    switch self {
    case .direction(let direction): return plain(direction.rawValue)
    case .axis(let axis): return plain(axis == .horizontal ? "h" : "v")
    case .fraction(let value): return plain("\(value)")
    case .pane(.mark(let name)), .mark(let name):
      // A mark named like one of the caller's own command words (`show`) is escaped.
      return plain(parser.isCommandWord(name) ? "=" + name : name)
    case .pane(let pane): return plain(pane.description)
    case .cycle(.next): return plain("next")
    case .cycle(.previous): return plain("prev")
    case .cycle(.last): return plain("last")
    case .number(let number): return plain("\(number)")
    case .node(let id): return plain(id.description)
    case .route(let token): return [route(token)]
    case .routes(let tokens): return tokens.map(route)
    case .newRoute(let token, nil): return [route(token)]
    case .newRoute(let token, let kind?):
      // A kind's `/` stands where no route name has one: never a command word.
      return [SpelledWord(text: kind + "/" + token.description, isRoute: true)]
    case .style(let style): return plain(style.rawValue)
    case .size(let size): return plain(size.description)
    case .defaultSetting: return plain("default")
    case .title(let text):
      // An optional title could read as `-` (no title), an option (`tab new -d`) or a command.
      let needsEscape =
        text.hasPrefix("=")
        || slot.isOptional && (text.hasPrefix("-") || parser.isCommandWord(text))
      return plain(needsEscape ? "=" + text : text)
    case .noTitle: return plain("-")
    case .command(let command):
      return command.spelledWords(reserving: parser.extraCommandWords)
    case .templateName(let name):
      // A name that reads as an escape or as an option (`--force`) is escaped.
      return plain(name.hasPrefix("=") || name.hasPrefix("--") ? "=" + name : name)
    case .parameters(let values):
      return values.sorted { $0.key < $1.key }.map { SpelledWord(text: "\($0.key)=\($0.value)") }
    case .flag:
      return []
    case .arrangement(.preset(let preset)): return plain(preset.rawValue)
    case .arrangement(.next): return plain("next")
    case .arrangement(.previous): return plain("prev")
    }
  }
}

extension [ArgumentValue?] {
  // The values of the slots a command was read with, by position; a slot left out is `nil`.
  // The parser fills each slot with a value of one of its kinds, so a value of another kind
  // at a position is a mistake in the grammar table.

  func direction(_ index: Int) -> Direction? {
    guard case .direction(let value)? = self[index] else { return nil }
    return value
  }

  func axis(_ index: Int) -> Axis? {
    guard case .axis(let value)? = self[index] else { return nil }
    return value
  }

  func fraction(_ index: Int) -> Double? {
    guard case .fraction(let value)? = self[index] else { return nil }
    return value
  }

  func pane(_ index: Int) -> PaneReference? {
    guard case .pane(let value)? = self[index] else { return nil }
    return value
  }

  func mark(_ index: Int) -> String? {
    guard case .mark(let value)? = self[index] else { return nil }
    return value
  }

  func command(_ index: Int) -> WorkspaceCommand? {
    guard case .command(let value)? = self[index] else { return nil }
    return value
  }

  func number(_ index: Int) -> Int? {
    guard case .number(let value)? = self[index] else { return nil }
    return value
  }

  func node(_ index: Int) -> NodeID? {
    guard case .node(let value)? = self[index] else { return nil }
    return value
  }

  func route(_ index: Int) -> RouteToken? {
    guard case .route(let value)? = self[index] else { return nil }
    return value
  }

  func newRoute(_ index: Int) -> (root: RouteToken, kind: String?)? {
    guard case .newRoute(let root, let kind)? = self[index] else { return nil }
    return (root, kind)
  }

  func routes(_ index: Int) -> [RouteToken] {
    guard case .routes(let value)? = self[index] else { return [] }
    return value
  }

  func style(_ index: Int) -> ModalStyle? {
    guard case .style(let value)? = self[index] else { return nil }
    return value
  }

  func size(_ index: Int) -> Size? {
    guard case .size(let value)? = self[index] else { return nil }
    return value
  }

  func title(_ index: Int) -> String? {
    guard case .title(let value)? = self[index] else { return nil }
    return value
  }

  func templateName(_ index: Int) -> String? {
    guard case .templateName(let value)? = self[index] else { return nil }
    return value
  }

  func parameters(_ index: Int) -> [String: String] {
    guard case .parameters(let value)? = self[index] else { return [:] }
    return value
  }

  func arrangement(_ index: Int) -> Arrangement? {
    guard case .arrangement(let value)? = self[index] else { return nil }
    return value
  }

  func flag(_ index: Int) -> Bool {
    self[index] == .flag
  }
}
