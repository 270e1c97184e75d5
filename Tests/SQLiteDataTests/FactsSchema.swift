import Foundation
import SQLiteData

@Table
struct Fact: Identifiable, Equatable {
  let id: Int
  var body = ""
  var isFavorite = false
}

@Selection
struct FactSummary: Equatable {
  var body: String
  var isFavorite: Bool
}

/// A fresh database file with the facts table and two facts.
func factsDatabase() throws -> any DatabaseWriter {
  let database = try DatabasePool.temporary()
  var migrator = DatabaseMigrator()
  migrator.registerMigration("Create facts") { db in
    try #sql(
      """
      CREATE TABLE "facts" (
        "id" INTEGER PRIMARY KEY AUTOINCREMENT,
        "body" TEXT NOT NULL DEFAULT '',
        "isFavorite" INTEGER NOT NULL DEFAULT 0
      ) STRICT
      """
    )
    .execute(db)
  }
  try migrator.migrate(database)
  try database.write { db in
    try db.seed {
      Fact(id: 1, body: "Water boils at 100 °C", isFavorite: true)
      Fact(id: 2, body: "Honey never spoils")
    }
  }
  return database
}

/// Waits for the next values of a live query, failing instead of hanging: after two minutes,
/// because the full suite's fuzzers can hold every thread of the task pool for over a minute.
func nextValue<Value: Sendable>(
  _ iterator: inout AsyncStream<Value>.AsyncIterator, timeout: Duration = .seconds(120)
) async throws -> Value {
  let box = IteratorBox(iterator)
  defer { iterator = box.iterator }
  return try await withThrowingTaskGroup(of: Value?.self) { group in
    group.addTask { await box.next() }
    group.addTask {
      try await Task.sleep(for: timeout)
      return nil
    }
    defer { group.cancelAll() }
    guard let value = try await group.next() ?? nil else { throw Timeout() }
    return value
  }
}

struct Timeout: Error {}

final class IteratorBox<Value: Sendable>: @unchecked Sendable {
  var iterator: AsyncStream<Value>.AsyncIterator
  init(_ iterator: AsyncStream<Value>.AsyncIterator) { self.iterator = iterator }
  func next() async -> Value? { await iterator.next() }
}
