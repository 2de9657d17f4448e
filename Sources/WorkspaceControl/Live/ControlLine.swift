import Workspace
import WorkspaceJSON

/// One line of a control session's script (`wsctl control`), read: either already answered
/// (a blank line or a comment, a line that is not a call), or a call's arguments.
struct ControlLine {
  /// What the line comes to.
  enum Content {
    /// The line's reply, worked out without running anything: nothing for a blank line or a
    /// comment, the error of a line that cannot be a call.
    case answered(ToolReply)
    /// A call: its arguments after the program name (the session's options first), parsed.
    case call([String], Invocation)
  }

  /// The line's number, from 1.
  let number: Int
  let content: Content

  /// Reads a line.
  ///
  /// - Parameters:
  ///   - line: The line as read.
  ///   - number: Its number, from 1.
  ///   - prefix: The session's options as words (`-f FILE --json`), which every line takes.
  init(_ line: LineReader.Line, number: Int, prefix: [String]) {
    self.number = number
    content = Self.content(of: line, number: number, prefix: prefix)
  }

  private static func content(of line: LineReader.Line, number: Int, prefix: [String])
    -> Content
  {
    guard case .text(let bytes) = line else {
      return .answered(
        ToolReply(
          Failure.usage(
            "line \(number) is longer than \(ControlMode.maximumLineBytes) bytes; it was not run"
          )))
    }
    let text: String
    let words: [String]
    do throws(Failure) {
      text = try Invocation.decode(bytes, argument: number)
      words = try Self.words(text, number: number)
    } catch {
      return .answered(ToolReply(error))
    }
    guard !words.isEmpty else {
      return .answered(ToolReply(output: "", errors: "", exitCode: .success))
    }
    do throws(Failure) {
      if words.contains(where: { $0.hasPrefix("-") }),
        try Invocation(arguments: words).options.file != nil
      {
        throw .usage(
          "a line cannot name the file (-f): the session's is every line's; give it before "
            + "'control'")
      }
      let arguments = prefix + words
      let invocation = try Invocation(arguments: arguments)
      if case .tool(let command, _)? = invocation.steps.first, case .local = command.place {
        throw .usage("'\(command.name)' cannot run in a control session")
      }
      return .call(arguments, invocation)
    } catch {
      return .answered(ToolReply(error))
    }
  }

  /// A line's words, as a shell splits them; none for a blank line or a comment (`#` first).
  private static func words(_ text: String, number: Int) throws(Failure) -> [String] {
    if text.utf8.first(where: { $0 != 32 && $0 != 9 }) == UInt8(ascii: "#") { return [] }
    do {
      return try CommandParser.words(in: text)
    } catch {
      throw .usage("line \(number): \(error)")
    }
  }

  /// The reply line of a line: `{"line": N, "exit": E, "output": "…", "errors": "…"}` and a
  /// newline, compact JSON.
  static func replyLine(_ number: Int, _ reply: ToolReply) -> [UInt8] {
    JSONWriter.write(
      .object(
        JSONObject(members: [
          ("line", .number(Double(number))), ("exit", .number(Double(reply.exitCode.rawValue))),
          ("output", .string(reply.output)), ("errors", .string(reply.errors)),
        ])), style: .compact) + [10]
  }
}
