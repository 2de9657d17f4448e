extension Unicode.UTF8 {
  /// The offset of the first byte of the first ill-formed sequence in `bytes`, or `nil` if
  /// they are valid UTF-8: what a route token's argument and `wsctl`'s arguments report.
  ///
  ///     Unicode.UTF8.firstInvalidByte(in: [0x61, 0xFF])  // 1
  ///
  /// - Complexity: O(*n*), where *n* is the number of bytes.
  package static func firstInvalidByte(in bytes: some Sequence<UInt8>) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .error: return offset
      case .emptyInput: return nil
      }
    }
  }
}
