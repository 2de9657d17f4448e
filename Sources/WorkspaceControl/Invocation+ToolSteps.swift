import Workspace

extension Invocation {
  /// Parses the arguments of one of the tool's own commands, starting after its word.
  mutating func toolStep(
    _ word: String, at position: Int, parser: inout CommandParser
  ) throws(Failure) -> Step {
    let words = parser.words
    func optionalArgument() -> (String, Int)? {
      guard let next = parser.nextWord, !parser.isCommandWord(next) else { return nil }
      let index = parser.index
      _ = parser.readWord()
      return (next, index)
    }
    func requiredArgument(_ expected: String) throws(Failure) -> (String, Int) {
      guard let next = parser.nextWord else {
        throw .usage("'\(word)' needs \(expected) \(Self.position(parser.index))")
      }
      _ = parser.readWord()
      return (next, parser.index - 1)
    }
    switch word {
    case "show":
      var ascii = false
      while let next = parser.nextWord, next.hasPrefix("--") {
        _ = parser.readWord()
        guard next == "--ascii" else {
          throw .usage("unknown option '\(next)' for 'show' \(Self.position(parser.index - 1))")
        }
        ascii = true
      }
      return .show(ascii: ascii)
    case "tree": return .tree
    case "history": return .history
    case "validate": return .validate
    case "migrate": return .migrate
    case "status": return .status
    case "watch": return .watch
    case "restore-backup":
      if parser.nextWord == "--force" {
        _ = parser.readWord()
        return .restoreBackup(force: true)
      }
      return .restoreBackup(force: false)
    case "routes":
      guard let (text, index) = optionalArgument() else { return .routes(nil, word: position) }
      if let id = NodeID(parsing: Substring(text)) { return .routes(.id(id), word: position) }
      guard let number = Int(text), number >= 1 else {
        throw .usage("invalid pane '\(text)' \(Self.position(index)): expected N or %ID")
      }
      return .routes(.number(number), word: position)
    case "layout":
      let (text, index) = try requiredArgument("a size WxH")
      guard let size = Size(parsing: text) else {
        throw .usage("invalid size '\(text)' \(Self.position(index)): expected WxH such as 120x40")
      }
      return .layout(size)
    case "open":
      let (link, index) = try requiredArgument("a URL")
      do {
        return .link(link, try CommandParser.parse(link: link), word: position)
      } catch {
        // A grammar error counts the path segments of the link; name the link.
        if case .invalidURL = error { throw .usage("\(error) (word \(index + 1))") }
        throw .usage("invalid link '\(link)' (word \(index + 1)): \(error)")
      }
    case "init":
      if parser.nextWord == "--force" {
        _ = parser.readWord()
        return .initialize(force: true)
      }
      return .initialize(force: false)
    case "completions":
      let (shell, index) = try requiredArgument("a shell: bash, zsh or fish")
      guard ["bash", "zsh", "fish"].contains(shell) else {
        throw .usage("unknown shell '\(shell)' \(Self.position(index)): expected bash, zsh or fish")
      }
      return .completions(shell)
    default:  // help
      guard let (topic, index) = optionalArgument() ?? parser.nextWord.map({ ($0, parser.index) })
      else { return .help(nil) }
      if parser.index == index { _ = parser.readWord() }
      guard CommandHelp.named(topic) != nil else {
        let suggestion = CommandParser.suggestion(
          for: topic, among: CommandHelp.all.map(\.name))
        throw .usage(
          "no help for '\(topic)' \(Self.position(index))"
            + (suggestion.map { " — did you mean '\($0)'?" } ?? ""))
      }
      _ = words
      return .help(topic)
    }
  }
}
