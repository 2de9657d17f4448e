import PaneRouter
import Workspace

extension OnePassDecoder {
  /// Where a router's stack comes from: read from the document (``ReadStacks``, a tree's
  /// panes, each with its own stack), or taken again from the stacks of the routers read
  /// last (``RecentValues``, a history's images). A type, not a value: the router's reading
  /// is made for each, and a tree's is the plain reading, with nothing to look at.
  protocol StackSource {
    /// The stack at `decoder`'s offset, `depth` arrays and objects deep.
    mutating func stack(
      depth: Int, in decoder: inout OnePassDecoder
    ) throws(OnePassDecoder.NeedsReference) -> [RouteToken]
  }

  /// Each stack read from the document.
  struct ReadStacks: StackSource {
    func stack(
      depth: Int, in decoder: inout OnePassDecoder
    ) throws(OnePassDecoder.NeedsReference) -> [RouteToken] {
      try decoder.tokens()
    }
  }

  /// Reads a router; `depth` is the number of arrays and objects open around it.
  @inline(__always)
  mutating func router(depth: Int) throws(NeedsReference) -> RouterState {
    var stacks = ReadStacks()
    return try router(depth: depth, stacks: &stacks)
  }

  /// Reads a router; `depth` is the number of arrays and objects open around it. Its stack
  /// comes from `stacks`.
  mutating func router<Stacks: StackSource>(
    depth: Int, stacks: inout Stacks
  ) throws(NeedsReference) -> RouterState {
    var kind: String?
    var routes: [RouteToken]?
    var modal: (style: ModalStyle, routes: [RouteToken])?
    var modalMembers = ObjectMembers()
    var maxDepth: Int?
    var rejectsDuplicateTop = true
    var quarantined: [QuarantinedRoute] = []
    var members = ObjectMembers()
    // Read once: each read of a static table checks its lazy initialisation, a call.
    let routerKeys = Self.routerKeys
    guard try openObject() else { throw NeedsReference() }
    repeat {
      let (key, start, length) = try self.key()
      let member = routerKeys.member(key)
      try members.claim(member)
      switch member {
      case .kind?:
        kind = try routerKind()
      case .stack?:
        routes = try stacks.stack(depth: depth + 1, in: &self)
      case .modal?:
        if try !null() {
          (modal, modalMembers) = try self.modal(depth: depth + 1)
        }
      case .maxDepth?:
        maxDepth = try integer(atLeast: 1)
      case .rejectsDuplicateTop?:
        rejectsDuplicateTop = try boolean()
      case .quarantined?:
        quarantined = try quarantinedRoutes(depth: depth + 1)
      default:
        try members.append(keyText(start: start, count: length), try keptValue(depth: depth + 1))
      }
    } while try next(closing: 0x7D)
    // The stack's tokens are moved out of `routes` into the stack, not copied: a copy took a
    // reference to the array and the release of `routes` gave it back, two atomic operations
    // a router.
    guard let kind, let routes = routes.take() else { throw NeedsReference() }
    // A stack deeper than its limit is the reference's to raise the limit for, and report.
    let limit = maxDepth ?? RouteStack<RouteToken>.defaultMaximumDepth
    guard routes.count <= limit, (modal?.routes.count ?? 0) <= limit,
      let stack = try? RouteStack(
        tokens: consume routes, modal: modal.take(), maxDepth: limit,
        rejectsDuplicateTop: rejectsDuplicateTop)
    else { throw NeedsReference() }
    return RouterState(
      kind: kind, stack: stack, unknownMembers: members.members,
      modalUnknownMembers: modalMembers.members, quarantined: quarantined)
  }

  /// Reads a router's quarantined tokens: an array of objects, each with a token and one
  /// place (`stack`, or `modal` with its `style`), within the limit; other members of an
  /// entry are read and not kept, as the reference does.
  private mutating func quarantinedRoutes(depth: Int) throws(NeedsReference) -> [QuarantinedRoute] {
    guard try openArray() else { return [] }
    var routes: [QuarantinedRoute] = []
    repeat {
      var token: RouteToken?
      var place: UnreadableRoute.Place?
      var style: ModalStyle?
      var members = ObjectMembers()
      guard try openObject() else { throw NeedsReference() }
      repeat {
        let (key, start, length) = try self.key()
        let member = Self.quarantinedRouteKeys.member(key)
        try members.claim(member)
        switch member {
        case .token?:
          guard let parsed = try? RouteToken(parsing: try string()) else { throw NeedsReference() }
          token = parsed
        case .stack?:
          place = .stack(try integer(atLeast: 0))
        case .modal?:
          place = .modal(try integer(atLeast: 0))
        case .style?:
          guard let parsed = ModalStyle(rawValue: try string()) else { throw NeedsReference() }
          style = parsed
        default:
          try members.append(keyText(start: start, count: length), try keptValue(depth: depth + 2))
        }
      } while try next(closing: 0x7D)
      // One place, and a style exactly with a modal's.
      guard let token, let place, members.holds(.stack) != members.holds(.modal),
        members.holds(.modal) == members.holds(.style)
      else { throw NeedsReference() }
      routes.append(QuarantinedRoute(token, at: place, style: style))
    } while try next(closing: 0x5D)
    guard routes.count <= limits.maximumQuarantinedRoutes else { throw NeedsReference() }
    return routes
  }

