import WorkspaceJSON
import WorkspaceSystem

/// A host's end of a control session (`wsctl control`): one connection that carries many
/// `run` requests, answered in the order they came, each as soon as it and every earlier one
/// is answered.
///
/// A thread of its own reads the requests (a frame that began has
/// ``ControlProtocol/requestDeadline`` to arrive whole; between frames the client may take as
/// long as it likes) and hands each, numbered from 0, to ``requests``; a request that is not
/// a protocol message is answered here with its error and the session goes on, a broken
/// frame ends the input. Another thread writes the answers in order, so a client that reads
/// slowly holds that thread, never the host's. Once the client has stopped sending and every
/// request is answered (or the host calls ``close()``), the connection closes.
package final class ControlSession: @unchecked Sendable {
  /// A request as the reading thread worked it out: everything that needs no state of the
  /// host (the message read, the call's words parsed) is done there, beside the host's work
  /// on the requests before it.
  package enum Request: Sendable {
    /// A call to work out on the host's state.
    case call(PreparedCall)
    /// A request that is not a call, answered with this (a control session takes only `run`
    /// requests).
    case refused(JSONValue)
  }

  /// The requests in order, their number and what the reader made of them, in batches: every
  /// request that had arrived whole when the reader would otherwise wait. Finishes when the
  /// client stops sending.
  ///
  /// In batches because each element the stream hands over costs the host a hop onto its
  /// executor (a `dispatch` wake-up): a pipelined script's lines then share one hop per
  /// batch instead of paying one each.
  package let requests: AsyncStream<[(Int, Request)]>
  private let continuation: AsyncStream<[(Int, Request)]>.Continuation
  private let connection: ControlConnection
  private let outbox = Mailbox<[UInt8]>()
  private let lock = Lock()
  /// Answers that came before an earlier one, by number.
  private var early: [Int: JSONValue] = [:]
  /// The number of the next answer to send.
  private var nextToSend = 0
  /// How many requests the client sent, once it stopped sending.
  private var requestCount: Int?
  /// The threads still using the descriptor: the last one to finish closes it.
  private var threadsLeft = 2

  /// How many distinct requests a session remembers what it made of.
  static let remembersRequests = 32

  /// How long a client may leave an answer unread before the host lets go of it, in
  /// milliseconds.
  static let answerDeadline: Int64 = 60_000

  /// Takes over a connection whose `control` request arrived, and tells the client so.
  package init(connection: ControlConnection) {
    self.connection = connection
    (requests, continuation) = AsyncStream.makeStream(of: [(Int, Request)].self)
    outbox.put(ControlProtocol.frame(ControlReply.controlling.value))
  }

  /// Starts reading and writing; returns at once.
  ///
  /// - Returns: Whether the threads started (if not, the connection is closed).
  @discardableResult
  package func start() -> Bool {
    guard Platform.startThread({ [self] in write() }) else {
      connection.close()
      continuation.finish()
      return false
    }
    guard Platform.startThread({ [self] in read() }) else {
      finishReading(count: 0)
      threadDone()
      return false
    }
    return true
  }

  /// Answers request number `index`; sent once every earlier request is answered.
  package func answer(_ index: Int, _ reply: JSONValue) {
    lock.withLock {
      guard index >= nextToSend, early[index] == nil else { return }
      early[index] = reply
      while let next = early.removeValue(forKey: nextToSend) {
        outbox.put(ControlProtocol.frame(next))
        nextToSend += 1
      }
      closeOutboxIfDone()
    }
  }

  /// Ends the session now: the client's connection is shut, unanswered requests are
  /// dropped. Safe to call more than once and from any thread.
  package func close() {
    connection.shutDown()
    outbox.close()
  }

  /// Reads requests until the client stops sending, the stream breaks, or ``close()``.
  private func read() {
    var reader = FrameReader(
      descriptor: connection.descriptor, limit: ControlProtocol.maximumRequestBytes)
    var index = 0
    var batch: [(Int, Request)] = []
    // A request the client sent before (a script repeats its lines) is not read again.
    var readBefore = RecentResults<[UInt8], Request>(capacity: Self.remembersRequests)
    defer {
      if !batch.isEmpty { continuation.yield(batch) }
      finishReading(count: index)
      threadDone()
    }
    while true {
      // What arrived goes over before the reader waits for more.
      if !batch.isEmpty, !reader.hasFrame {
        continuation.yield(batch)
        batch = []
      }
      let body: [UInt8]
      do {
        guard
          let next = try reader.next(
            waitingUntil: Int64.max, then: Int64(ControlProtocol.requestDeadline))
        else { return }
        body = next
      } catch {
        // The frames are out of step: nothing after this one can be read.
        answer(index, ControlListener.error(error))
        index += 1
        return
      }
      if let request = readBefore[body] {
        batch.append((index, request))
        index += 1
        continue
      }
      do {
        let message = try ControlProtocol.message(
          body, limit: ControlProtocol.maximumRequestBytes)
        batch.append((index, readBefore.keep(Self.request(message), for: body)))
      } catch {
        answer(index, ControlListener.error(error))
      }
      index += 1
    }
  }

  /// What a message of a control session asks for.
  static func request(_ message: JSONObject) -> Request {
    do {
      guard case .run(let call) = try ControlRequest(message) else {
        return .refused(
          ControlReply.refused(
            ControlError.malformed("a control session takes only 'run' requests").description
          ).value)
      }
      return .call(PreparedCall(call))
    } catch {
      return .refused(ControlListener.error(error))
    }
  }

  /// Notes that the client sent `count` requests in all.
  private func finishReading(count: Int) {
    continuation.finish()
    lock.withLock {
      requestCount = count
      closeOutboxIfDone()
    }
  }

  /// Closes the outbox once every request is answered; called holding the lock.
  private func closeOutboxIfDone() {
    if let requestCount, nextToSend >= requestCount { outbox.close() }
  }

  /// Writes the answers in order until the outbox closes or the client stops reading.
  private func write() {
    defer { threadDone() }
    while true {
      // The answers that are ready go out in one write.
      let frames = outbox.takeAll()
      guard !frames.isEmpty else { break }
      do {
        try SocketIO.writeAll(
          frames.count == 1 ? frames[0] : Array(frames.joined()), to: connection.descriptor,
          until: SocketIO.now() + Self.answerDeadline)
      } catch {
        close()
        return
      }
    }
    // Every answer is out: the client sees the end of the stream after the last one.
    connection.shutDown()
  }

  /// Closes the connection once both threads are done with its descriptor.
  private func threadDone() {
    let isLast = lock.withLock {
      threadsLeft -= 1
      return threadsLeft == 0
    }
    if isLast { connection.close() }
  }
}
