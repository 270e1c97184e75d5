import SQLiteData
import TerminalUI

/// One row of the demo: a named counter, stored in the `counters` table.
@Table
struct Counter: Identifiable, Hashable, Sendable {
  let id: Int
  var name = ""
  var count = 0
  /// `#rrggbb`, or nil for the default colour.
  var color: String?

  var rgb: RGB? { color.flatMap { RGB(hex: $0) } }
}