  /// Reads a router's kind; a plain one the same as the last router's is that router's
  /// string again, not a new one.
  private mutating func routerKind() throws(NeedsReference) -> String {
    guard let (name, start, length) = try name() else { return try string() }
    guard name != .other else { return keyText(start: start, count: length) }
    if let last = lastRouterKind, last.name == name { return last.text }
    let text = keyText(start: start, count: length)
    lastRouterKind = (name, text)
    return text
  }

  /// Reads a router's modal: its style, its stack, and the members kept with it.
  private mutating func modal(
    depth: Int
  ) throws(NeedsReference) -> ((style: ModalStyle, routes: [RouteToken]), ObjectMembers) {
    var style: ModalStyle?
    var routes: [RouteToken]?
    var members = ObjectMembers()
    guard try openObject() else { throw NeedsReference() }
    repeat {
      let (key, start, length) = try self.key()
      let member = Self.modalKeys.member(key)
      try members.claim(member)
      switch member {
      case .style?:
        guard let parsed = ModalStyle(rawValue: try string()) else { throw NeedsReference() }
        style = parsed
      case .stack?:
        routes = try tokens()
      default:
        try members.append(keyText(start: start, count: length), try keptValue(depth: depth + 1))
      }
    } while try next(closing: 0x7D)
    guard let style, let routes else { throw NeedsReference() }
    return ((style, routes), members)
  }

  /// Reads a stack of route tokens: a non-empty array of strings, each a well-formed token,
  /// no more than the stack depth limit.
  ///
  /// The hot loop of restore. A token whose bytes, with its closing quote, are those of the
  /// token at its index in the last stack read is that token again: panes of a kind share
  /// most of their routes, at the same places (every pane's root, the screens its stack
  /// repeats), and comparing a word or three passed scanning, hashing and looking up the
  /// text (about three quarters of a token the ``TokenCache`` holds, for a hundred routes a
  /// pane). Any other plain token (ASCII without escapes, the common case) goes from the
  /// file's bytes to the cache, which hands back the token it read before for the same text;
  /// anything else is read by the reader and parsed as the reference does.
  fileprivate mutating func tokens() throws(NeedsReference) -> [RouteToken] {
    guard try openArray() else { throw NeedsReference() }
    var routes: [RouteToken] = []
    routes.reserveCapacity(stackCapacity)
    let maximumStringBytes = reader.limits.maxStringBytes
    // Taken out of the decoder while this stack is read: its texts are written over the last
    // stack's, index by index (each read before it is written), and if the stack throws (a
    // history the reference then reads, and the decoder reads on) no stack is left to match
    // them.
    var last: [RouteToken] = []
    swap(&last, &lastStack)
    let lastTexts = lastStackTexts
    var texts = lastTexts.texts
    repeat {
      guard try peek() == 0x22 else { throw NeedsReference() }
      let start = reader.index &+ 1
      let index = routes.count
      if index < last.count, let count = sameText(at: start, as: texts[index]) {
        routes.append(last[index])
        reader.index = start &+ count &+ 1
        continue
      }
      let token: RouteToken?
      var text = LastStackText.none
      if let (end, hash, tail) = plainString(), end &- start <= maximumStringBytes {
        token = tokenCache.token(
          UnsafeBufferPointer(
            start: (reader.base + start).assumingMemoryBound(to: UInt8.self), count: end &- start),
          hash: hash, tail: tail
        ) { try? RouteToken(parsingUTF8: $0) }
        reader.index = end &+ 1
        text = LastStackText(start: start, count: end &- start)
      } else {
        token = try? RouteToken(parsing: try string())
      }
      guard let token else { throw NeedsReference() }
      if index == texts.count { texts = lastTexts.doubled() }
      texts[index] = text
      routes.append(token)
    } while try next(closing: 0x5D)
    guard routes.count <= limits.maximumStackDepth else { throw NeedsReference() }
    stackCapacity = routes.count
    lastStack = routes
    return routes
  }

  /// The texts of the last stack's tokens, by index (``LastStackText``). A class owning a
  /// plain allocation, so that keeping a token's text is a store: in an array, a check that
  /// it was not shared for every token cost 0.3% of a restore of the history row.
  final class LastStackTexts {
    /// The texts; the first `lastStack.count` are the last stack's.
    private(set) var texts = UnsafeMutableBufferPointer<LastStackText>.allocate(capacity: 16)

