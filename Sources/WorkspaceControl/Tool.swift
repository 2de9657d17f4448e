import Workspace
import WorkspaceJSON

/// `wsctl` as a whole: parses the command line, then answers it through a live host for the
/// file when one listens, else on the file itself, and prints.
package enum Tool {
  /// Runs `wsctl` with the process's arguments and returns its exit code.
  package static func main() -> Int32 {
    let arguments: [String]
    let invocation: Invocation
    do {
      arguments = try Invocation.processArguments()
      invocation = try Invocation(arguments: arguments)
    } catch {
      let reply = ToolReply(error)
      reply.print()
      return reply.exitCode.rawValue
    }
    switch invocation.steps.first {
    case .status?: return Status.run(invocation).rawValue
    case .watch?: return Watch.run(invocation).rawValue
    default: break
    }
    let terminal = TerminalTraits.current
    let runner: Runner
    let replyDeadline: Int64
    do {
      // Checks the environment (WSCTL_LOCK_TIMEOUT, WSCTL_HOST_TIMEOUT) as file mode does,
      // host or not.
      runner = try Runner(invocation, terminal: terminal)
      replyDeadline = try HostClient.replyDeadline()
    } catch {
      let reply = ToolReply(error)
      reply.print()
      return reply.exitCode.rawValue
    }
    var warning: String?
    if invocation.isServedByHost, !invocation.options.noHost {
      switch hostReply(arguments, invocation, runner, terminal, replyDeadline) {
      case .answered(let reply):
        reply.print()
        return reply.exitCode.rawValue
      case .fileMode(let reason):
        warning = reason
      }
    }
    var reply = fileMode(runner)
    if let warning, !invocation.options.quiet {
      reply.errors = Terminal.errorLine("wsctl: warning: \(warning)") + reply.errors
    }
    reply.print()
    return reply.exitCode.rawValue
  }

  /// The live host's answer, or file mode when no host answers. A `--from` file is read here
  /// first, so that its error names it as the user wrote it; the host, which reads it again,
  /// gets its absolute path.
  private static func hostReply(
    _ arguments: [String], _ invocation: Invocation, _ runner: Runner, _ terminal: TerminalTraits,
    _ replyDeadline: Int64
  ) -> HostClient.Outcome {
    do {
      _ = try Runner.templatesFile(invocation.options)
    } catch {
      // Only when a host is live: with none, file mode reports it, after its own checks.
      guard HostClient.isLive(file: runner.store.path) else { return .fileMode(warning: nil) }
      return .answered(ToolReply(error))
    }
    return HostClient.run(
      Invocation.forHost(arguments), terminal: terminal, file: runner.store.path,
      replyDeadline: replyDeadline, mayChange: invocation.mayChangeWorkspace)
  }

  /// Answers a call on the file: what `wsctl` does with no live host, or with `--no-host`.
  static func fileMode(_ runner: Runner) -> ToolReply {
    var runner = runner
    do {
      try runner.run()
      return ToolReply(output: runner.output, errors: runner.warnings, exitCode: .success)
    } catch {
      return ToolReply(error, warnings: runner.warnings)
    }
  }
}
