import Workspace
import WorkspaceJSON

/// `wsctl` as a whole: parses the command line, then answers it through a live host for the
/// file when one listens, else on the file itself, and prints.
package enum Tool {
  /// Runs `wsctl` with the process's arguments and returns its exit code.
  package static func main() -> Int32 {
    let arguments: [String]
    let invocation: Invocation
    let replyDeadline: Int64
    do {
      arguments = try Invocation.processArguments()
      invocation = try Invocation(arguments: arguments)
      // WSCTL_HOST_TIMEOUT, for every call that may talk to a host (status and watch too).
      replyDeadline = try HostClient.replyDeadline()
    } catch {
      let reply = ToolReply(error)
      reply.print()
      return reply.exitCode.rawValue
    }
    if case .tool(let command, _)? = invocation.steps.first, case .local(let run) = command.place {
      // `status` and `watch`, which talk to the host themselves.
      return run(invocation, replyDeadline).rawValue
    }
    let reply = answer(arguments, invocation, terminal: .current, replyDeadline: replyDeadline)
    reply.print()
    return reply.exitCode.rawValue
  }

  /// What a call prints and exits with: the live host's answer when one is live for the file
  /// (and the call is for a host), else the file's; what a line of `wsctl control` that does
  /// not go to the session's host gets too. Not for the calls that talk to the host
  /// themselves (``ToolCommand/Place/local(_:)``).
  static func answer(
    _ arguments: [String], _ invocation: Invocation, terminal: TerminalTraits,
    replyDeadline: Int64
  ) -> ToolReply {
    let runner: Runner
    do {
      // Checks the environment (WSCTL_LOCK_TIMEOUT) as file mode does, host or not.
      runner = try Runner(invocation, terminal: terminal)
    } catch {
      return ToolReply(error)
    }
    var warning: String?
    if invocation.isServedByHost || invocation.exportsToFile, !invocation.options.noHost {
      switch hostReply(arguments, invocation, runner, terminal, replyDeadline) {
      case .answered(let reply):
        return reply
      case .fileMode(let reason):
        warning = reason
      }
    }
    var reply = fileMode(runner)
    if let warning, !invocation.options.quiet {
      reply.errors = Terminal.errorLine("wsctl: warning: \(warning)") + reply.errors
    }
    return reply
  }

  /// The live host's answer, or file mode when no host answers. A `--from` file and the
  /// layouts of `load-layout` are read here first, so that their errors name them as the user
  /// wrote them; the host, which reads them again, gets their absolute paths.
  private static func hostReply(
    _ arguments: [String], _ invocation: Invocation, _ runner: Runner, _ terminal: TerminalTraits,
    _ replyDeadline: Int64
  ) -> HostClient.Outcome {
    do {
      _ = try Runner.templatesFile(invocation.options)
      for case .tool(_, .loadLayout(let file, _, _, _, let word)) in invocation.steps {
        _ = try Runner.layout(file, word: word)
      }
    } catch {
      // Only when a host is live: with none, file mode reports it, after its own checks.
      guard HostClient.isLive(file: runner.store.path) else { return .fileMode(warning: nil) }
      return .answered(ToolReply(error))
    }
    if case .tool(_, .templateExport(let file, let names, let force, _))? = invocation.steps.first,
      file != Invocation.standardOutput
    {
      return exportThroughHost(
        invocation, file: file, names: names, force: force, runner, terminal, replyDeadline)
    }
    if case .tool(_, .saveLayout(let file, let name, let tab, let force, _))? =
      invocation.steps.first, file != Invocation.standardOutput
    {
      return saveLayoutThroughHost(
        invocation, file: file, name: name ?? Runner.layoutName(of: file), tab: tab,
        force: force, runner, terminal, replyDeadline)
    }
    return HostClient.run(
      Invocation.forHost(arguments), terminal: terminal, file: runner.store.path,
      replyDeadline: replyDeadline, mayChange: invocation.mayChangeWorkspace)
  }

  /// `save-layout FILE` with a live host: the host prints the layout (`save-layout -` with the
  /// same name), and this process writes FILE as file mode does, as for `template export`.
  private static func saveLayoutThroughHost(
    _ invocation: Invocation, file: String, name: String, tab: Bool, force: Bool,
    _ runner: Runner, _ terminal: TerminalTraits, _ replyDeadline: Int64
  ) -> HostClient.Outcome {
    let arguments =
      ["--", "save-layout", Invocation.standardOutput, "--name", name] + (tab ? ["--tab"] : [])
    let outcome = HostClient.run(
      arguments, terminal: terminal, file: runner.store.path, replyDeadline: replyDeadline,
      mayChange: false)
    guard case .answered(let reply) = outcome, reply.exitCode == .success else { return outcome }
    let template: WorkspaceTemplate
    do {
      template = try LayoutFile.decode(Array(reply.output.utf8), path: "the host's layout")
    } catch {
      return .answered(ToolReply(Failure(error)))
    }
    do {
      let output = try Runner.save(template, to: file, force: force, options: invocation.options)
      return .answered(ToolReply(output: output, errors: reply.errors, exitCode: .success))
    } catch {
      return .answered(ToolReply(error, warnings: reply.errors))
    }
  }

  /// `template export FILE` with a live host: the host prints the templates file (`template
  /// export -`, with the same names and `--from` as an absolute path), and this process
  /// writes FILE as file mode does, so a relative FILE is the caller's, its messages name it
  /// as written, and a host never writes a file a peer names.
  private static func exportThroughHost(
    _ invocation: Invocation, file: String, names: [String], force: Bool, _ runner: Runner,
    _ terminal: TerminalTraits, _ replyDeadline: Int64
  ) -> HostClient.Outcome {
    let from = invocation.options.templatesFile.map { ["--from", Invocation.absolutePath($0)] }
    // `template` is word 0 in both calls, so a refusal names the same word.
    let arguments =
      (from ?? []) + ["--", "template", "export", Invocation.standardOutput]
      + names.map { "=" + $0 }
    let outcome = HostClient.run(
      arguments, terminal: terminal, file: runner.store.path, replyDeadline: replyDeadline,
      mayChange: false)
    guard case .answered(let reply) = outcome, reply.exitCode == .success else { return outcome }
    let library: TemplateLibrary
    do {
      library = try TemplatesFile.decode(Array(reply.output.utf8), path: "the host's templates")
    } catch {
      return .answered(ToolReply(Failure(error)))
    }
    do {
      let output = try Runner.export(library, to: file, force: force, options: invocation.options)
      return .answered(ToolReply(output: output, errors: reply.errors, exitCode: .success))
    } catch {
      return .answered(ToolReply(error, warnings: reply.errors))
    }
  }

  /// Answers a call on the file: what `wsctl` does with no live host, or with `--no-host`.
  static func fileMode(_ runner: Runner) -> ToolReply {
    var runner = runner
    return fileMode(&runner)
  }

  /// Answers a call on the file, leaving in `runner` what it knows of the file after
  /// (``Runner/written``), for a control session's next line.
  static func fileMode(_ runner: inout Runner) -> ToolReply {
    do {
      try runner.run()
      return ToolReply(output: runner.output, errors: runner.warnings, exitCode: .success)
    } catch {
      return ToolReply(error, warnings: runner.warnings)
    }
  }
}
