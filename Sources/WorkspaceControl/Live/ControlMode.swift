import Workspace
import WorkspaceJSON
import WorkspaceSystem

/// `wsctl control [SCRIPT] [--write-at-end]`: many calls, one a line, with one reply line
/// each (see `docs/CLI.md`, "Control mode").
///
/// With a live host for the file, every line goes over one connection (``HostControl``):
/// a script may send many lines before it reads a reply, the host answers them in order, and
/// an edit is answered once it is durable. Without one, the lines run on the file one after
/// another (``FileControl``), each written as its own call would write it, or, with
/// `--write-at-end`, once after the last line.
enum ControlMode {
  /// The longest line run, in bytes: a request frame's limit.
  static let maximumLineBytes = ControlProtocol.maximumRequestBytes

  /// What every line of a session shares.
  struct Context {
    /// The session's options as words, which every line's call starts with.
    let prefix: [String]
    /// The file, as the session names it.
    let file: String
    let terminal: TerminalTraits
    let replyDeadline: Int64

    /// What a line of the session prints and exits with when it runs as a call of its own.
    func answer(_ arguments: [String], _ invocation: Invocation) -> ToolReply {
      Tool.answer(arguments, invocation, terminal: terminal, replyDeadline: replyDeadline)
    }
  }

  /// Runs a control session and returns `wsctl`'s exit code: 0 once every line is answered
  /// (each line's own exit code is in its reply), 66 for a SCRIPT that cannot be read, 75
  /// when the host went away mid-way.
  static func run(_ invocation: Invocation, replyDeadline: Int64) -> ExitCode {
    guard case .tool(_, .control(let script, let writeAtEnd))? = invocation.steps.first else {
      return .usage
    }
    let terminal = TerminalTraits.current
    let runner: Runner
    do {
      runner = try Runner(invocation, terminal: terminal)
    } catch {
      return fail(error)
    }
    var input: Descriptor?
    if let script, script != "-" {
      do {
        input = try Descriptor(opening: script, O_RDONLY | O_CLOEXEC)
      } catch {
        return fail(Failure(message: "cannot read '\(script)': \(error)", exitCode: .noInput))
      }
    }
    let lines = LineReader(descriptor: input?.rawValue ?? 0, limit: maximumLineBytes)
    let context = Context(
      prefix: prefix(invocation.options), file: runner.store.path, terminal: terminal,
      replyDeadline: replyDeadline)
    let code: ExitCode
    if !invocation.options.noHost, let host = HostControl(context) {
      code = host.run(lines)
    } else {
      var session = FileControl(context, store: runner.store, writesAtEnd: writeAtEnd)
      code = session.run(lines)
    }
    withExtendedLifetime(input) {}
    return code
  }

  /// The session's global options as words, in the order `wsctl --help` lists them.
  static func prefix(_ options: Invocation.Options) -> [String] {
    var words: [String] = []
    if let file = options.file { words += ["-f", file] }
    if let templates = options.templatesFile { words += ["--from", templates] }
    if options.json { words.append("--json") }
    if options.dryRun { words.append("-n") }
    if options.quiet { words.append("-q") }
    if options.noHost { words.append("--no-host") }
    if let size = options.size { words += ["--size", "\(size.width)x\(size.height)"] }
    return words
  }

  /// Prints a failure of the session itself and returns its exit code.
  static func fail(_ failure: Failure) -> ExitCode {
    let reply = ToolReply(failure)
    reply.print()
    return reply.exitCode
  }
}

/// Standard output of a control session: reply lines gathered, written when the session is
/// about to wait, so that a burst of replies costs one write and a reply never waits unseen.
struct ReplyOutput {
  private var bytes: [UInt8] = []

  /// Adds a line's reply.
  mutating func add(_ number: Int, _ reply: ToolReply) {
    bytes += ControlLine.replyLine(number, reply)
    if bytes.count >= 1 << 16 { flush() }
  }

  /// Writes what was gathered.
  mutating func flush() {
    guard !bytes.isEmpty else { return }
    bytes.withUnsafeBytes { try? Descriptor.write(all: $0, to: 1) }
    bytes.removeAll(keepingCapacity: true)
  }
}
