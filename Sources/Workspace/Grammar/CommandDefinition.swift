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
  /// The command's words, arguments, summary and help.
  let syntax: CommandSyntax
  /// The command the values of the slots make (a slot left out is `nil`).
  let make: @Sendable ([ArgumentValue?]) -> WorkspaceCommand
  /// The values of the slots for a command of this entry, or `nil` for any other command.
  let values: @Sendable (WorkspaceCommand) -> [ArgumentValue?]?
  /// Subcommands whose words may stand where the arguments start (`tab close`).
  let subcommands: [CommandDefinition]
  /// Whether the command is a router operation, which `at %ID` runs on another node's router.
  let isRouterOperation: Bool

  /// An entry.
  init(
    _ syntax: CommandSyntax, subcommands: [CommandDefinition] = [],
    isRouterOperation: Bool = false,
    make: @escaping @Sendable ([ArgumentValue?]) -> WorkspaceCommand,
    values: @escaping @Sendable (WorkspaceCommand) -> [ArgumentValue?]?
  ) {
    self.syntax = CommandSyntax(
      syntax.word, syntax.summary, arguments: syntax.arguments,
      subcommands: subcommands.map(\.syntax), options: syntax.options, help: syntax.help,
      discussion: syntax.discussion, example: syntax.example, standsAlone: syntax.standsAlone)
    self.make = make
    self.values = values
    self.subcommands = subcommands
    self.isRouterOperation = isRouterOperation
  }

  /// An entry for a router operation on the focused pane's router.
  static func routerOperation(
    _ syntax: CommandSyntax,
    make: @escaping @Sendable ([ArgumentValue?]) -> RouteOperation<RouteToken>,
    values: @escaping @Sendable (RouteOperation<RouteToken>) -> [ArgumentValue?]?
  ) -> CommandDefinition {
    CommandDefinition(
      syntax, isRouterOperation: true, make: { .route(make($0)) },
      values: { command in
        guard case .route(let operation, nil) = command else { return nil }
        return values(operation)
      })
  }

  /// An entry for a command without arguments.
  static func plain(_ command: WorkspaceCommand, _ syntax: CommandSyntax) -> CommandDefinition {
    CommandDefinition(syntax, make: { _ in command }, values: { $0 == command ? [] : nil })
  }
}
