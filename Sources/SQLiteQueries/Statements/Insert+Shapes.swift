import Foundation

/// The SQL of plain inserts of values, by shape. Inserting drafts row by row renders the same
/// SQL every time, with different bindings: once the SQL of a shape (table, columns, number of
/// rows) is known, an insert whose values are all plain bindings only collects its bindings.
enum InsertShapes {
  struct Shape: Hashable, Sendable {
    let table: ObjectIdentifier
    let columns: [String]
    let rowCount: Int
  }

  /// Shapes vary with the number of rows: a program inserting batches of every size would grow
  /// the table for ever, so it starts afresh past a few hundred.
  private static let known = BuiltStatements<Shape, String>(capacity: 512)

  static func sql(for shape: Shape, render: () -> String) -> String {
    known.statement(for: shape, build: render)
  }
}

extension Insert {
  /// The SQL and bindings of an insert of values with nothing else (no conflict clause, no
  /// RETURNING, no alias) whose every value is one binding; nil for any other insert.
  func boundValuesSQL() -> (sql: String, bindings: [QueryBinding])? {
    guard case .values(let rows) = source, let first = rows.first, conflictTarget == nil, doUpdate == nil,
      returning.isEmpty, Into.tableAlias == nil
    else { return nil }
    var bindings: [QueryBinding] = []
    bindings.reserveCapacity(rows.count * first.count)
    for row in rows {
      guard row.count == first.count else { return nil }
      for value in row {
        guard value.segments.count == 1, case .binding(let binding) = value.segments[0] else { return nil }
        bindings.append(binding)
      }
    }
    let shape = InsertShapes.Shape(
      table: ObjectIdentifier(Into.self), columns: columnNames, rowCount: rows.count)
    return (InsertShapes.sql(for: shape) { query.prepare().sql }, bindings)
  }
}
