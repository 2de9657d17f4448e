import Workspace
import WorkspaceJSON
import WorkspaceSystem

/// A control session with a live host (`wsctl control`): a thread of its own reads the
/// script and sends each call as soon as it is read, while this thread reads the host's
/// answers, in the same order, and prints a reply line for each. So a script's lines are
/// pipelined: the host works out the next line while the last one's save runs, and the
/// writes of the lines that arrive meanwhile share one save.
///
/// A line that is not for the host (`validate`, `--from FILE`, `template export FILE`) runs
/// here as a call of its own once every earlier line is answered, and the script waits for
/// it. When the host goes away, the lines it had not answered are reported (exit 75: an edit
/// may have applied) and no further line is run.
final class HostControl: @unchecked Sendable {
  /// What the reading thread hands over, in the script's order.
  private enum Entry {
    /// A line sent to the host: its answer comes next on the connection.
    case sent(Int, [String], Invocation)
    /// A line answered without running anything.
    case answered(Int, ToolReply)
    /// A line to run here once the earlier ones are answered; the reading thread waits for
    /// the latch.
    case local(Int, [String], Invocation, Latch)
    /// Sending failed: the lines after it are not run.
    case notSent(ControlError)
    /// Reading the script failed.
    case inputFailed(Errno)
  }

  private let client: HostClient
  private let context: ControlMode.Context
  private let entries = Mailbox<Entry>()
  private let lock = Lock()
  private var isStopped = false

  /// Opens a control session with the live host for the file, or `nil` when no host takes
  /// one (none is live, or it speaks no control sessions): the lines then run on the file.
  init?(_ context: ControlMode.Context) {
    guard case .live(let client) = HostClient.connect(file: context.file) else { return nil }
    guard case .controlling? = try? client.exchange(.control, within: context.replyDeadline)
    else {
      client.close()
      return nil
    }
    self.client = client
    self.context = context
  }

  /// Runs the script's lines and returns `wsctl`'s exit code.
  func run(_ lines: LineReader) -> ExitCode {
    defer { client.close() }
    let started = Platform.startThread { [self] in send(lines) }
    guard started else {
      client.close()
      return ControlMode.fail(Failure(message: "cannot start a thread", exitCode: .cannotCreate))
    }
    return receive()
  }

  private var stopped: Bool { lock.withLock { isStopped } }

  /// Reads the script, sending each call for the host; on the reading thread. The calls of
  /// the lines already read go out in one write, once the next line would mean waiting for
  /// the script (or before a line answered here).
  private func send(_ lines: LineReader) {
    var lines = lines
    var number = 0
    var batch = Batch()
    defer {
      // A failure to send is already recorded as the batch's entries' `notSent`.
      _ = batch.send(self)
      if let failure = lines.failure { entries.put(.inputFailed(failure)) }
      // The host answers what it has and then closes the connection.
      _ = shutdown(client.descriptor, Int32(SHUT_WR))
      entries.close()
    }
    // A line read before goes out as it went then, without reading it again.
    var sentBefore = RecentResults<[UInt8], SentCall>(capacity: Self.remembersLines)
    while !stopped, let read = lines.next() {
      number += 1
      if case .text(let bytes) = read, let call = sentBefore[bytes] {
        batch.bytes += call.frame
        batch.entries.append(.sent(number, call.arguments, call.invocation))
        if !lines.hasLine || batch.bytes.count >= 1 << 16 {
          guard batch.send(self) else { return }
        }
        continue
      }
      let line = ControlLine(read, number: number, prefix: context.prefix)
      switch line.content {
      case .answered(let reply):
        guard batch.send(self) else { return }
        entries.put(.answered(number, reply))
      case .call(let arguments, let invocation):
        guard Self.isForHost(invocation) else {
          guard batch.send(self) else { return }
          let latch = Latch()
          entries.put(.local(number, arguments, invocation, latch))
          latch.wait()
          continue
        }
        let request = ControlRequest.run(
          HostCall(
            arguments: Invocation.forHost(arguments), terminal: context.terminal,
            fileName: context.file))
        let frame = request.frame
        let length = frame.count - 4
        guard length <= ControlProtocol.maximumRequestBytes else {
          guard batch.send(self) else { return }
          let error = ControlError.tooLarge(length, limit: ControlProtocol.maximumRequestBytes)
          entries.put(
            .answered(number, ToolReply(Failure.usage("line \(number): \(error); it was not run"))))
          continue
        }
        batch.bytes += frame
        batch.entries.append(.sent(number, arguments, invocation))
        if case .text(let bytes) = read {
          sentBefore.keep(
            SentCall(arguments: arguments, invocation: invocation, frame: frame), for: bytes)
        }
      }
      if !lines.hasLine || batch.bytes.count >= 1 << 16 {
        guard batch.send(self) else { return }
      }
    }
  }

  /// A line's call as it went to the host: its arguments, parsed, and the request's frame,
  /// none of which depends on the line's number.
  private struct SentCall {
    let arguments: [String]
    let invocation: Invocation
    let frame: [UInt8]
  }

