import PaneRouter
import Testing

@testable import Workspace
@testable import WorkspaceJSON

/// The routers and weights of a history's images, taken again where an image's text for one
/// is, byte for byte and at the same depth, one read lately: the same values as reading each,
/// and none taken for text that differs anywhere.
@Suite struct OnePassRecentValuesTests {
  /// Whether two texts compare equal, placed one after the other in one buffer.
  static func match(_ first: [UInt8], _ second: [UInt8]) -> Bool {
    let bytes = first + second
    return bytes.withUnsafeBytes { buffer in
      OnePassDecoder.bytesMatch(
        buffer.baseAddress!, 0, first.count, count: first.count)
    }
  }

  /// The value `values` holds for the text at `start` of `reader`'s document at `depth`,
  /// kept again, with its text's length; `nil` if none.
  static func found(
    _ values: inout OnePassDecoder.RecentValues<RouterState>, at start: Int, depth: Int,
    in reader: JSONReader
  ) -> (RouterState, count: Int)? {
    var count = 0
    guard let value = values.valueAgain(at: start, depth: depth, in: reader, count: &count)
    else { return nil }
    return (value, count)
  }

  /// Texts of every length around a word and a pair of words: equal ones match, and one
  /// byte changed anywhere (the first, one in a word, one past the last pair of words, the
  /// last) fails the match.
  @Test(arguments: [1, 2, 7, 8, 9, 15, 16, 17, 23, 24, 31, 32, 33, 100])
  func textsMatchOnlyWhereEveryByteIs(count: Int) {
    let text = (0..<count).map { UInt8(0x41 + $0 % 26) }
    #expect(Self.match(text, text))
    for position in 0..<count {
      var changed = text
      changed[position] ^= 0x20
      #expect(!Self.match(text, changed), "length \(count), byte \(position)")
    }
  }

  /// A kept value is found where its text stands again, at its depth only, and not where
  /// the text differs or runs past the document's end.
  @Test func aRouterIsFoundAgainByItsTextAtItsDepth() throws {
    let router = #"{"kind":"k","stack":["a","b"]}"#
    let text =
      router + " " + router + " " + #"{"kind":"k","stack":["a","c"]}"# + " "
      + String(router.dropLast())
    let bytes = Array(text.utf8)
    let kept = RouterState(kind: "k", stack: try RouteStack(routes: ["a", "b"]))
    let count = router.utf8.count
    bytes.withUnsafeBytes { buffer in
      let reader = JSONReader(base: buffer.baseAddress!, count: buffer.count, limits: .default)
      var routers = OnePassDecoder.RecentValues<RouterState>()
      routers.keep(kept, start: 0, count: count, depth: 7)
      let found = Self.found(&routers, at: count + 1, depth: 7, in: reader)
      #expect(found?.0 == kept)
      #expect(found?.count == count)
      #expect(Self.found(&routers, at: count + 1, depth: 6, in: reader) == nil)
      #expect(Self.found(&routers, at: 2 * count + 2, depth: 7, in: reader) == nil)
      #expect(Self.found(&routers, at: 3 * count + 3, depth: 7, in: reader) == nil)
    }
  }

