import PaneRouter

extension CommandParser {
  // MARK: Commands with structured arguments

  mutating func readFocusTarget() throws(CommandSyntaxError) -> FocusTarget {
    let expected = "a pane number, %ID, left|right|up|down or next|prev|last"
    let (word, wordIndex) = try readArgument(for: "focus", expected: expected)
    if let direction = Direction(rawValue: word) { return .direction(direction) }
    switch word {
    case "next": return .next
    case "prev", "previous": return .previous
    case "last": return .last
    default:
      guard let pane = paneReference(word) else {
        throw invalid(wordIndex, expected: expected)
      }
      return .pane(pane)
    }
  }

  mutating func readSplit() throws(CommandSyntaxError) -> WorkspaceCommand {
    let expected = "an axis, h or v"
    let (word, wordIndex) = try readArgument(for: "split", expected: expected)
    let axis: Axis
    switch word {
    case "h", "horizontal": axis = .horizontal
    case "v", "vertical": axis = .vertical
    default: throw invalid(wordIndex, expected: expected)
    }
    var ratio: Double?
    if let ratioIndex = nextArgumentIndex, let word = nextText, Self.looksNumeric(word) {
      ratio = try fraction(at: ratioIndex)
      index += 1
    }
    var root: RouteToken?
    if let routeIndex = nextArgumentIndex {
      root = try route(at: routeIndex)
      index += 1
    }
    return .split(axis, ratio: ratio, root: root)
  }

  mutating func readTabCommand() throws(CommandSyntaxError) -> WorkspaceCommand {
    let expected = "new, close, move, rename, a tab number or next|prev|last"
    if let word = nextText, ["close", "move", "rename"].contains(word) {
      index += 1
      if word == "rename" { return .renameTab(try readTitle(for: "tab rename")) }
      if word == "close" {
        return .closeTab(try readOptionalCount(expected: "a tab number"))
      }
      let (word, wordIndex) = try readArgument(for: "tab move", expected: "a tab number")
      guard let number = Self.positiveInteger(word) else {
        throw invalid(wordIndex, expected: "a tab number")
      }
      return .moveTab(to: number)
    }
    let (word, wordIndex) = try readArgument(for: "tab", expected: expected)
    switch word {
    case "new": return try readNewTab()
    case "next": return .selectTab(.next)
    case "prev", "previous": return .selectTab(.previous)
    case "last": return .selectTab(.last)
    default:
      guard let number = Self.positiveInteger(word) else {
        throw invalid(wordIndex, expected: expected)
      }
      return .selectTab(.number(number))
    }
  }

  private mutating func readNewTab() throws(CommandSyntaxError) -> WorkspaceCommand {
    guard let titleIndex = nextArgumentIndex else { return .newTab() }
    let title: String? =
      if try text(at: titleIndex) == "-" { nil } else { try title(at: titleIndex) }
    index += 1
    guard let routeIndex = nextArgumentIndex else { return .newTab(title: title) }
    let root = try route(at: routeIndex)
    index += 1
    return .newTab(title: title, root: root)
  }

  mutating func readSwapTarget() throws(CommandSyntaxError) -> SwapTarget {
    let expected = "left|right|up|down, a pane number or %ID"
    let (word, wordIndex) = try readArgument(for: "swap", expected: expected)
    if let direction = Direction(rawValue: word) { return .direction(direction) }
    guard let pane = paneReference(word) else {
      throw invalid(wordIndex, expected: expected)
    }
    return .pane(pane)
  }

  // MARK: Single arguments

  mutating func readDirection(for command: String) throws(CommandSyntaxError) -> Direction {
    let expected = "a direction, left|right|up|down"
    let (word, wordIndex) = try readArgument(for: command, expected: expected)
    guard let direction = Direction(rawValue: word) else {
      throw invalid(wordIndex, expected: expected)
    }
    return direction
  }

  mutating func readAmount(for command: String) throws(CommandSyntaxError) -> Double {
    let (_, wordIndex) = try readArgument(for: command, expected: Self.fractionExpectation)
    return try fraction(at: wordIndex)
  }

  mutating func readNodeID(for command: String) throws(CommandSyntaxError) -> NodeID {
    let expected = "a node id such as %7"
    let (word, wordIndex) = try readArgument(for: command, expected: expected)
    guard let id = nodeID(word) else {
      throw invalid(wordIndex, expected: expected)
    }
    return id
  }

  mutating func readOptionalPane() throws(CommandSyntaxError) -> PaneReference? {
    guard let wordIndex = nextArgumentIndex else { return nil }
    guard let pane = paneReference(try text(at: wordIndex)) else {
      throw invalid(wordIndex, expected: "a pane number or %ID")
    }
    index += 1
    return pane
  }

  mutating func readOptionalCount(
    expected: String = "a positive count"
  ) throws(CommandSyntaxError) -> Int? {
    guard let wordIndex = nextArgumentIndex else { return nil }
    guard let count = Self.positiveInteger(try text(at: wordIndex)) else {
      throw invalid(wordIndex, expected: expected)
    }
    index += 1
    return count
  }

  /// Reads exactly the next word as a title, whatever it is.
  mutating func readTitle(for command: String) throws(CommandSyntaxError) -> String {
    guard !isAtEnd else {
      throw .missingArgument(command: command, expected: "a title", index: index)
    }
    let title = try title(at: index)
    index += 1
    return title
  }

  mutating func readRoute(for command: String) throws(CommandSyntaxError) -> RouteToken {
    let (_, wordIndex) = try readArgument(for: command, expected: "a route")
    return try route(at: wordIndex)
  }

  mutating func readRoutes(
    for command: String, minimum: Int
  ) throws(CommandSyntaxError) -> [RouteToken] {
    var routes: [RouteToken] = []
    while let routeIndex = nextArgumentIndex {
      routes.append(try route(at: routeIndex))
      index += 1
    }
    guard routes.count >= minimum else {
      throw .missingArgument(command: command, expected: "a route", index: index)
    }
    return routes
  }

  /// Reads the next word, which must not be a command word: its text and its index.
  mutating func readArgument(
    for command: String, expected: String
  ) throws(CommandSyntaxError) -> (String, Int) {
    guard let wordIndex = nextArgumentIndex else {
      throw .missingArgument(command: command, expected: expected, index: index)
    }
    index += 1
    return (try text(at: wordIndex), wordIndex)
  }

  /// The next word's text, percent-decoded in a deep link where it can be, or `nil` at the end.
  var nextText: String? {
    isAtEnd ? nil : decodedLinkWords?[index] ?? words[index]
  }

  /// The index of the next word if it is an argument rather than a command word.
  private var nextArgumentIndex: Int? {
    guard let word = nextText, !isCommandWord(word) else { return nil }
    return index
  }

  /// The error for the word at `wordIndex`, which is not what the command expects.
  func invalid(_ wordIndex: Int, expected: String) -> CommandSyntaxError {
    .invalidArgument(words[wordIndex], index: wordIndex, expected: expected)
  }
}
