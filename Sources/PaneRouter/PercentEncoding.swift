/// The hexadecimal digits of percent-encoding, shared by route tokens and deep links.
package enum PercentEncoding {
  /// The value of a hexadecimal digit byte, or `nil` for any other byte.
  package static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
  }

  /// `%XX` for a byte, with upper-case digits.
  package static func escape(_ byte: UInt8) -> String {
    "%" + String(hexDigits[Int(byte >> 4)]) + String(hexDigits[Int(byte & 0xF)])
  }

  private static let hexDigits: [Character] = Array("0123456789ABCDEF")
}