  /// Only the last ``OnePassDecoder/RecentValues/limit`` values kept are found.
  @Test func theRouterKeptLongestMakesRoomForTheNewest() {
    let limit = OnePassDecoder.RecentValues<RouterState>.limit
    let texts = (0...limit).map { #"{"kind":"k","stack":["route\#($0)"]}"# }
    let bytes = Array(texts.joined().utf8)
    let routers = texts.indices.map { RouterState(kind: "k\($0)", stack: RouteStack(root: "a")) }
    var starts: [Int] = []
    var start = 0
    for text in texts {
      starts.append(start)
      start += text.utf8.count
    }
    bytes.withUnsafeBytes { buffer in
      let reader = JSONReader(base: buffer.baseAddress!, count: buffer.count, limits: .default)
      var kept = OnePassDecoder.RecentValues<RouterState>()
      for index in texts.indices {
        kept.keep(
          routers[index], start: starts[index], count: texts[index].utf8.count, depth: 7)
      }
      #expect(Self.found(&kept, at: starts[0], depth: 7, in: reader) == nil)
      for index in 1...limit {
        #expect(Self.found(&kept, at: starts[index], depth: 7, in: reader)?.0 == routers[index])
      }
    }
  }

  /// A history whose images repeat routers (the same text again, in the same entry, in the
  /// next, in the redo list), hold routers that differ only at their end or in a kept
  /// member, and a router longer than the one before with the same beginning: read in this
  /// pass to the reference's state, each image with its own router.
  @Test func imagesThatRepeatRoutersReadAsTheReferenceReadsThem() throws {
    let routers = [
      #"{"kind":"k","stack":["a","b"]}"#,
      #"{"kind":"k","stack":["a","b"]}"#,
      #"{"kind":"k","stack":["a","c"]}"#,
      #"{"kind":"k","stack":["a","b"],"x":1}"#,
      #"{"kind":"k","stack":["a","b"],"x":2}"#,
      #"{"kind":"k","stack":["a","b","c"]}"#,
      #"{"kind":"k","stack":["a","b"]}"#,
    ]
    let images = try Self.imageRouters(routers)
    let stacks = images.map { $0?.stack.stack.map(\.description) ?? [] }
    #expect(
      stacks == [
        ["a", "b"], ["a", "b"], ["a", "c"], ["a", "b"], ["a", "b"], ["a", "b", "c"], ["a", "b"],
      ])
    // The same text, the same router; a kept member of another value, another router.
    #expect(images[0] == images[1] && images[0] == images[6])
    #expect(images[3] != images[4] && images[3] != images[0])
  }

  /// The router of node 1 in each history entry of a file whose entries' images hold
  /// `routers` in turn (the last one on the redo side), as read in one pass, which agrees
  /// with the reference decoder.
  static func imageRouters(_ routers: [String]) throws -> [RouterState?] {
    func entry(_ router: String) -> String {
      #"{"label":"push","root":1,"mru":[1],"nodes":[{"id":1,"node":{"id":1,"parent":null,"#
        + #""kind":"pane","title":"","router":\#(router)}}]}"#
    }
    let undo = routers.dropLast().map(entry).joined(separator: ",")
    let text = OnePassWindowsAndHistoryTests.withHistory(
      #"{"limit":100,"undo":[\#(undo)],"redo":[\#(entry(routers.last!))]}"#)
    let bytes = Array(text.utf8)
    #expect(OnePassDecoderTests.expectAgreement(bytes, text).isOnePass)
    let read = try #require(OnePassDecoder.read(bytes, path: "workspace.json", limits: .default))
    #expect(read.readsHistory)
    let history = read.state.history
    return (history.undoEntries + history.redoEntries).map { entry in
      entry.journal.nodes[NodeID(1)]??.router
    }
  }

  /// Routers whose stacks repeat from image to image while the routers differ (a modal
  /// added, changed or gone, a limit, a kept member, the stack's members in another order of
  /// keys), and stacks that differ from the one before in a byte of a token, by a token more
  /// or as a beginning of it: each image read in this pass with its own stack and the rest of
  /// its own router, as the reference reads them.
  @Test func imagesThatRepeatStacksReadAsTheReferenceReadsThem() throws {
    let routers = [
      #"{"kind":"k","stack":["a","b"]}"#,
      #"{"kind":"k","stack":["a","b"],"modal":{"style":"sheet","stack":["m"]}}"#,
      #"{"kind":"k","stack":["a","b"],"modal":{"style":"sheet","stack":["m","n"]}}"#,
      #"{"kind":"k","stack":["a","b"],"maxDepth":3}"#,
      #"{"kind":"k","stack":["a","c"],"x":1}"#,
      #"{"stack":["a","b"],"kind":"k","x":2}"#,
      #"{"kind":"k","stack":["a","b","c"]}"#,
      #"{"kind":"k","stack":["a"]}"#,
      #"{"kind":"j","stack":["a","b","c"]}"#,
    ]
    let images = try Self.imageRouters(routers).map { try #require($0) }
    #expect(
      images.map { $0.stack.stack.map(\.description) } == [
        ["a", "b"], ["a", "b"], ["a", "b"], ["a", "b"], ["a", "c"], ["a", "b"], ["a", "b", "c"],
        ["a"], ["a", "b", "c"],
      ])
    #expect(
      images.map { $0.stack.modal?.stack.map(\.description) ?? [] } == [
        [], ["m"], ["m", "n"], [], [], [], [], [], [],
      ])
    #expect(images.map(\.kind) == ["k", "k", "k", "k", "k", "k", "k", "k", "j"])
    #expect(images[3].stack.maxDepth == 3 && images[0].stack.maxDepth != 3)
  }

