extension CommandGrammar {
  /// The commands of stacks: `stack`, `unstack`.
  static let stackCommands: [CommandDefinition] = [
    CommandDefinition(
      CommandSyntax(
        "stack",
        "Make the focused pane's split a stack, or stack the focused pane with the pane in a "
          + "direction, as Zellij's stacked panes and i3's stacking layout.",
        arguments: [
          ArgumentSyntax(
            "left|right|up|down", [.direction], isOptional: true,
            expected: "a direction, left|right|up|down")
        ],
        help: [
          ArgumentHelp(
            "DIRECTION",
            "join the stack of the pane that way, or make one with it (default: the "
              + "focused pane's split becomes a stack of its axis)")
        ],
        discussion: [
          "A stack shows one member expanded and every other one as a title bar: one row "
            + "each in a vertical stack, one column each in a horizontal one. Focusing a pane "
            + "(by number, id, mark, next/prev or direction) expands its member; directional "
            + "focus moves along a stack bar by bar and across it out of it.",
          "With a direction, the pane keeps its id, router and focus, and stands next to the "
            + "pane it joins on the side it came from; a new stack takes the direction's axis. "
            + "A pane already in that stack is already so (exit 0, nothing changes). Refused "
            + "(exit 1) for a pane in no split, no pane that way, or, as 'split', when a pane "
            + "would end up below the minimum pane size.",
        ],
        example: "stack down"),
      make: { .stack($0.direction(0)) },
      values: { command in
        guard case .stack(let direction) = command else { return nil }
        return [direction.map(ArgumentValue.direction)]
      }),
    .plain(
      .unstack,
      CommandSyntax(
        "unstack",
        "Make the stack around the focused pane a split of its axis, with equal shares.",
        discussion: [
          "Every member keeps its id and router; the expanded one stays focused. A pane in no "
            + "stack is already so (exit 0). Refused (exit 1) when a pane would end up below "
            + "the minimum pane size."
        ])),
  ]
}
