import PaneRouter

/// One entry of the grammar table: a command's syntax (words, arguments, summary, help) and
/// the two conversions between its argument values and a ``WorkspaceCommand``.
///
/// The parser reads the slots of ``syntax`` into values and calls ``make``; the speller asks
/// each entry for ``values`` and writes the first that answers. So the syntax is the only
/// description of the words, and a new command is one entry here and one case in `apply`.
///
/// An immutable class, so that walking the table (as spelling every recorded command does)
/// passes one reference per entry rather than copying its syntax.
final class CommandDefinition: Sendable {
  /// How an entry's argument values become a command and back.
  ///
  /// The table holds each entry's conversions as values, never as closures that capture
  /// another value: an entry without arguments stores its command. (Such a command is a box
  /// of the indirect `WorkspaceCommand` held through a pointer whose spare bits carry its
  /// case; the fuzzing build's leak checker cannot see that pointer, and `Fuzz/lsan.supp`
  /// exempts what the tables' initializers allocate.)
  enum Conversion: Sendable {
    /// A command without arguments: the words make this command, and only it is spelled so.
    case plain(WorkspaceCommand)
    /// A router operation on the focused pane's router (`.route(_, at: nil)`).
    case routerOperation(
      make: @Sendable ([ArgumentValue?]) -> RouteOperation<RouteToken>,
      values: @Sendable (RouteOperation<RouteToken>) -> [ArgumentValue?]?)
    /// Any other command.
    case command(
      make: @Sendable ([ArgumentValue?]) -> WorkspaceCommand,
      values: @Sendable (WorkspaceCommand) -> [ArgumentValue?]?)
  }

  /// The command's words, arguments, summary and help.
  let syntax: CommandSyntax
  /// How the entry's argument values become a command and back.
  let conversion: Conversion
  /// Subcommands whose words may stand where the arguments start (`tab close`).
  let subcommands: [CommandDefinition]

  /// Whether the command is a router operation, which `at %ID` runs on another node's router.
  var isRouterOperation: Bool {
    if case .routerOperation = conversion { return true }
    return false
  }

  /// An entry.
  init(
    _ syntax: CommandSyntax, subcommands: [CommandDefinition] = [], _ conversion: Conversion
  ) {
    self.syntax = CommandSyntax(
      syntax.word, syntax.summary, arguments: syntax.arguments,
      subcommands: subcommands.map { $0.syntax }, options: syntax.options, help: syntax.help,
      discussion: syntax.discussion, example: syntax.example, standsAlone: syntax.standsAlone)
    self.conversion = conversion
    self.subcommands = subcommands
  }

  /// An entry whose slots' values make a command through `make` and come back through
  /// `values`.
  convenience init(
    _ syntax: CommandSyntax, subcommands: [CommandDefinition] = [],
    make: @escaping @Sendable ([ArgumentValue?]) -> WorkspaceCommand,
    values: @escaping @Sendable (WorkspaceCommand) -> [ArgumentValue?]?
  ) {
    self.init(syntax, subcommands: subcommands, .command(make: make, values: values))
  }

  /// An entry for a router operation on the focused pane's router.
  static func routerOperation(
    _ syntax: CommandSyntax,
    make: @escaping @Sendable ([ArgumentValue?]) -> RouteOperation<RouteToken>,
    values: @escaping @Sendable (RouteOperation<RouteToken>) -> [ArgumentValue?]?
  ) -> CommandDefinition {
    CommandDefinition(syntax, .routerOperation(make: make, values: values))
  }

  /// An entry for a command without arguments.
  static func plain(
    _ command: WorkspaceCommand, _ syntax: CommandSyntax, subcommands: [CommandDefinition] = []
  ) -> CommandDefinition {
    CommandDefinition(syntax, subcommands: subcommands, .plain(command))
  }

  /// The command the values of the slots make (a slot left out is `nil`).
  func make(_ values: [ArgumentValue?]) -> WorkspaceCommand {
    switch conversion {
    case .plain(let command): command
    case .routerOperation(let make, _): .route(make(values))
    case .command(let make, _): make(values)
    }
  }

  /// The values of the slots for a command of this entry, or `nil` for any other command.
  func values(_ command: WorkspaceCommand) -> [ArgumentValue?]? {
    switch conversion {
    case .plain(let plain): return command == plain ? [] : nil
    case .routerOperation(_, let values):
      guard case .route(let operation, nil) = command else { return nil }
      return values(operation)
    case .command(_, let values): return values(command)
    }
  }
}
