import PaneRouter

extension CommandGrammar {
  /// The router operations of the focused pane (`at TARGET`, in `CommandGrammar+Targets`,
  /// runs one on another node's router).
  static let routerCommands: [CommandDefinition] = [
    pushCommand,
    .routerOperation(
      CommandSyntax(
        "pop", "Pop N routes (default 1), never the root.", arguments: [count],
        help: [ArgumentHelp("N", "how many routes")], example: "pop 2"),
      make: { .pop(count: $0.number(0) ?? 1) },
      values: { operation in
        guard case .pop(let count) = operation else { return nil }
        return [count == 1 ? nil : .number(count)]
      }),
    .routerOperation(
      CommandSyntax(
        "pop-to", "Pop back to the first occurrence of a route.", arguments: [routeInStack],
        help: [routeHelp], example: "pop-to inbox"),
      make: { .popTo($0.route(0)!) },
      values: { operation in
        guard case .popTo(let route) = operation else { return nil }
        return [.route(route)]
      }),
    .routerOperation(
      CommandSyntax(
        "pop-to-last", "Pop back to the last occurrence of a route.", arguments: [routeInStack],
        help: [routeHelp], example: "pop-to-last detail:7"),
      make: { .popToLast($0.route(0)!) },
      values: { operation in
        guard case .popToLast(let route) = operation else { return nil }
        return [.route(route)]
      }),
    .routerOperation(
      CommandSyntax("root", "Pop to the root and dismiss any modal."),
      make: { _ in .popToRoot }, values: { $0 == .popToRoot ? [] : nil }),
    .routerOperation(
      CommandSyntax(
        "replace", "Replace the whole stack, root included.", arguments: [routes],
        help: [routeHelp], example: "replace inbox detail:7"),
      make: { .replace($0.routes(0)) },
      values: { operation in
        guard case .replace(let routes) = operation else { return nil }
        return [.routes(routes)]
      }),
    .routerOperation(
      CommandSyntax(
        "replace-top", "Replace the top route.", arguments: [route], help: [routeHelp],
        example: "replace-top detail:8"),
      make: { .replaceCurrent($0.route(0)!) },
      values: { operation in
        guard case .replaceCurrent(let route) = operation else { return nil }
        return [.route(route)]
      }),
    .routerOperation(
      CommandSyntax(
        "present", "Present a modal whose route is the root of its own stack.",
        arguments: [
          ArgumentSyntax(
            "sheet|cover", [.modalStyle], expected: "a modal style, sheet or cover"),
          route,
        ],
        help: [ArgumentHelp("sheet|cover", "the modal style"), routeHelp],
        example: "present sheet compose"),
      make: { .present($0.route(1)!, style: $0.style(0)!) },
      values: { operation in
        guard case .present(let route, let style) = operation else { return nil }
        return [.style(style), .route(route)]
      }),
    .routerOperation(
      CommandSyntax("dismiss", "Close the modal if one is up, else pop."),
      make: { _ in .dismiss }, values: { $0 == .dismiss ? [] : nil }),
    .routerOperation(
      CommandSyntax("dismiss-all", "Close any modal, keeping the stack."),
      make: { _ in .dismissModals }, values: { $0 == .dismissModals ? [] : nil }),
    .routerOperation(
      CommandSyntax(
        "finish",
        "Finish the modal's flow with a result: close it and hand the result to its presenter.",
        arguments: [route],
        help: [ArgumentHelp("ROUTE", "the result the flow finished with")],
        discussion: [
          "The result is a route token handed to the router that presented the modal: a "
            + "running host hears it with that node's id, and '--json' lists it under "
            + "\"results\". Refused (exit 1) when no modal is presented, so a flow finishes once.",
          "'undo' brings the flow back as it was; the file records no result (the presenter "
            + "reacts in the same change, and what it does with the result is saved).",
        ],
        example: "finish attachment:3"),
      make: { .finish($0.route(0)!) },
      values: { operation in
        guard case .finish(let route) = operation else { return nil }
        return [.route(route)]
      }),
    .routerOperation(
      CommandSyntax(
        "set-path", "Set the stack below the root, as a NavigationStack path binding writes it.",
        arguments: [path], help: [routeHelp], example: "set-path detail:7 reply"),
      make: { .setPath($0.routes(0)) },
      values: { operation in
        guard case .setPath(let routes) = operation else { return nil }
        return [.routes(routes)]
      }),
    .routerOperation(
      CommandSyntax(
        "set-modal-path", "Set the presented modal's stack below its root.", arguments: [path],
        help: [routeHelp], example: "set-modal-path draft:2"),
      make: { .setModalPath($0.routes(0)) },
      values: { operation in
        guard case .setModalPath(let routes) = operation else { return nil }
        return [.routes(routes)]
      }),
  ]

  /// `push`, an entry of its own: the router operation of the shortest calls (`wsctl push
  /// detail:7`, a host's navigation) is read and spelled without building the rest of its
  /// family (about 16,000 instructions of `wsctl focus 2 push detail:7`).
  static let pushCommand = CommandDefinition.routerOperation(
    CommandSyntax(
      "push", "Push routes onto the focused pane's router, all or nothing.",
      arguments: [routes], help: [routeHelp], example: "push detail:7 reply"),
    make: { .push($0.routes(0)) },
    values: { operation in
      guard case .push(let routes) = operation else { return nil }
      return [.routes(routes)]
    })
}