  /// How many distinct lines the session remembers the calls of.
  static let remembersLines = 32

  /// Calls read but not sent yet, and their entries.
  private struct Batch {
    var bytes: [UInt8] = []
    var entries: [Entry] = []

    /// Sends the calls, then hands their entries over; a call not sent whole may still have
    /// reached the host whole (its reply then says it may have applied).
    ///
    /// - Returns: Whether they went out.
    mutating func send(_ control: HostControl) -> Bool {
      guard !bytes.isEmpty else { return true }
      var failure: ControlError?
      do {
        try SocketIO.writeAll(
          bytes, to: control.client.descriptor,
          until: SocketIO.now() + control.context.replyDeadline)
      } catch {
        failure = error
      }
      for entry in entries { control.entries.put(entry) }
      bytes = []
      entries = []
      if let failure { control.entries.put(.notSent(failure)) }
      return failure == nil
    }
  }

  /// Whether a line goes to the host: a call a host answers, without `--from FILE` or
  /// `load-layout LAYOUT` (read here first, as a call of its own reads them, so that their
  /// errors name them as written) or a FILE to export to.
  private static func isForHost(_ invocation: Invocation) -> Bool {
    invocation.isServedByHost && !invocation.options.noHost
      && invocation.options.templatesFile == nil && !invocation.exportsToFile
      && !invocation.loadsLayout
  }

  /// Prints the reply of every line in order; returns the session's exit code.
  private func receive() -> ExitCode {
    var reader = FrameReader(
      descriptor: client.descriptor, limit: ControlProtocol.maximumReplyBytes)
    var output = ReplyOutput()
    var lost: String?
    var lastAnswered = 0
    var isInputBroken = false
    while true {
      if entries.isEmpty {
        output.flush()
        // The reading thread may be waiting for a line of the script that never comes.
        if lost != nil { break }
      }
      guard let entry = entries.take() else { break }
      switch entry {
      case .answered(let number, let reply):
        output.add(number, reply)
        lastAnswered = number
      case .local(let number, let arguments, let invocation, let latch):
        if lost == nil {
          output.flush()
          output.add(number, context.answer(arguments, invocation))
          lastAnswered = number
        }
        latch.open()
      case .sent(let number, let arguments, let invocation):
        if let lost {
          output.add(number, Self.unanswered(lost, invocation))
          continue
        }
        if !reader.hasFrame { output.flush() }
        switch answer(&reader) {
        case .success(.answered(let reply)):
          output.add(number, reply)
          lastAnswered = number
        case .success(.declined), .success(.refused):
          // Not for this host now (its file cannot be read): the file answers, as a call's.
          output.add(number, context.answer(arguments, invocation))
          lastAnswered = number
        case .success(let other):
          lost = HostClient.describe(.malformed("not the answer to a call: \(other)"))
          stop()
          output.add(number, Self.unanswered(lost!, invocation))
        case .failure(let failure):
          lost = failure.description
          stop()
          output.add(number, Self.unanswered(failure.description, invocation))
        }
      case .notSent(let error):
        lost = lost ?? "a request could not be sent: \(error)"
        stop()
      case .inputFailed(let failure):
        isInputBroken = true
        Terminal.error("wsctl: control: reading the script failed: \(failure)")
      }
    }
    output.flush()
    if let lost {
      Terminal.error(
        "wsctl: the host for '\(context.file)' went away (\(lost)); no line after line "
          + "\(lastAnswered) was run")
      return .lockTimeout
    }
    return isInputBroken ? .noInput : .success
  }

  /// The host's next answer, or why none came.
  private func answer(_ reader: inout FrameReader) -> Result<ControlReply, ControlFailure> {
    do throws(ControlError) {
      guard
        let body = try reader.next(
          waitingUntil: SocketIO.now() + context.replyDeadline, then: context.replyDeadline)
      else {
        return .failure(ControlFailure("it closed the connection before it replied"))
      }
      let message = try ControlProtocol.message(body, limit: ControlProtocol.maximumReplyBytes)
      guard let reply = ControlReply(message) else {
        throw .malformed("no reply has its members")
      }
      return .success(reply)
    } catch .timedOut {
      return .failure(
        ControlFailure("it did not answer within \(HostClient.spelled(context.replyDeadline))"))
    } catch {
      return .failure(ControlFailure(HostClient.describe(error)))
    }
  }

  /// The reply of a line sent to a host that went away before answering it.
  private static func unanswered(_ reason: String, _ invocation: Invocation) -> ToolReply {
    let consequence =
      invocation.mayChangeWorkspace ? "the change may have applied" : "it was not answered"
    return ToolReply(
      Failure(message: "the host went away (\(reason)); \(consequence)", exitCode: .lockTimeout))
  }

  /// Stops sending: the reading thread reads no further line, and a send under way fails.
  private func stop() {
    lock.withLock { isStopped = true }
    _ = shutdown(client.descriptor, Int32(SHUT_RDWR))
  }
}

/// Why a host's answer did not come, in `wsctl`'s words.
private struct ControlFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
