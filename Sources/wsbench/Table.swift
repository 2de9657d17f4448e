import Foundation

/// The one table wsbench prints: a row per figure, with its baseline and their ratio.
struct Table {
  struct Row {
    let section: String
    let subject: String
    let measure: String
    let value: Double
    let unit: String
    let baseline: Double?
    let baselineName: String?
    let ratioLabel: String?
    /// The ratio when it is not the value's over the baseline's: the median of paired
    /// measurements' ratios (``PythonParse``).
    var pairedRatio: Double? = nil

    var ratio: Double? { pairedRatio ?? baseline.map { value / $0 } }
  }

  private(set) var rows: [Row] = []

  mutating func add(
    _ section: String, _ subject: String, _ measure: String, _ value: Double, _ unit: String,
    baseline: Double?, _ baselineName: String?, ratioLabel: String? = nil,
    pairedRatio: Double? = nil
  ) {
    rows.append(
      Row(
        section: section, subject: subject, measure: measure, value: value, unit: unit,
        baseline: baseline, baselineName: baselineName, ratioLabel: ratioLabel,
        pairedRatio: pairedRatio))
  }

  /// Adds rows measured elsewhere.
  mutating func add(_ rows: [Row]) {
    self.rows += rows
  }

  static func size(_ bytes: Int) -> String {
    bytes >= 1_000_000
      ? String(format: "%.1f MB", Double(bytes) / 1e6)
      : String(format: "%.1f KB", Double(bytes) / 1e3)
  }

  static func number(_ value: Double) -> String {
    if value >= 100 { return String(format: "%.0f", value) }
    if value >= 10 { return String(format: "%.1f", value) }
    if value >= 0.01 || value == 0 { return String(format: "%.2f", value) }
    return String(format: "%.4f", value)
  }

  func text(machine: String) -> String {
    var lines = ["wsbench — \(machine)", ""]
    let header = ["section", "subject", "measure", "value", "baseline", "ratio"]
    var cells = [header]
    for row in rows {
      cells.append([
        row.section, row.subject, row.measure, "\(Self.number(row.value)) \(row.unit)",
        row.baseline.map { "\(Self.number($0)) \(row.baselineName ?? "")" } ?? "",
        row.ratio.map { "\(Self.number($0))×" + (row.ratioLabel.map { " (\($0))" } ?? "") } ?? "",
      ])
    }
    let widths = header.indices.map { column in cells.map { $0[column].count }.max() ?? 0 }
    for (index, line) in cells.enumerated() {
      lines.append(
        zip(line, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
          .joined(separator: "  ").trimmingCharacters(in: .whitespaces))
      if index == 0 {
        lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
      }
    }
    return lines.joined(separator: "\n")
  }

  func json() -> String {
    let objects: [[String: Any]] = rows.map { row in
      var object: [String: Any] = [
        "section": row.section, "subject": row.subject, "measure": row.measure,
        "value": row.value, "unit": row.unit,
      ]
      if let baseline = row.baseline { object["baseline"] = baseline }
      if let name = row.baselineName { object["baselineName"] = name }
      if let ratio = row.ratio { object["ratio"] = ratio }
      return object
    }
    let data = try! JSONSerialization.data(
      withJSONObject: objects, options: [.prettyPrinted, .sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }
}
