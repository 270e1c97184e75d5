import Foundation

/// The results as a text table:
///
///     workload                        unit    median       p99   C median   ratio
///     engine.insert-50k               ms       41.20     44.01      38.10    1.08
struct ResultTable {
  let nameWidth: Int

  init(names: [String]) {
    nameWidth = max(32, (names.map(\.count).max() ?? 0) + 2)
  }

  var header: String {
    row("workload", "unit", "median", "p99", "C median", "ratio")
  }

  func row(_ result: WorkloadResult) -> String {
    row(
      result.name, result.unit.rawValue, Self.format(result.ours.median),
      Self.format(result.ours.p99), result.baseline.map { Self.format($0.median) } ?? "-",
      result.ratio.map(Self.format) ?? "-")
  }

  private func row(
    _ name: String, _ unit: String, _ median: String, _ p99: String, _ baseline: String,
    _ ratio: String
  ) -> String {
    name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
      + unit.padding(toLength: 4, withPad: " ", startingAt: 0)
      + Self.right(median, 10) + Self.right(p99, 10) + Self.right(baseline, 11)
      + Self.right(ratio, 8)
  }

  private static func format(_ value: Double) -> String { String(format: "%.2f", value) }

  private static func right(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(1, width - text.count)) + text
  }
}

/// The results as JSON: an array of
/// `{"name", "unit", "median", "p99", "baseline_median", "ratio"}`, null where a field does not
/// apply. Written by hand to keep the keys in that order.
enum JSONReport {
  static func write(_ results: [WorkloadResult], to path: String) throws {
    try Data(json(results).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
  }

  static func json(_ results: [WorkloadResult]) -> String {
    let objects = results.map { result in
      let fields = [
        ("name", string(result.name)),
        ("unit", string(result.unit.rawValue)),
        ("median", number(result.ours.median)),
        ("p99", number(result.ours.p99)),
        ("baseline_median", number(result.baseline?.median)),
        ("ratio", number(result.ratio)),
      ]
      return "  {" + fields.map { "\(string($0)): \($1)" }.joined(separator: ", ") + "}"
    }
    return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
  }

  private static func number(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "null" }
    return String(format: "%.4f", value)
  }

  private static func string(_ text: String) -> String {
    var escaped = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case _ where scalar.value < 0x20: escaped += String(format: "\\u%04x", scalar.value)
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped + "\""
  }
}
