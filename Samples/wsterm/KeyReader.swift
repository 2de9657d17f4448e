/// A key press, decoded from the bytes a terminal sends.
enum Key: Equatable {
  /// A printable character.
  case character(Character)
  /// Ctrl with a letter, such as `.control("b")` for Ctrl-B (byte 0x02).
  case control(Character)
  case enter
  case escape
  case backspace
  case tab
  case up
  case down
  case left
  case right
  case home
  case end
  case delete
  /// A sequence wsterm does not bind, such as a function key.
  case unknown
}

/// Turns the bytes read from a raw-mode terminal into keys.
///
/// Bytes may arrive split anywhere, so an incomplete UTF-8 character or escape sequence waits
/// for more. A lone `ESC` is ambiguous (the Esc key, or the start of an arrow key's sequence):
/// it waits too, and ``flushPendingEscape()`` turns it into ``Key/escape`` when no byte
/// followed within a short time.
struct KeyReader {
  private var buffer: [UInt8] = []

  /// Whether a lone `ESC` waits for a following byte.
  var hasPendingEscape: Bool { buffer == [0x1B] }

  /// Adds bytes read from the terminal.
  mutating func feed(_ bytes: some Sequence<UInt8>) {
    buffer.append(contentsOf: bytes)
  }

  /// Decodes every complete key in the buffer.
  mutating func keys() -> [Key] {
    var keys: [Key] = []
    while let (key, length) = decode(buffer[...]) {
      buffer.removeFirst(length)
      keys.append(key)
    }
    return keys
  }

  /// Gives up waiting after a lone `ESC`: it was the Esc key.
  mutating func flushPendingEscape() -> Key? {
    guard hasPendingEscape else { return nil }
    buffer.removeAll()
    return .escape
  }

  /// The first key in `bytes` and its length, or `nil` if more bytes are needed.
  private func decode(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
    guard let first = bytes.first else { return nil }
    switch first {
    case 0x1B: return decodeEscape(bytes)
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x09: return (.tab, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x01...0x1A: return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
    case 0x00, 0x1C...0x1F: return (.unknown, 1)
    case 0x20...0x7E: return (.character(Character(Unicode.Scalar(first))), 1)
    default: return decodeUTF8(bytes)
    }
  }

  private func decodeEscape(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
    let start = bytes.startIndex
    guard bytes.count >= 2 else { return nil }
    let introducer = bytes[start + 1]
    // ESC O A: cursor keys in application mode.
    if introducer == UInt8(ascii: "O") {
      guard bytes.count >= 3 else { return nil }
      return (Self.cursorKey(bytes[start + 2]), 3)
    }
    // ESC [ parameters final: a control sequence.
    guard introducer == UInt8(ascii: "[") else { return (.escape, 1) }
    var index = start + 2
    while index < bytes.endIndex {
      let byte = bytes[index]
      if (0x40...0x7E).contains(byte) {
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        let length = index - start + 1
        if byte == UInt8(ascii: "~") {
          switch parameters.split(separator: ";").first {
          case "1", "7": return (.home, length)
          case "4", "8": return (.end, length)
          case "3": return (.delete, length)
          default: return (.unknown, length)
          }
        }
        return (Self.cursorKey(byte), length)
      }
      index += 1
    }
    return nil
  }

  private static func cursorKey(_ byte: UInt8) -> Key {
    switch byte {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    default: .unknown
    }
  }

  private func decodeUTF8(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
    let first = bytes[bytes.startIndex]
    let length =
      switch first {
      case 0xC2...0xDF: 2
      case 0xE0...0xEF: 3
      case 0xF0...0xF4: 4
      default: 1
      }
    guard length > 1 else { return (.unknown, 1) }
    guard bytes.count >= length else { return nil }
    let sequence = bytes.prefix(length)
    guard let scalar = String(validating: sequence, as: UTF8.self)?.unicodeScalars.first,
      scalar.value >= 0xA0
    else { return (.unknown, length) }
    return (.character(Character(scalar)), length)
  }
}
