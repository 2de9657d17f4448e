import PaneRouter

extension WorkspaceCommand: CustomStringConvertible {
  /// The command's canonical words, which ``CommandParser`` parses back to an equal command.
  ///
  ///     WorkspaceCommand.route(.push(["root", "detail:7"])).words  // ["push", "=root", "detail:7"]
  ///     WorkspaceCommand.split(.horizontal, ratio: 0.3).words      // ["split", "h", "0.3"]
  ///
  /// Routes named like a command word get the `=` escape, and so do titles where a command
  /// word would end the argument list or where they start with `=`. A command that the grammar
  /// cannot express, such as a count below 1 or an empty push, prints words that the parser
  /// rejects.
  public var words: [String] { words(reserving: []) }

  /// The command's canonical words, escaping also routes and titles that are one of a caller's
  /// own command words.
  ///
  /// - Parameter extraCommandWords: The caller's command words, as given to
  ///   ``CommandParser/init(words:extraCommandWords:)``.
  /// - Returns: Words that a parser with the same extra command words parses back to an equal
  ///   command.
  /// - Complexity: O(*n*), where *n* is the total length of the words.
  public func words(reserving extraCommandWords: Set<String>) -> [String] {
    spelledWords(reserving: extraCommandWords).map(\.text)
  }

  /// The command's words joined by spaces, such as `focus 2` or `rename 'my notes'`.
  ///
  /// A word that is empty or contains whitespace, a quote or a backslash is put in single
  /// quotes, with a `'` inside it written `'\''` as in a POSIX shell, so
  /// ``CommandParser/parse(line:)`` reads the text back to the same command.
  public var description: String {
    words.map(CommandParser.quoted).joined(separator: " ")
  }
}

/// One word of a command's canonical spelling.
struct SpelledWord: Hashable {
  /// The word.
  var text: String
  /// Whether the word is a route token, which a deep link writes as it is.
  var isRoute = false
}

extension WorkspaceCommand {
  /// The canonical words, each marked whether it is a title.
  func spelledWords(reserving extraCommandWords: Set<String>) -> [SpelledWord] {
    let parser = CommandParser(words: [], extraCommandWords: extraCommandWords)
    func plain(_ texts: String...) -> [SpelledWord] {
      texts.map { SpelledWord(text: $0) }
    }
    func route(_ token: RouteToken) -> SpelledWord {
      let text = token.description
      return SpelledWord(text: parser.isCommandWord(text) ? "=" + text : text, isRoute: true)
    }
    func title(_ text: String, isOptional: Bool = false) -> SpelledWord {
      let needsEscape =
        text.hasPrefix("=") || isOptional && (text == "-" || parser.isCommandWord(text))
      return SpelledWord(text: needsEscape ? "=" + text : text)
    }
    switch self {
    case .focus(let target):
      return plain("focus") + target.word.split(separator: " ").map { plain(String($0)) }.joined()
    case .split(let axis, let ratio, let root):
      return plain("split", axis == .horizontal ? "h" : "v") + optionalWord(ratio.map { "\($0)" })
        + [root.map(route)].compactMap { $0 }
    case .close(let pane):
      return plain("close") + optionalWord(pane?.description)
    case .newTab(let text, let root):
      let titleWord = text.map { title($0, isOptional: true) }
      guard let root else { return plain("tab", "new") + [titleWord].compactMap { $0 } }
      return plain("tab", "new") + [titleWord ?? SpelledWord(text: "-"), route(root)]
    case .selectTab(let target):
      return plain("tab", target.word)
    case .closeTab(let number):
      return plain("tab", "close") + optionalWord(number.map { "\($0)" })
    case .moveTab(let number):
      return plain("tab", "move", "\(number)")
    case .renameTab(let text):
      return plain("tab", "rename") + [title(text)]
    case .swap(.direction(let direction)):
      return plain("swap", direction.rawValue)
    case .swap(.pane(let pane)):
      return plain("swap", pane.description)
    case .move(let direction):
      return plain("move", direction.rawValue)
    case .resize(let direction, let amount):
      return plain("resize", direction.rawValue, "\(amount)")
    case .resizeByCells(let direction, let cells):
      return plain("resize", direction.rawValue, "\(cells)")
    case .setMinimumPaneSize(let size):
      return plain("minimum-size", size?.description ?? "default")
    case .equalize:
      return plain("equalize")
    case .zoom:
      return plain("zoom")
    case .rename(let text):
      return plain("rename") + [title(text)]
    case .route(let operation, let id):
      let prefix = id.map { plain("at", $0.description) } ?? []
      return prefix + operation.spelledWords(route: route)
    case .saveTemplate(let name, let node, let replacing):
      return plain("template", "save", name) + (node.map { plain("--node", $0.description) } ?? [])
        + (replacing ? plain("--force") : [])
    case .removeTemplate(let name):
      return plain("template", "rm", name)
    case .applyTemplate(let name, let parameters):
      return plain("template", "apply", name)
        + parameters.sorted { $0.key < $1.key }.map { SpelledWord(text: "\($0.key)=\($0.value)") }
    case .openTemplate(let template, let parameters):
      return WorkspaceCommand.applyTemplate(template.name, parameters: parameters)
        .spelledWords(reserving: extraCommandWords)
    case .undo(let count):
      return plain("undo") + optionalWord(count == 1 ? nil : "\(count)")
    case .redo(let count):
      return plain("redo") + optionalWord(count == 1 ? nil : "\(count)")
    }
  }

  private func optionalWord(_ text: String?) -> [SpelledWord] {
    text.map { [SpelledWord(text: $0)] } ?? []
  }
}

extension RouteOperation<RouteToken> {
  fileprivate func spelledWords(route: (RouteToken) -> SpelledWord) -> [SpelledWord] {
    func word(_ text: String) -> SpelledWord { SpelledWord(text: text) }
    return switch self {
    case .push(let routes): [word("push")] + routes.map(route)
    case .pop(let count): count == 1 ? [word("pop")] : [word("pop"), word("\(count)")]
    case .popTo(let token): [word("pop-to"), route(token)]
    case .popToLast(let token): [word("pop-to-last"), route(token)]
    case .popToRoot: [word("root")]
    case .replace(let routes): [word("replace")] + routes.map(route)
    case .replaceCurrent(let token): [word("replace-top"), route(token)]
    case .present(let token, let style): [word("present"), word(style.rawValue), route(token)]
    case .dismiss: [word("dismiss")]
    case .dismissModals: [word("dismiss-all")]
    case .finish(let token): [word("finish"), route(token)]
    case .setPath(let routes): [word("set-path")] + routes.map(route)
    case .setModalPath(let routes): [word("set-modal-path")] + routes.map(route)
    }
  }
}

extension FocusTarget {
  fileprivate var word: String {
    switch self {
    case .pane(let pane): pane.description
    case .direction(let direction, wrapping: false): direction.rawValue
    case .direction(let direction, wrapping: true): "wrap \(direction.rawValue)"
    case .next: "next"
    case .previous: "prev"
    case .last: "last"
    }
  }
}

extension TabTarget {
  fileprivate var word: String {
    switch self {
    case .number(let number): "\(number)"
    case .next: "next"
    case .previous: "prev"
    case .last: "last"
    }
  }
}
