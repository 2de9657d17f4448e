/// One of `wsctl`'s global options (`-f FILE`, `--json`...): its names, what it sets, and its
/// lines of `wsctl --help`.
///
/// The table ``all`` is the only list of them: `Invocation` parses by it, the completion
/// offers its names and reads the files it names (`OptionScan`), and `wsctl --help` lists it.
///
/// An immutable class, as the tool's command entries are: a call passes an optional option
/// around as one reference. As a struct, the first optional one destroyed had the runtime
/// instantiate the metadata of `GlobalOption?`, of its fields and of the generic types'
/// canonical prespecializations (a generic destroy that function merging shares among
/// several types): 42,000 of `wsctl -q -f FILE routes`' 281,000 instructions, callgrind.
final class GlobalOption: Sendable {
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

  private init(short: Character?, long: String, effect: Effect, help: [String]) {
    self.short = short
    self.long = long
    self.effect = effect
    self.help = help
  }

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
  static let all = [file, from, json, dryRun, quiet, noHost, size, window, helpOption, version]

  // Each entry on its own, built at its first use: a call builds the options it names (`-q`,
  // `-f`), not the table (its ten entries and their storage's metadata cost `wsctl -q -f
  // FILE routes` 16,000 instructions, callgrind).
  static let file = GlobalOption(
    short: "f", long: "file", effect: .file { $0.file = $1 },
    help: [
      "the workspace file (default: $WSCTL_FILE, else",
      "./workspace.json; a missing file starts from the",
      "built-in default workspace)",
    ])
  static let from = GlobalOption(
    short: nil, long: "from", effect: .file { $0.templatesFile = $1 }, help: [])
  static let json = GlobalOption(
    short: nil, long: "json", effect: .flag { $0.json = true }, help: ["machine-readable output"])
  static let dryRun = GlobalOption(
    short: "n", long: "dry-run", effect: .flag { $0.dryRun = true },
    help: ["print what the commands would do; write nothing at all"])
  static let quiet = GlobalOption(
    short: "q", long: "quiet", effect: .flag { $0.quiet = true }, help: ["no warnings on stderr"])
  static let noHost = GlobalOption(
    short: nil, long: "no-host", effect: .flag { $0.noHost = true },
    help: ["edit the file even when a host for it is live"])
  static let size = GlobalOption(
    short: nil, long: "size", effect: .size,
    help: [
      "the size 'show' draws at and edits measure in (default:",
      "edits use the size the file records, else the terminal's)",
    ])
  static let window = GlobalOption(
    short: "w", long: "window", effect: .window,
    help: [
      "run the commands in window N without making it active;",
      "'show', 'tree', 'routes', 'layout' show window N, or all",
      "windows (default: the active window)",
    ])
  static let helpOption = GlobalOption(
    short: "h", long: "help", effect: .help,
    help: ["this help; 'wsctl COMMAND --help' for one command"])
  static let version = GlobalOption(
    short: "V", long: "version", effect: .version, help: ["the version"])

  /// The option named `name` as a word of its own (`-f`, `--file`), or `nil`: one of its
  /// ``names``, matched without building them (the arrays cost a `wsctl -f FILE` call
  /// 27,000 instructions, callgrind) nor the table. `GlobalOptionTableTests` checks it
  /// against ``all``.
  static func named(_ name: String) -> GlobalOption? {
    switch name {
    case "--file": file
    case "--from": from
    case "--json": json
    case "--dry-run": dryRun
    case "--quiet": quiet
    case "--no-host": noHost
    case "--size": size
    case "--window": window
    case "--help": helpOption
    case "--version": version
    default:
      // `-` and one letter: its bytes, as a character costs more at start than the look-up.
      name.utf8.count == 2 && name.utf8.first == UInt8(ascii: "-")
        ? name.utf8.last.flatMap { short(Character(Unicode.Scalar($0))) } : nil
    }
  }

  /// The option with the letter `letter`, or `nil`. `GlobalOptionTableTests` checks it against
  /// ``all``.
  static func short(_ letter: Character) -> GlobalOption? {
    switch letter {
    case "f": file
    case "n": dryRun
    case "q": quiet
    case "w": window
    case "h": helpOption
    case "V": version
    default: nil
    }
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