  /// A stack whose text is one read before, in a router whose limit it is deeper than: not
  /// read in this pass, as the reference raises the limit and says so.
  @Test func aStackTakenAgainIsHeldToItsOwnRoutersLimit() {
    let routers = [
      #"{"kind":"k","stack":["a","b","c"]}"#,
      #"{"kind":"k","stack":["a","b","c"],"maxDepth":2}"#,
    ]
    let undo = routers.map { router in
      #"{"label":"push","root":1,"mru":[1],"nodes":[{"id":1,"node":{"id":1,"parent":null,"#
        + #""kind":"pane","title":"","router":\#(router)}}]}"#
    }
    let text = OnePassWindowsAndHistoryTests.withHistory(
      #"{"limit":100,"undo":[\#(undo.joined(separator: ","))],"redo":[]}"#)
    let bytes = Array(text.utf8)
    #expect(!OnePassDecoderTests.expectAgreement(bytes, text).isOnePass)
    #expect(
      OnePassDecoder.read(bytes, path: "workspace.json", limits: .default)?.readsHistory != true)
  }

  /// Splits whose weights repeat from image to image (thirds of seventeen digits, halves)
  /// and change in their last digit: a history of splits and closes read in this pass to the
  /// reference's state, its images' weights those the commands recorded.
  @Test func imagesThatRepeatWeightsReadAsTheReferenceReadsThem() throws {
    var state = WorkspaceState(.pane("A", untyped: RouteToken("a")))
    // The root split's image before each command: halves, then thirds three times (its
    // children change, its weights do not), then thirds again after the close; each command
    // an entry of its own.
    let commands: [WorkspaceCommand] = [
      .split(.vertical), .split(.vertical), .split(.horizontal), .focus(.previous),
      .split(.horizontal), .focus(.previous), .split(.horizontal), .close(nil), .undo(count: 1),
    ]
    for command in commands { try state.apply(command) }
    let weights = (state.history.undoEntries + state.history.redoEntries).flatMap { entry in
      entry.journal.nodes.compactMap { $0.value?.weights }.filter { !$0.isEmpty }
    }
    // Weights of the same split in several images, and of more than one value.
    #expect(weights.count > Set(weights.map { $0.map(\.bitPattern) }).count)
    #expect(Set(weights.map { $0.map(\.bitPattern) }).count > 1)
    let bytes = WorkspaceFile.encode(state)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(OnePassDecoderTests.expectAgreement(bytes, text).isOnePass)
    let read = try #require(OnePassDecoder.read(bytes, path: "workspace.json", limits: .default))
    #expect(read.readsHistory)
    #expect(read.state.history == state.history)
  }

  /// Entries whose most-recently-used lists repeat, differ in their last id, or are a
  /// beginning of the one before: each read as its text says, as the reference reads it.
  @Test func entriesThatRepeatListsReadAsTheReferenceReadsThem() throws {
    let long = (1...17).map(String.init).joined(separator: ",")
    let lists = [
      "[1,2,3]", "[1,2,3]", "[1,2,4]", "[1,2]", "[\(long)]", "[\(long)]", "[\(long)8]",
      "[\(long),18]", "[1,2]",
    ]
    let entries = lists.map { list in
      OnePassWindowsAndHistoryTests.push().replacingOccurrences(
        of: #""mru":[1]"#, with: #""mru":\#(list)"#)
    }
    let text = OnePassWindowsAndHistoryTests.withHistory(
      #"{"limit":100,"undo":[\#(entries.joined(separator: ","))],"redo":[]}"#)
    let bytes = Array(text.utf8)
    #expect(OnePassDecoderTests.expectAgreement(bytes, text).isOnePass)
    let read = try #require(OnePassDecoder.read(bytes, path: "workspace.json", limits: .default))
    #expect(read.readsHistory)
    let stored = read.state.history.undoEntries.map { entry in
      "[" + entry.journal.mostRecentlyUsed.map { String($0.rawValue) }.joined(separator: ",")
        + "]"
    }
    #expect(stored == lists)
  }
}
