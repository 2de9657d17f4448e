/// What one argument of a command is, for usage lines, help and shell completion.
///
/// Each kind knows the fixed words it accepts, if any (`left right up down` for a direction),
/// and whether its candidates come from a workspace (pane numbers, tab numbers, node ids).
public enum ArgumentKind: Hashable, Sendable {
  /// `left`, `right`, `up` or `down`.
  case direction
  /// `h` or `v` (`horizontal` and `vertical` are accepted too).
  case axis
  /// A ratio or amount: `0.3` or `30%`.
  case ratio
  /// A pane target: a visible pane's number, any pane's `%ID`, a mark, or `last`.
  case paneReference
  /// A mark: a pane's name (`mark NAME`), see `WorkspaceState.isValidMark(_:)`.
  case mark
  /// A command that acts on the focused pane or tab, which then takes its own arguments
  /// (after `at TARGET`).
  case targetedCommand
  /// `next`, `prev` or `last`: a step in reading order or back to the most recent.
  case cycle
  /// A 1-based tab number of the nearest tabs container.
  case tabNumber
  /// A 1-based window number.
  case windowNumber
  /// A command that can run in another window, which then takes its own arguments (after
  /// `window at N`).
  case windowCommand
  /// The `%ID` of a node that owns a router.
  case nodeID
  /// A route token.
  case route
  /// A route that starts a new router, with `KIND/` before it to name the router's kind
  /// (`notes/note:7`); without one, the kind is inferred (see `WorkspaceCommand.split`).
  case newRoute
  /// A route of the focused router's active stack, for `pop-to`.
  case routeInStack
  /// `sheet` or `cover`.
  case modalStyle
  /// A positive count.
  case count
  /// A title: any one word.
  case title
  /// A router operation word, which then takes its own arguments (after `at %ID`).
  case routerOperation
  /// A shell a completion script is written for: `bash`, `zsh` or `fish`.
  case shell
  /// A command word, for `help`.
  case commandWord
  /// A size, `WxH`.
  case size
  /// `default`: a setting's default, such as `minimum-size default`.
  case defaultSetting
  /// A deep link.
  case link
  /// The name of one of the workspace's templates (or of a new one, for `template save`).
  case templateName
  /// `KEY=VALUE`: a value for a template's parameter.
  case templateParameter
  /// A file's path, which shells complete as one.
  case file
  /// A preset arrangement's name (`tiled`, …), or `next` or `prev`.
  case preset

  /// The fixed words of the kind, in the order help lists them; empty for free text and for
  /// values read from a workspace.
  public var words: [String] {
    switch self {
    case .direction: ["left", "right", "up", "down"]
    case .axis: ["h", "v"]
    case .cycle: ["next", "prev", "last"]
    case .modalStyle: ["sheet", "cover"]
    case .shell: ["bash", "zsh", "fish"]
    case .defaultSetting: ["default"]
    case .preset: LayoutPreset.allCases.map(\.rawValue) + ["next", "prev"]
    default: []
    }
  }
}

/// One argument slot of a command: its placeholder in usage lines, the kinds of word it
/// takes, whether it may be left out or repeated, and what an error says it expected.
public struct ArgumentSyntax: Hashable, Sendable {
  /// The placeholder in usage lines, such as `N|%ID` or `ROUTE`.
  public let placeholder: String
  /// The kinds of word the slot takes; a word of any of them fits.
  public let kinds: [ArgumentKind]
  /// Whether the slot may be left out (`[RATIO]`).
  public let isOptional: Bool
  /// Whether the slot takes any number of words up to the next command word (`ROUTE...`).
  public let isRepeated: Bool
  /// What the slot takes, as an error message says it: `a pane number or %ID`.
  public let expected: String

  /// A slot.
  public init(
    _ placeholder: String, _ kinds: [ArgumentKind], isOptional: Bool = false,
    isRepeated: Bool = false, expected: String = ""
  ) {
    self.placeholder = placeholder
    self.kinds = kinds
    self.isOptional = isOptional
    self.isRepeated = isRepeated
    self.expected = expected
  }

