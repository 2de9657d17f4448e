import Testing

@testable import wsterm

/// Decoding the bytes a terminal sends into keys, however they are split.
@Suite struct KeyReaderTests {
  private func keys(_ chunks: [[UInt8]]) -> [Key] {
    var reader = KeyReader()
    var keys: [Key] = []
    for chunk in chunks {
      reader.feed(chunk)
      keys += reader.keys()
    }
    return keys
  }

  @Test(arguments: [
    ([0x02, 0x25], [Key.control("b"), .character("%")]),
    ([0x1B, 0x5B, 0x44], [.left]),
    ([0x1B, 0x4F, 0x41], [.up]),
    ([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x43], [.right]),
    ([0x1B, 0x5B, 0x33, 0x7E], [.delete]),
    ([0x0D, 0x7F, 0x09], [.enter, .backspace, .tab]),
    ([0xC3, 0xA9, 0xE2, 0x82, 0xAC], [.character("é"), .character("€")]),
    ([0x1B, 0x78], [.escape, .character("x")]),
    ([0xFF, 0x61], [.unknown, .character("a")]),
  ])
  func decodesWholeSequences(bytes: [UInt8], expected: [Key]) {
    #expect(keys([bytes]) == expected)
  }

  @Test func waitsForTheRestOfASplitSequence() {
    #expect(keys([[0x1B], [0x5B], [0x42]]) == [.down])
    #expect(keys([[0xE2, 0x82], [0xAC]]) == [.character("€")])
  }

  @Test func loneEscapeIsTheEscKeyOnlyWhenFlushed() {
    var reader = KeyReader()
    reader.feed([0x1B])
    #expect(reader.keys() == [])
    #expect(reader.hasPendingEscape)
    #expect(reader.flushPendingEscape() == .escape)
    #expect(reader.hasPendingEscape == false)
    #expect(reader.flushPendingEscape() == nil)
  }
}

/// The prefix key table.
@Suite struct BindingsTests {
  @Test(arguments: [
    (Key.character("%"), Action.commands([.split(.horizontal)])),
    (.character("\""), .commands([.split(.vertical)])),
    (.left, .commands([.focus(.direction(.left))])),
    (.character("x"), .commands([.close()])),
    (.character("c"), .commands([.newTab()])),
    (.character("n"), .commands([.selectTab(.next)])),
    (.character("p"), .commands([.selectTab(.previous)])),
    (.character("3"), .commands([.selectTab(.number(3))])),
    (.character("z"), .commands([.zoom])),
    (.character("s"), .commands([.stack()])),
    (.character("S"), .commands([.unstack])),
    (.character("f"), .commands([.float])),
    (.character("e"), .commands([.embed])),
    (.character("w"), .commands([.focus(.floating)])),
    (.character("t"), .commands([.focus(.tiled)])),
    (.character("N"), .commands([.selectWindow(.next)])),
    (.character("P"), .commands([.selectWindow(.previous)])),
    (.character("u"), .commands([.undo()])),
    (.character("U"), .commands([.redo()])),
    (.character(" "), .commands([.arrange(.next)])),
    (.character("!"), .commands([.breakPane()])),
    (.character(":"), .prompt),
    (.character("q"), .quit),
    (.escape, .cancel),
    (.character("0"), .unbound),
  ])
  func keyAfterThePrefix(key: Key, action: Action) {
    #expect(Bindings.action(afterPrefix: key) == action)
  }
}
