import TerminalUI

/// One row of the demo: a named counter.
struct Counter: Identifiable, Hashable, Sendable {
  var id: Int
  var name: String
  var count: Int
  var color: RGB?
}
