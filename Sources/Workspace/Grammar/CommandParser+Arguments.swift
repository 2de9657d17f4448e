import PaneRouter

extension CommandParser {
  /// Reads the rest of a command of the table: a subcommand's word if one follows, else each
  /// argument slot in turn, and the command's options (`--force`, `--node N`) wherever they
  /// stand among them. The values are the slots' in order, then the options' in order.
  ///
  /// - Parameters:
  ///   - definition: The command's entry.
  ///   - name: The command's words so far (`tab move`), for error messages.
  mutating func read(
    _ definition: CommandDefinition, named name: String
  ) throws(CommandSyntaxError) -> WorkspaceCommand {
    if let word = nextText,
      let subcommand = definition.subcommands.first(where: { $0.syntax.word == word })
    {
      index += 1
      return try read(subcommand, named: name + " " + word)
    }
    if definition.syntax.needsSubcommand {
      // A command that is only its subcommands (`template save|apply|rm`).
      let expected = definition.subcommands.map(\.syntax.word).joined(separator: ", ")
      guard nextText != nil else {
        throw .missingArgument(command: name, expected: expected, index: index)
      }
      throw invalid(index, expected: expected)
    }
    let slots = definition.syntax.arguments
    let options = definition.syntax.options
    var values = [ArgumentValue?](repeating: nil, count: slots.count + options.count)
    var slot = 0
    while true {
      if !options.isEmpty, let word = nextText,
        let option = options.firstIndex(where: { $0.name == word })
      {
        guard values[slots.count + option] == nil else {
          throw invalid(index, expected: "'\(word)' once")
        }
        index += 1
        if let value = options[option].value {
          values[slots.count + option] = try read(value, of: "\(name) \(word)")
        } else {
          values[slots.count + option] = .flag
        }
        continue
      }
      guard slot < slots.count else { break }
      values[slot] = try read(slots[slot], of: name)
      slot += 1
    }
    return definition.make(values)
  }

  /// Reads one slot: a required slot's word or an error naming it; an optional slot's word
  /// if the next word fits it (any word but a command word; for a ratio, one that looks like
  /// a number); a repeated slot's words up to the next command word.
  private mutating func read(
    _ slot: ArgumentSyntax, of command: String
  ) throws(CommandSyntaxError) -> ArgumentValue? {
    if slot.kinds == [.templateParameter] {
      return try readParameters(slot, of: command)
    }
    if slot.isRepeated {
      var routes: [RouteToken] = []
      while let routeIndex = nextArgumentIndex {
        routes.append(try route(at: routeIndex))
        index += 1
      }
      guard !routes.isEmpty || slot.isOptional else {
        throw .missingArgument(command: command, expected: slot.expected, index: index)
      }
      return .routes(routes)
    }
    let wordIndex: Int
    if slot.takesAnyWord, !isAtEnd {
      wordIndex = index
    } else if let argumentIndex = nextArgumentIndex {
      wordIndex = argumentIndex
    } else if slot.isOptional {
      return nil
    } else {
      throw .missingArgument(command: command, expected: slot.expected, index: index)
    }
    if slot.isOptional, slot.kinds == [.ratio], !Self.looksNumeric(try text(at: wordIndex)) {
      return nil
    }
    // An optional axis before an optional ratio (`join 2 30%`) leaves it a number.
    if slot.isOptional, slot.kinds == [.axis], Self.looksNumeric(try text(at: wordIndex)) {
      return nil
    }
    index += 1
    return try value(of: slot, at: wordIndex)
  }

  /// Reads `KEY=VALUE` words up to the next command word: the key is the text before the
  /// first `=` (not empty), the value the rest (possibly empty), each key once.
  private mutating func readParameters(
    _ slot: ArgumentSyntax, of command: String
  ) throws(CommandSyntaxError) -> ArgumentValue? {
    var values: [String: String] = [:]
    while let wordIndex = nextArgumentIndex {
      let text = try text(at: wordIndex)
      guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
        throw invalid(wordIndex, expected: slot.expected)
      }
      let key = String(text[..<equals])
      guard values.updateValue(String(text[text.index(after: equals)...]), forKey: key) == nil
      else { throw invalid(wordIndex, expected: "a value for '\(key)' given once") }
      index += 1
    }
    return values.isEmpty && slot.isOptional ? nil : .parameters(values)
  }

  /// The value of the word at `wordIndex` as one of the slot's kinds.
  private mutating func value(
    of slot: ArgumentSyntax, at wordIndex: Int
  ) throws(CommandSyntaxError) -> ArgumentValue {
    for kind in slot.kinds {
      switch kind {
      case .route, .routeInStack:
        return .route(try route(at: wordIndex))
      case .newRoute:
        let (root, kind) = try newRoute(at: wordIndex)
        return .newRoute(root, kind: kind)
      case .title:
        if slot.isOptional, try text(at: wordIndex) == "-" { return .noTitle }
        return .title(try title(at: wordIndex))
      case .templateName:
        return .templateName(try title(at: wordIndex))
      case .routerOperation:
        let word = try text(at: wordIndex)
        guard let operation = CommandGrammar.definition(word), operation.isRouterOperation
        else { break }
        return .command(try read(operation, named: word))
      case .targetedCommand:
        let word = try text(at: wordIndex)
        guard !word.hasPrefix("="), let definition = CommandGrammar.definition(word)
        else { break }
        let command = try read(definition, named: word)
        guard command.isTargetable else { break }
        return .command(command)
      case .windowCommand:
        let word = try text(at: wordIndex)
        guard !word.hasPrefix("="), let definition = CommandGrammar.definition(word)
        else { break }
        let command = try read(definition, named: word)
        guard command.isWindowTargetable else { break }
        return .command(command)
      default:
        if let value = ArgumentValue.parsing(try text(at: wordIndex), as: kind) { return value }
      }
    }
    throw invalid(wordIndex, expected: slot.expected)
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
