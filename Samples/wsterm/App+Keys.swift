import Workspace

/// Key handling: the prefix, the bound keys and the command prompt.
extension App {
  /// Handles one key in the current mode.
  mutating func handle(_ key: Key) {
    switch mode {
    case .normal:
      message = nil
      if key == Bindings.prefix { mode = .prefix }
    case .prefix:
      mode = .normal
      perform(Bindings.action(afterPrefix: key))
    case .prompt(let text):
      edit(text, with: key)
    }
  }

  private mutating func perform(_ action: Action) {
    switch action {
    case .commands(let commands): apply(commands)
    case .prompt: mode = .prompt("")
    case .help: message = ("keys after C-b: " + Bindings.help, false)
    case .quit: isRunning = false
    case .cancel: break
    case .unbound: message = ("key not bound; C-b ? lists the keys", true)
    }
  }

  /// Edits the prompt: Enter runs it, Esc cancels, Backspace deletes, Ctrl-U clears.
  private mutating func edit(_ text: String, with key: Key) {
    switch key {
    case .enter:
      mode = .normal
      runPrompt(text)
    case .escape, .control("c"), .control("g"):
      mode = .normal
    case .backspace:
      mode = .prompt(String(text.dropLast()))
    case .control("u"):
      mode = .prompt("")
    case .character(let character):
      mode = .prompt(text + String(character))
    case .tab:
      mode = .prompt(text + " ")
    default:
      break
    }
  }

  /// Runs the prompt's text through the command grammar, as `wsctl` would, with the shell's
  /// quoting: `rename 'my notes'`.
  private mutating func runPrompt(_ text: String) {
    do {
      let words = try CommandParser.words(in: text)
      guard !words.isEmpty else { return }
      if words == ["q"] || words == ["quit"] {
        isRunning = false
        return
      }
      apply(try CommandParser.parse(words))
    } catch {
      message = ("\(error)", true)
    }
  }
}
