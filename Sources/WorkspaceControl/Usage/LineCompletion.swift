import Workspace
import WorkspaceJSON

/// `wsctl __complete WORD...` (or `__complete --line TEXT`): the candidates for the last
/// word of a command line, which every shell's completion script asks for.
///
/// The words are what follows the program name up to the cursor; the last one is the word
/// being completed (empty after a space). Options typed earlier are honoured: `-f FILE`
/// chooses the workspace whose pane numbers, tab numbers, ids and routes are offered. Each
/// candidate is printed on its own line as `WORD`, or `WORD<tab>DESCRIPTION`; the single line
/// `:files` asks the shell to complete a file name instead.
enum LineCompletion {
  /// The hidden command word the scripts call.
  static let command = "__complete"

  /// The global options, offered where a word starts with `-`.
  static let options = GlobalOption.all.flatMap(\.names)

  /// The lines to print for `__complete`'s arguments.
  static func output(for arguments: [String]) -> String {
    var words = arguments
    if words.first == "--line" {
      words = self.words(inLine: words.dropFirst().first ?? "")
    }
    let current = words.popLast() ?? ""
    let line = OptionScan(words)
    if line.expectsFile || line.expectsExportFile { return ":files\n" }
    let commands = CommandHelp.all.map(\.syntax)
    var values = values(file: line.file, after: line.commandWords)
    if let path = line.templatesFile, let library = try? TemplatesFile.load(path: path) {
      values.offerTemplates(of: library)
    }
    let completer = CommandCompleter(commands: commands, values: values)
    var candidates = completer.completions(after: line.commandWords, prefix: current)
    if line.expectsExportNames {
      // Every word after `template export FILE` is a template name: no command follows.
      let names = Set(values.templates.map(\.word))
      candidates = candidates.filter { names.contains($0.word) || $0.word == "--force" }
    }
    if !line.optionsEnded, current.hasPrefix("-") {
      // `--size` is global and also `show`'s: offered once.
      let offered = Set(candidates.map(\.word))
      candidates =
        options.filter { $0.hasPrefix(current) && !offered.contains($0) }.map { Completion($0) }
        + candidates
    }
    return candidates.map { candidate in
      var description = TerminalText.escaped(candidate.description)
      if description.count > 80 { description = description.prefix(79) + "…" }
      return description.isEmpty ? candidate.word : candidate.word + "\t" + description
    }.joined(separator: "\n") + (candidates.isEmpty ? "" : "\n")
  }

  /// The words of a line typed so far, without the program name; the last is the word being
  /// typed (empty after a space). An open quote is closed, as the user is still typing.
  static func words(inLine line: String) -> [String] {
    var words: [String]
    do {
      words = try CommandParser.words(in: line)
      if line.last?.isWhitespace ?? true { words.append("") }
    } catch {
      guard case .unterminatedQuote(let quote, _) = error,
        let closed = try? CommandParser.words(in: line + quote)
      else { return [""] }
      words = closed
    }
    return Array(words.dropFirst())
  }

  /// The values of the workspace the line names: its file if it exists, the built-in
  /// default workspace if it does not (as `wsctl` itself starts from), nothing if it cannot be
  /// read.
  /// The values of the file's workspace as the complete commands typed before the word
  /// leave it, so that `focus 2 push` offers the routes of pane 2's kind; the file's own
  /// state where they do not parse or apply.
  private static func values(file: String?, after words: [String]) -> CompletionValues {
    let path = Runner.filePath(file)
    // The store refuses what is not a regular file (a FIFO) without opening it.
    guard let loaded = try? WorkspaceStore(path: path).load(default: .example) else {
      return CompletionValues()
    }
    var state = loaded.state
    // The whole commands before the one being typed: the longest run of words that parses,
    // less its last command when nothing follows it (it may still take arguments).
    for count in stride(from: words.count, to: 0, by: -1) {
      guard var commands = try? CommandParser.parse(Array(words.prefix(count))) else { continue }
      if count == words.count { commands.removeLast() }
      var edited = state
      if !commands.isEmpty, (try? edited.apply(commands)) != nil { state = edited }
      break
    }
    return CompletionValues(state: state)
  }
}

/// The global options among a line's words, as `Invocation` reads them (by
/// ``GlobalOption/all``), and the rest.
private struct OptionScan {
  /// The options the line gives: the files `-f` and `--from` name, if any.
  private var options = Invocation.Options()
  /// The option whose value the next word is, if any.
  private var expecting: GlobalOption?
  /// The words that are not global options.
  var commandWords: [String] = []
  /// Whether `--` ended the options.
  var optionsEnded = false

  /// The file `-f` named, if any.
  var file: String? { options.file }
  /// The templates file `--from` named, if any, whose template names are offered.
  var templatesFile: String? { options.templatesFile }

  /// Whether the word being completed is the FILE of `-f` or `--from`.
  var expectsFile: Bool {
    if case .file? = expecting?.effect { return true }
    return false
  }

  /// Whether the word being completed is the FILE of `template export`.
  var expectsExportFile: Bool {
    exportArguments.map { $0.allSatisfy { $0 == "--force" } } ?? false
  }

  /// Whether the word being completed is a NAME of `template export`, after its FILE.
  var expectsExportNames: Bool {
    exportArguments.map { !$0.allSatisfy { $0 == "--force" } } ?? false
  }

  /// The words after the last `template export`, if the line has one.
  private var exportArguments: ArraySlice<String>? {
    guard let export = commandWords.lastIndex(of: "export"), export > 0,
      commandWords[export - 1] == "template"
    else { return nil }
    return commandWords[(export + 1)...]
  }

  init(_ words: [String]) {
    let commandOptions = Set(CommandHelp.all.flatMap(\.syntax.options).map(\.name))
    for word in words {
      if let option = expecting {
        expecting = nil
        set(option, word)
        continue
      }
      // An option with a value may stand anywhere (`--size` is global and also `show`'s);
      // its value is no command word.
      if !optionsEnded, let option = GlobalOption.named(word), option.value != nil {
        expecting = option
        continue
      }
      guard !optionsEnded, word.hasPrefix("-"), word != "-", !commandOptions.contains(word),
        !Invocation.isNumber(word)
      else {
        commandWords.append(word)
        continue
      }
      if word == "--" {
        optionsEnded = true
      } else if let (option, value) = GlobalOption.withValue(word) {
        set(option, value)
      } else if !word.hasPrefix("--"),
        let letter = word.dropFirst().firstIndex(where: { GlobalOption.short($0)?.value != nil }),
        let option = GlobalOption.short(word[letter])
      {
        // A cluster: its option with a value takes the rest, else the next word.
        let rest = word[word.index(after: letter)...]
        if rest.isEmpty { expecting = option } else { set(option, String(rest)) }
      }
    }
  }

  /// Records the value of an option that names a file.
  private mutating func set(_ option: GlobalOption, _ value: String) {
    if case .file(let record) = option.effect { record(&options, value) }
  }
}
