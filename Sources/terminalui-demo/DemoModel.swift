import Observation
import SQLiteData
import TerminalUI

/// The demo's data. The counters are a live query: every write (from here or from another
/// process) reaches the list without any refresh, because rendering reads them.
@MainActor
@Observable
final class DemoModel {
  @ObservationIgnored
  @FetchAll(Counter.order(by: \.id)) var counters

  var ticks = 0
  var note = "Press e to edit this note in $EDITOR."

  @ObservationIgnored
  @Dependency(\.defaultDatabase) var database

  /// Adds a counter and returns its id.
  func add(_ name: String) throws -> Int? {
    let trimmed = name.trimmingSpaces
    guard !trimmed.isEmpty else { return nil }
    return try database.write { db in
      try Counter.insert { Counter.Draft(name: trimmed) }.returning(\.id).fetchOne(db)
    }
  }

  func increment(_ id: Int, by amount: Int) throws {
    try database.write { db in try Counter.find(id).update { $0.count += amount }.execute(db) }
  }

  func delete(_ id: Int) throws {
    try database.write { db in try Counter.find(id).delete().execute(db) }
  }
}

extension String {
  var trimmingSpaces: String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
