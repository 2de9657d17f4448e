/// The powers of ten that are exactly representable as a `Double`: 10^0 through 10^22.
private let exactPowersOfTen: [Double] = [
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

/// The powers of ten that fit a `UInt64`: 10^0 through 10^19.
private let integerPowersOfTen: [UInt64] = (0...19).map { exponent in
  (0..<exponent).reduce(1) { power, _ in power * 10 }
}

extension JSONReader {
  /// 10^`exponent`, exactly, for an exponent from 0 through 22.
  @inline(__always)
  static func exactPowerOfTen(_ exponent: Int) -> Double {
    exactPowersOfTen[exponent]
  }

  /// Whether `byte` is an ASCII decimal digit.
  @inline(__always)
  private static func isDigit(_ byte: UInt8) -> Bool {
    byte &- 0x30 < 10
  }

  /// Parses the number that starts at the current offset and returns its correctly rounded value.
  ///
  /// The text is validated against the RFC 8259 grammar
  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` while the significant digits are
  /// accumulated. When there are at most 19 significant digits forming a value of at most 2^53
  /// and the decimal exponent is within ±22, the value is computed with a single exact-operand
  /// multiplication or division, which IEEE 754 rounds correctly (Clinger's fast path); plain
  /// integers of up to 15 digits always take this path. A decimal of up to 19 digits with a
  /// significand above 2^53 (a weight printed with 17 digits) is rounded exactly by
  /// ``quotient(_:byPowerOfTen:)``. Every other number is converted by the standard
  /// library's correctly rounded `Double(String)`. An integer literal (no fraction,
  /// no exponent) above 2^53 in magnitude is kept as its text, ``JSONValue/bigInteger(_:)``.
  ///
  /// - Complexity: O(*n*), where *n* is the length of the number.
  mutating func parseNumber() throws(JSONParseError) -> JSONValue {
    let start = index
    var position = start
    let negative = byte(at: position) == 0x2D
    if negative { position += 1 }
    guard position < count else { throw error(.unexpectedEnd, at: count) }

    var significand: UInt64 = 0
    var significantDigits = 0
    let first = byte(at: position)
    if first == 0x30 {
      position += 1
      if position < count && Self.isDigit(byte(at: position)) {
        throw error(.invalidNumber, at: position)
      }
    } else if first > 0x30 && first <= 0x39 {
      while position < count {
        let digit = byte(at: position) &- 0x30
        guard digit < 10 else { break }
        if significantDigits < 19 { significand = significand &* 10 &+ UInt64(digit) }
        significantDigits += 1
        position += 1
      }
    } else {
      throw error(.invalidNumber, at: position)
    }

    var fractionDigits = 0
    if position < count && byte(at: position) == 0x2E {
      position += 1
      guard position < count else { throw error(.unexpectedEnd, at: count) }
      guard Self.isDigit(byte(at: position)) else { throw error(.invalidNumber, at: position) }
      while position < count {
        let digit = byte(at: position) &- 0x30
        guard digit < 10 else { break }
        if significantDigits > 0 || digit != 0 {
          if significantDigits < 19 { significand = significand &* 10 &+ UInt64(digit) }
          significantDigits += 1
        }
        fractionDigits += 1
        position += 1
      }
    }

    var exponent = 0
    let hasExponent = position < count && byte(at: position) | 0x20 == 0x65
    if hasExponent {
      position += 1
      guard position < count else { throw error(.unexpectedEnd, at: count) }
      let sign = byte(at: position)
      if sign == 0x2B || sign == 0x2D {
        position += 1
        guard position < count else { throw error(.unexpectedEnd, at: count) }
      }
      guard Self.isDigit(byte(at: position)) else { throw error(.invalidNumber, at: position) }
      while position < count {
        let digit = byte(at: position) &- 0x30
        guard digit < 10 else { break }
        if exponent < 1_000_000 { exponent = exponent * 10 + Int(digit) }
        position += 1
      }
      if sign == 0x2D { exponent = -exponent }
    }

    if position - start > limits.maxNumberLength {
      throw error(.numberTooLong(limits.maxNumberLength), at: start)
    }
    index = position

    if significand == 0 && significantDigits == 0 {
      return .number(negative ? -0.0 : 0.0)
    }
    if fractionDigits == 0, !hasExponent, significantDigits > 19 || significand > 1 << 53 {
      return .bigInteger(text(from: start, to: position))
    }
    if significantDigits <= 19 && significand <= 1 << 53 {
      let scale = exponent - fractionDigits
      if scale >= -22 && scale <= 22 {
        var value = Double(significand)
        if scale > 0 {
          value *= exactPowersOfTen[scale]
        } else if scale < 0 {
          value /= exactPowersOfTen[-scale]
        }
        return .number(negative ? -value : value)
      }
    }
    if significantDigits <= 19, exponent - fractionDigits < 0,
      let value = Self.quotient(significand, byPowerOfTen: fractionDigits - exponent)
    {
      return .number(negative ? -value : value)
    }
    return .number(try convertSlowly(from: start, to: position))
  }

  /// The correctly rounded value of `significand` / 10^`power`, for a significand above
  /// 2^53 (which no `Double` holds exactly) and `power` 1 to 19: the file's weights, printed
  /// with 17 digits. The quotient of the rounded operands lies within an ulp of the value;
  /// the nearest `Double` is then picked by comparing the value, exactly in 128 bits, with
  /// the midpoints to its neighbours (a tie goes to the even one). `nil` where those products
  /// would not fit (a value of 2^53 or more, or below 2^-10), for the standard library.
  static func quotient(_ significand: UInt64, byPowerOfTen power: Int) -> Double? {
    guard (1...19).contains(power) else { return nil }
    let divisor = integerPowersOfTen[power]
    var candidate = Double(significand) / exactPowersOfTen[power]
    // One step to a neighbour at most; a third round means something is off.
    for _ in 0..<3 {
      guard candidate.isNormal else { return nil }
      let bits = candidate.significandBitPattern | 1 << 52
      let exponent = Int(candidate.exponent) - 52
      // The midpoint with the next `Double` up, and with the next down (closer when the
      // candidate is a power of two).
      guard
        let above = compare(significand, divisor, with: 2 * bits + 1, exponent - 1),
        let below =
          bits == 1 << 52
          ? compare(significand, divisor, with: (1 << 54) - 1, exponent - 2)
          : compare(significand, divisor, with: 2 * bits - 1, exponent - 1)
      else { return nil }
      if above > 0 {
        candidate = candidate.nextUp
      } else if below < 0 {
        candidate = candidate.nextDown
      } else if above == 0 {
        return bits & 1 == 0 ? candidate : candidate.nextUp
      } else if below == 0 {
        return bits & 1 == 0 ? candidate : candidate.nextDown
      } else {
        return candidate
      }
    }
    return nil
  }

  /// The sign of `significand` / `divisor` − `multiple` · 2^`exponent`, computed exactly as
  /// `significand` · 2^−`exponent` against `multiple` · `divisor`; `nil` for an exponent of
  /// 0 or more, or a shift past 128 bits.
  private static func compare(
    _ significand: UInt64, _ divisor: UInt64, with multiple: UInt64, _ exponent: Int
  ) -> Int? {
    let shift = -exponent
    guard shift > 0, shift < 64 + significand.leadingZeroBitCount else { return nil }
    let left: (high: UInt64, low: UInt64) =
      shift >= 64
      ? (significand << (shift - 64), 0) : (significand >> (64 - shift), significand << shift)
    let right = multiple.multipliedFullWidth(by: divisor)
    if left.high != right.high { return left.high < right.high ? -1 : 1 }
    if left.low != right.low { return left.low < right.low ? -1 : 1 }
    return 0
  }

  /// The validated number text at `start..<end`.
  private func text(from start: Int, to end: Int) -> String {
    String(
      decoding: UnsafeRawBufferPointer(start: base + start, count: end - start), as: UTF8.self)
  }

  /// Converts the validated number text at `start..<end` with the standard library.
  @inline(never)
  private func convertSlowly(from start: Int, to end: Int) throws(JSONParseError) -> Double {
    let text = text(from: start, to: end)
    guard let value = Double(text) else { throw error(.invalidNumber, at: start) }
    guard value.isFinite else { throw error(.numberOutOfRange, at: start) }
    return value
  }
}
