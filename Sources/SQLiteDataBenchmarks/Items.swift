import CSQLiteBaseline

// The `items` table of the engine workloads. Its SQL comes from CSQLiteBaseline.h, so that the
// engine and the C baseline run the very same statements.

/// A fetched row of `items`.
struct Item {
  var id: Int64
  var title: String
  var isInStock: Bool
  var notes: String
}

enum ItemsSQL {
  static let createTable = BASELINE_SQL_CREATE_ITEMS
  static let createIndex = BASELINE_SQL_CREATE_ITEMS_INDEX
  static let insert = BASELINE_SQL_INSERT_ITEM
  static let fetchInStock = BASELINE_SQL_FETCH_IN_STOCK
  static let fetchByPredicate = BASELINE_SQL_FETCH_BY_PREDICATE
  static let migrationIdentifier = BASELINE_MIGRATION_IDENTIFIER
}

/// The titles and notes of the rows with ids 1...count (index i holds id i + 1), built before
/// timing so that the timed part measures the database, not string interpolation.
struct ItemTexts {
  let titles: [String]
  let notes: [String]

  init(count: Int) {
    titles = (1...count).map { "Item \($0)" }
    notes = (1...count).map { "Notes for item \($0) with some more text" }
  }
}