    deinit { texts.deallocate() }

    /// Doubles ``texts``, keeping the ones there.
    func doubled() -> UnsafeMutableBufferPointer<LastStackText> {
      let grown = UnsafeMutableBufferPointer<LastStackText>.allocate(capacity: 2 * texts.count)
      grown.baseAddress!.initialize(from: texts.baseAddress!, count: texts.count)
      texts.deallocate()
      texts = grown
      return grown
    }
  }

  /// Where the text of a plain token of the last stack lies in the document: its offset and
  /// its length, its closing quote after it; or ``none``, for a token read otherwise.
  struct LastStackText {
    var start: Int
    var count: Int

    /// No text to compare: a token that was not plain, which the reader read.
    static let none = LastStackText(start: 0, count: -1)
  }

  /// The length of the text at `start`, if its bytes and the closing quote after them are
  /// those of `last` (so the text is the same plain token's); `nil` otherwise.
  ///
  /// `last` was scanned by ``plainString()``, which reads whole words from its start and
  /// past its closing quote: eight bytes from it, and the eight that end at its quote, are
  /// in the document.
  @inline(__always)
  private func sameText(at start: Int, as last: LastStackText) -> Int? {
    let length = last.count &+ 1
    guard length > 0, start &+ max(length, 8) <= reader.count else { return nil }
    let base = reader.base
    if length <= 8 {
      let mask = UInt64.max &>> (64 &- 8 &* UInt64(truncatingIfNeeded: length))
      let difference =
        base.loadUnaligned(fromByteOffset: start, as: UInt64.self)
        ^ base.loadUnaligned(fromByteOffset: last.start, as: UInt64.self)
      return UInt64(littleEndian: difference) & mask == 0 ? last.count : nil
    }
    // Whole words, then the eight bytes that end at the quote (overlapping the last word).
    var offset = 0
    while offset &+ 8 < length {
      guard
        base.loadUnaligned(fromByteOffset: start &+ offset, as: UInt64.self)
          == base.loadUnaligned(fromByteOffset: last.start &+ offset, as: UInt64.self)
      else { return nil }
      offset &+= 8
    }
    offset = length &- 8
    guard
      base.loadUnaligned(fromByteOffset: start &+ offset, as: UInt64.self)
        == base.loadUnaligned(fromByteOffset: last.start &+ offset, as: UInt64.self)
    else { return nil }
    return last.count
  }

  /// The closing quote of the string whose opening quote is at the reader's offset, the
  /// ``TokenCache/Hash`` of its text and its last bytes (`count % 8`) as a word, if it is
  /// plain and ends eight bytes or more before the end of the document; `nil` for anything
  /// else, which the reader then reads.
  ///
  /// One scan, eight bytes at a time, finds the end, checks the bytes and hashes them. It
  /// stops at the first byte ``plainStopMask(_:)`` marks: a token's canonical text holds none
  /// but its closing quote, and a text that holds another (a space or `!`, which the parser
  /// escapes) is the reader's to read.
  @inline(__always)
  private func plainString() -> (end: Int, hash: UInt64, tail: UInt64)? {
    var hash = TokenCache.Hash()
    let start = reader.index &+ 1
    var position = start
    while position &+ 8 <= reader.count {
      let word = UInt64(
        littleEndian: reader.base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
      let mask = Self.plainStopMask(word)
      guard mask != 0 else {
        hash.add(word)
        position &+= 8
        continue
      }
      // The bytes before the first byte that stops the scan.
      let length = mask.trailingZeroBitCount >> 3
      let tail = length == 0 ? 0 : word & (UInt64.max >> (64 &- 8 &* UInt64(length)))
      let end = position &+ length
      guard reader.byte(at: end) == 0x22 else { return nil }
      return (end, hash.finished(tail: tail, count: end &- start), tail)
    }
    return nil
  }

  private static let routerKeys = KeyTable(keys: FormatKey.routerMembers)
  private static let modalKeys = KeyTable(keys: FormatKey.modalMembers)
  private static let quarantinedRouteKeys = KeyTable(keys: FormatKey.quarantinedRouteMembers)
}

extension OnePassDecoder.RecentValues: OnePassDecoder.StackSource where Value == [RouteToken] {
  /// The stack at `decoder`'s offset, taken again when its text is that of one kept here,
  /// else read; kept here as the newest either way.
  mutating func stack(
    depth: Int, in decoder: inout OnePassDecoder
  ) throws(OnePassDecoder.NeedsReference) -> [RouteToken] {
    try decoder.recentValue(depth: depth, in: &self) {
      (decoder: inout OnePassDecoder) throws(OnePassDecoder.NeedsReference) in
      try decoder.tokens()
    }
  }
}
