import Workspace

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Parses the command line, runs it, prints, and exits with the code the outcome decides.
func runTool() -> Int32 {
  do {
    let invocation = try Invocation(arguments: try Invocation.processArguments())
    var runner = try Runner(invocation)
    try runner.run()
    Terminal.output(runner.output)
    return ExitCode.success.rawValue
  } catch {
    Terminal.output(error.output)
    Terminal.error("wsctl: \(error.message)")
    return error.exitCode.rawValue
  }
}

exit(runTool())
