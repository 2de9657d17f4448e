import Workspace

/// What a key does after the prefix key.
enum Action: Equatable {
  /// Apply workspace commands (and save).
  case commands([WorkspaceCommand])
  /// Open the command prompt.
  case prompt
  /// Show the key help on the status line.
  case help
  /// Quit.
  case quit
  /// Do nothing (the prefix was cancelled).
  case cancel
  /// The key is not bound.
  case unbound
}

/// The key table, in the habit of tmux: press the prefix (Ctrl-B), then one key.
enum Bindings {
  /// The prefix key, Ctrl-B.
  static let prefix = Key.control("b")

  /// The action of a key pressed after the prefix.
  static func action(afterPrefix key: Key) -> Action {
    switch key {
    case .character("%"): .commands([.split(.horizontal)])
    case .character("\""): .commands([.split(.vertical)])
    case .left: .commands([.focus(.direction(.left))])
    case .right: .commands([.focus(.direction(.right))])
    case .up: .commands([.focus(.direction(.up))])
    case .down: .commands([.focus(.direction(.down))])
    case .character("o"): .commands([.focus(.next)])
    case .character(";"): .commands([.focus(.last)])
    case .character("x"): .commands([.close()])
    case .character("c"): .commands([.newTab()])
    case .character("n"): .commands([.selectTab(.next)])
    case .character("p"): .commands([.selectTab(.previous)])
    case .character("l"): .commands([.selectTab(.last)])
    case .character("z"): .commands([.zoom])
    case .character("f"): .commands([.float])
    case .character("e"): .commands([.embed])
    case .character("w"): .commands([.focus(.floating)])
    case .character("t"): .commands([.focus(.tiled)])
    case .character("s"): .commands([.stack()])
    case .character("S"): .commands([.unstack])
    case .character("N"): .commands([.selectWindow(.next)])
    case .character("P"): .commands([.selectWindow(.previous)])
    case .character("u"): .commands([.undo()])
    case .character("U"): .commands([.redo()])
    case .character("="): .commands([.equalize])
    case .character(" "): .commands([.arrange(.next)])
    case .character("!"): .commands([.breakPane()])
    case .character(let digit) where digit.isASCII && ("1"..."9").contains(digit):
      .commands([.selectTab(.number(Int(String(digit))!))])
    case .character(":"): .prompt
    case .character("?"): .help
    case .character("q"): .quit
    case .escape, prefix: .cancel
    default: .unbound
    }
  }

  /// One line of help for the status line.
  static let help =
    "% \" split  arrows o ; focus  x close  c n p 1-9 tabs  N P windows  z zoom  s S stack/unstack"
    + "  f e float/embed  w t focus float/tiled  Space arrange  ! break  u U undo/redo  : command"
    + "  q quit"
}
