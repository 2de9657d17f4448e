// libFuzzer target: the command grammar (words and deep links) and applying its commands.
//
// The input is split into words: at NUL bytes if it has any (so words may hold spaces or be
// empty), otherwise at ASCII whitespace. Checks:
// - `CommandParser.parse(words)` never crashes; an error names a word that is really at its
//   index, or an index in 0...words.count for a missing argument;
// - each parsed command's canonical `words` parse back to that command alone, all of them
//   together parse back to the whole list, also with a caller's extra command word reserved,
//   their `description`s joined into a line parse back with `parse(line:)`, and `link(for:)`
//   parses back with `parse(link:)`;
// - applied one by one to `WorkspaceState.example`, each command applies (the state stays
//   valid) or throws and changes nothing; applied as one transaction, all or nothing; the
//   result survives a save and a load;
// - the input text as a deep link (as it is, and after `fuzz://workspace/`) never crashes, and
//   what it parses to round-trips through `link(for:)`.
//
// Built by scripts/fuzz.sh; see Fuzz/README.md.
import PaneRouter
import Workspace
import WorkspaceJSON

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("FuzzCommandGrammar: \(message())") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: count == 0 ? nil : start, count: count)
  let words = splitWords(bytes)
  do {
    let commands = try CommandParser.parse(words)
    checkSpelling(commands, "\(words)")
    checkApplying(commands)
  } catch {
    checkLocation(of: error, in: words)
  }

  let text = String(decoding: bytes, as: UTF8.self)
  for link in [text, "fuzz://workspace/" + text] {
    guard let commands = try? CommandParser.parse(link: link) else { continue }
    checkSpelling(commands, link)
  }
  return 0
}

private func splitWords(_ bytes: UnsafeRawBufferPointer) -> [String] {
  let pieces =
    bytes.contains(0)
    ? bytes.split(separator: 0, omittingEmptySubsequences: false)
    : bytes.split(whereSeparator: { $0 == 0x20 || (0x09...0x0D).contains($0) })
  return pieces.map { String(decoding: $0, as: UTF8.self) }
}

/// The commands' canonical words and links read back as the same commands.
private func checkSpelling(_ commands: [WorkspaceCommand], _ source: @autoclosure () -> String) {
  for command in commands {
    let words = command.words
    let reparsed = try? CommandParser.parse(words)
    require(
      reparsed == [command],
      "\(source()): \(command) spelled \(words) reads back as \(String(describing: reparsed))")
  }
  let all = commands.flatMap(\.words)
  require(
    (try? CommandParser.parse(all)) == commands, "\(source()): the words \(all) read back differently")

  let line = commands.map(\.description).joined(separator: " ")
  let fromLine = try? CommandParser.parse(line: line)
  require(
    fromLine == commands,
    "\(source()): the line \(line) reads back as \(String(describing: fromLine))")

  let extra: Set<String> = ["show"]
  var parser = CommandParser(
    words: commands.flatMap { $0.words(reserving: extra) }, extraCommandWords: extra)
  var stepped: [WorkspaceCommand] = []
  while let command = try? parser.next() { stepped.append(command) }
  require(
    parser.isAtEnd && stepped == commands,
    "\(source()): reading with 'show' reserved gave \(stepped)")

  let link = CommandParser.link(for: commands, scheme: "fuzz")
  let linked = try? CommandParser.parse(link: link)
  require(
    linked == commands,
    "\(source()): link \(link) reads back as \(String(describing: linked))")
}

/// A parse error points at a word that is really there.
private func checkLocation(of error: CommandSyntaxError, in words: [String]) {
  switch error {
  case .unknownCommand(let word, let index, _), .invalidArgument(let word, let index, _),
    .malformedRoute(let word, let index, _):
    require(
      words.indices.contains(index) && words[index] == word,
      "error \(error) does not match word \(index) of \(words)")
  case .missingArgument(_, _, let index):
    require((0...words.count).contains(index), "error \(error) is outside \(words)")
  default:
    fatalError("FuzzCommandGrammar: words threw a line or link error \(error)")
  }
}

/// Applies the commands to the example workspace, one by one and as a transaction.
private func checkApplying(_ commands: [WorkspaceCommand]) {
  var state = WorkspaceState.example
  for command in commands {
    let before = state
    do {
      try state.apply(command)
    } catch {
      require(state == before, "failed command \(command) (\(error)) changed the state")
      continue
    }
    let problems = state.invariantViolations()
    require(problems.isEmpty, "after \(command): \(problems.joined(separator: "; "))")
  }
  checkSaved(state)

  var transaction = WorkspaceState.example
  do {
    try transaction.apply(commands)
  } catch {
    require(transaction == .example, "the failed transaction \(commands) changed the state")
    return
  }
  let problems = transaction.invariantViolations()
  require(problems.isEmpty, "after \(commands): \(problems.joined(separator: "; "))")
  checkSaved(transaction)
}

/// The state survives a save and a load unchanged.
private func checkSaved(_ state: WorkspaceState) {
  let encoded = WorkspaceFile.encode(state)
  guard let reloaded = try? WorkspaceFile.decode(encoded) else {
    fatalError("FuzzCommandGrammar: a saved state does not load")
  }
  require(
    reloaded.diagnostics.isEmpty && reloaded.state == state,
    "a saved state loads differently: \(reloaded.diagnostics)\n"
      + String(decoding: encoded, as: UTF8.self))
}
