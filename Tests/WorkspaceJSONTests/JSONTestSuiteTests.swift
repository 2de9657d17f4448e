import Foundation
import Testing
import WorkspaceJSON

/// Runs every file of JSONTestSuite's `test_parsing` folder through ``JSONReader``.
///
/// `y_` files must parse, `n_` files must be rejected, and each `i_` (implementation-defined)
/// file must match the policy below:
///
/// Accepted `i_` files:
/// - numbers that are too precise or too long for a `Double` but finite are rounded correctly
///   (`i_number_too_big_*`, `i_number_very_big_negative_int`);
/// - numbers that underflow become zero (`i_number_double_huge_neg_exp`,
///   `i_number_real_underflow`);
/// - 500 nested arrays are within the default depth limit of 512
///   (`i_structure_500_nested_arrays`).
///
/// Rejected `i_` files:
/// - numbers whose magnitude overflows a `Double` (`numberOutOfRange`): the huge-exponent and
///   overflow cases;
/// - `\u` escapes with lone, unpaired or inverted UTF-16 surrogates (`invalidUnicodeEscape`):
///   they cannot be represented as a Swift `String` without loss;
/// - ill-formed UTF-8 of any kind, including encoded surrogates, overlong forms, code points
///   above U+10FFFF and ISO Latin-1 text (`invalidUTF8`);
/// - UTF-16 documents, with or without a BOM (the NUL bytes or 0xFF bytes are unexpected);
/// - a UTF-8 byte order mark (`byteOrderMark`): RFC 8259 says implementations must not add
///   one, and this reader accepts only exact RFC 8259 text.
@Suite("JSONTestSuite")
struct JSONTestSuiteTests {
  /// Whether each `i_` file is accepted (`true`) or rejected (`false`).
  static let implementationDefinedPolicy: [String: Bool] = [
    "i_number_double_huge_neg_exp.json": true,
    "i_number_huge_exp.json": false,
    "i_number_neg_int_huge_exp.json": false,
    "i_number_pos_double_huge_exp.json": false,
    "i_number_real_neg_overflow.json": false,
    "i_number_real_pos_overflow.json": false,
    "i_number_real_underflow.json": true,
    "i_number_too_big_neg_int.json": true,
    "i_number_too_big_pos_int.json": true,
    "i_number_very_big_negative_int.json": true,
    "i_object_key_lone_2nd_surrogate.json": false,
    "i_string_1st_surrogate_but_2nd_missing.json": false,
    "i_string_1st_valid_surrogate_2nd_invalid.json": false,
    "i_string_UTF-16LE_with_BOM.json": false,
    "i_string_UTF-8_invalid_sequence.json": false,
    "i_string_UTF8_surrogate_U+D800.json": false,
    "i_string_incomplete_surrogate_and_escape_valid.json": false,
    "i_string_incomplete_surrogate_pair.json": false,
    "i_string_incomplete_surrogates_escape_valid.json": false,
    "i_string_invalid_lonely_surrogate.json": false,
    "i_string_invalid_surrogate.json": false,
    "i_string_invalid_utf-8.json": false,
    "i_string_inverted_surrogates_U+1D11E.json": false,
    "i_string_iso_latin_1.json": false,
    "i_string_lone_second_surrogate.json": false,
    "i_string_lone_utf8_continuation_byte.json": false,
    "i_string_not_in_unicode_range.json": false,
    "i_string_overlong_sequence_2_bytes.json": false,
    "i_string_overlong_sequence_6_bytes.json": false,
    "i_string_overlong_sequence_6_bytes_null.json": false,
    "i_string_truncated-utf-8.json": false,
    "i_string_utf16BE_no_BOM.json": false,
    "i_string_utf16LE_no_BOM.json": false,
    "i_structure_500_nested_arrays.json": true,
    "i_structure_UTF-8_BOM_empty_object.json": false,
  ]

  /// `Tests/Fixtures/JSONTestSuite/test_parsing`, the package's own copy, derived from this
  /// file's path.
  static let folder: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Tests/WorkspaceJSONTests
    .deletingLastPathComponent()  // Tests
    .appendingPathComponent("Fixtures/JSONTestSuite/test_parsing")
    .standardizedFileURL

  @Test("y_ files parse, n_ files are rejected, i_ files follow the documented policy")
  func testParsing() throws {
    let path = Self.folder.path
    var isDirectory: ObjCBool = false
    try #require(
      FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        && isDirectory.boolValue,
      "JSONTestSuite folder is missing: expected \(path)")
    let names = try FileManager.default.contentsOfDirectory(atPath: path)
      .filter { $0.hasSuffix(".json") }
      .sorted()
    let counts = Dictionary(grouping: names, by: { $0.prefix(2) }).mapValues(\.count)
    try #require(
      counts["y_", default: 0] > 90 && counts["n_", default: 0] > 180,
      "JSONTestSuite folder at \(path) looks incomplete: \(counts)")

    for name in names {
      let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
      let outcome = Result { () throws(JSONParseError) in try JSONReader.parse(bytes) }
      switch (name.prefix(2), outcome) {
      case ("y_", .failure(let error)):
        Issue.record("\(name) must parse but failed: \(error)")
      case ("n_", .success(let value)):
        Issue.record("\(name) must be rejected but parsed as \(value)")
      case ("i_", _):
        guard let accepted = Self.implementationDefinedPolicy[name] else {
          Issue.record("\(name) is not listed in the i_ policy")
          continue
        }
        if case .success = outcome, !accepted {
          Issue.record("\(name) is rejected by policy but parsed")
        }
        if case .failure(let error) = outcome, accepted {
          Issue.record("\(name) is accepted by policy but failed: \(error)")
        }
      default:
        break
      }
    }
    let listed = Set(names.filter { $0.hasPrefix("i_") })
    for name in Self.implementationDefinedPolicy.keys where !listed.contains(name) {
      Issue.record("policy lists \(name), which is not in the folder")
    }
  }
}
