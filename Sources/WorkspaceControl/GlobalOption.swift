/// One of `wsctl`'s global options (`-f FILE`, `--json`...): its names, what it sets, and its
/// lines of `wsctl --help`.
///
/// The table ``all`` is the only list of them: `Invocation` parses by it, the completion
/// offers its names and reads the files it names (`OptionScan`), and `wsctl --help` lists it.
struct GlobalOption: Sendable {
  /// What an option sets.
  ///
  /// Closures rather than key paths: the table is built at every start, and a key path is
  /// instantiated from its pattern by the runtime on first use (about 28,000 instructions
  /// each, measured with callgrind), a closure without captures not at all.
  enum Effect: Sendable {
    /// A switch of ``Invocation/Options``, which the closure turns on.
    case flag(@Sendable (inout Invocation.Options) -> Void)
    /// A FILE, which shells complete as a file name; the closure records it.
    case file(@Sendable (inout Invocation.Options, String) -> Void)
    /// `--size WxH`.
    case size
    /// `-w N|all`: the window commands act in, and `show`, `tree` show.
    case window
    /// `--help`: help on the call's first command.
    case help
    /// `--version`.
    case version
  }

  /// The one-letter name after `-`, which combines with others (`-nq`), if any.
  let short: Character?
  /// The name after `--`.
  let long: String
  /// What the option sets.
  let effect: Effect
  /// What `wsctl --help` says it does, one string a line; empty for an option that the help
  /// of its command describes (`--from`, in `template`'s).
  let help: [String]

  /// The option's names as completion offers them: `-f`, then `--file`.
  var names: [String] { (short.map { ["-\($0)"] } ?? []) + ["--" + long] }

  /// The placeholder of the option's value (`FILE`, `WxH`), or `nil` for a switch.
  var value: String? {
    switch effect {
    case .file: "FILE"
    case .size: "WxH"
    case .window: "N|all"
    case .flag, .help, .version: nil
    }
  }

  /// The option as `wsctl --help` names it: `-f, --file FILE`.
  var synopsis: String {
    (short.map { "-\($0), " } ?? "") + "--" + long + (value.map { " " + $0 } ?? "")
  }

  /// Every global option, in the order help and completion list them.
  static let all = [
    GlobalOption(
      short: "f", long: "file", effect: .file { $0.file = $1 },
      help: [
        "the workspace file (default: $WSCTL_FILE, else",
        "./workspace.json; a missing file starts from the",
        "built-in default workspace)",
      ]),
    GlobalOption(short: nil, long: "from", effect: .file { $0.templatesFile = $1 }, help: []),
    GlobalOption(
      short: nil, long: "json", effect: .flag { $0.json = true }, help: ["machine-readable output"]),
    GlobalOption(
      short: "n", long: "dry-run", effect: .flag { $0.dryRun = true },
      help: ["print what the commands would do; write nothing at all"]),
    GlobalOption(
      short: "q", long: "quiet", effect: .flag { $0.quiet = true }, help: ["no warnings on stderr"]),
    GlobalOption(
      short: nil, long: "no-host", effect: .flag { $0.noHost = true },
      help: ["edit the file even when a host for it is live"]),
    GlobalOption(
      short: nil, long: "size", effect: .size,
      help: [
        "the size 'show' draws at and edits measure in (default:",
        "edits use the size the file records, else the terminal's)",
      ]),
    GlobalOption(
      short: "w", long: "window", effect: .window,
      help: [
        "run the commands in window N without making it active;",
        "'show', 'tree', 'routes', 'layout' show window N, or all",
        "windows (default: the active window)",
      ]),
    GlobalOption(
      short: "h", long: "help", effect: .help,
      help: ["this help; 'wsctl COMMAND --help' for one command"]),
    GlobalOption(short: "V", long: "version", effect: .version, help: ["the version"]),
  ]

  /// The option named `name` as a word of its own (`-f`, `--file`), or `nil`: one of its
  /// ``names``, matched without building them (the arrays cost a `wsctl -f FILE` call
  /// 27,000 instructions, callgrind).
  static func named(_ name: String) -> GlobalOption? {
    var rest = name.utf8.dropFirst()
    guard name.utf8.first == UInt8(ascii: "-"), !rest.isEmpty else { return nil }
    if rest.first == UInt8(ascii: "-") {
      rest = rest.dropFirst()
      return all.first { $0.long.utf8.elementsEqual(rest) }
    }
    guard rest.count == 1, let byte = rest.first else { return nil }
    let letter = Character(Unicode.Scalar(byte))
    return all.first { $0.short == letter }
  }

  /// The option with the letter `letter`, or `nil`.
  static func short(_ letter: Character) -> GlobalOption? {
    all.first { $0.short == letter }
  }

  /// The option and value of a word `--NAME=VALUE` whose option takes a value, or `nil`.
  static func withValue(_ word: String) -> (GlobalOption, String)? {
    guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return nil }
    let name = word[word.index(word.startIndex, offsetBy: 2)..<equals]
    guard let option = all.first(where: { $0.long == name }), option.value != nil else {
      return nil
    }
    return (option, String(word[word.index(after: equals)...]))
  }

  /// The options section of `wsctl --help`: each option's synopsis, then its lines.
  static var helpText: String {
    let listed = all.filter { !$0.help.isEmpty }
    let width = (listed.map(\.synopsis.count).max() ?? 0) + 2
    return listed.map { option in
      "  " + option.synopsis + String(repeating: " ", count: width - option.synopsis.count)
        + option.help.joined(separator: "\n" + String(repeating: " ", count: width + 2))
    }.joined(separator: "\n")
  }
}