  /// The slot as a usage line writes it: `N`, `[N]`, `ROUTE...` or `[ROUTE...]`.
  public var usage: String {
    let text = placeholder + (isRepeated ? "..." : "")
    return isOptional ? "[\(text)]" : text
  }

  /// Whether the slot takes the next word whatever it is, even a command word: a required
  /// title (`rename TITLE`), a template's name and the command after `at TARGET`.
  var takesAnyWord: Bool {
    kinds.contains(.routerOperation) || kinds.contains(.targetedCommand)
      || kinds.contains(.windowCommand)
      || (kinds.contains(.title) || kinds.contains(.templateName)) && !isOptional
  }
}

/// One line of a command's help: an argument's name and what it means.
public struct ArgumentHelp: Hashable, Sendable {
  /// The argument as the help names it, such as `N|%ID` or `--size WxH`.
  public let name: String
  /// What it means, lower-case.
  public let meaning: String

  /// A line of help.
  public init(_ name: String, _ meaning: String) {
    self.name = name
    self.meaning = meaning
  }
}

/// One command of a grammar: its word, its one-line summary, its arguments, its help, and,
/// for a command such as `tab`, the subcommands that may take the place of its arguments.
public struct CommandSyntax: Hashable, Sendable {
  /// The command's word, such as `split` (or a subcommand's, such as `close`).
  public let word: String
  /// A one-line summary, a sentence.
  public let summary: String
  /// The argument slots, in order.
  public let arguments: [ArgumentSyntax]
  /// Subcommands (`tab close [N]`); their words may stand where the arguments start.
  public let subcommands: [CommandSyntax]
  /// Options the command reads after its word, such as `--size WxH`, with the kind of
  /// their value, if they take one.
  public let options: [CommandOption]
  /// What each argument (and option) means, for the command's help.
  public let help: [ArgumentHelp]
  /// Paragraphs the help prints after the arguments, such as what `undo` covers.
  public let discussion: [String]
  /// An example: the command's words, as a program's arguments (`split h 30% search:inbox`).
  public let example: String
  /// Whether a command with subcommands and no arguments is a command on its own too
  /// (`float`, beside `float move`).
  public let standsAlone: Bool

  /// A command.
  public init(
    _ word: String, _ summary: String, arguments: [ArgumentSyntax] = [],
    subcommands: [CommandSyntax] = [], options: [CommandOption] = [], help: [ArgumentHelp] = [],
    discussion: [String] = [], example: String = "", standsAlone: Bool = false
  ) {
    self.standsAlone = standsAlone
    self.word = word
    self.summary = summary
    self.arguments = arguments
    self.subcommands = subcommands
    self.options = options
    self.help = help
    self.discussion = discussion
    self.example = example.isEmpty ? word : example
  }

  /// The usage line after the program name, such as `split h|v [RATIO] [ROUTE]`; the forms
  /// of a command with subcommands are joined with ` | `.
  public var usage: String {
    let own = ([word] + options.map(\.usage) + arguments.map(\.usage)).joined(separator: " ")
    let forms = subcommands.map { "\(word) \($0.usage)" }
    guard !forms.isEmpty else { return own }
    return (needsSubcommand ? forms : forms + [own]).joined(separator: " | ")
  }

  /// Whether the command is only its subcommands (`template save|apply|rm`): it has some,
  /// takes no arguments and does not stand alone.
  public var needsSubcommand: Bool {
    arguments.isEmpty && !subcommands.isEmpty && !standsAlone
  }
}

/// An option a command reads after its word, such as `show --size WxH`.
public struct CommandOption: Hashable, Sendable {
  /// The option, such as `--size`.
  public let name: String
  /// The value it takes, if any.
  public let value: ArgumentSyntax?

  /// An option.
  public init(_ name: String, value: ArgumentSyntax? = nil) {
    self.name = name
    self.value = value
  }

  /// `[--size WxH]`.
  public var usage: String {
    "[" + ([name] + [value?.placeholder].compactMap { $0 }).joined(separator: " ") + "]"
  }
}
