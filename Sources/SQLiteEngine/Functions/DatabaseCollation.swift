import CSQLite

/// A collating sequence written in Swift: how `ORDER BY x COLLATE "name"` and comparisons under
/// it order two texts, given as their UTF-8 bytes.
///
///     let reversed = DatabaseCollation("reversed") { lhs, rhs in
///       lhs.lexicographicallyPrecedes(rhs) ? 1 : lhs.elementsEqual(rhs) ? 0 : -1
///     }
///     try db.add(collation: reversed)
public final class DatabaseCollation: Sendable {
  public let name: String
  /// Negative when the first text sorts first, zero when they are equal, positive otherwise.
  let compare: @Sendable (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Int32

  public init(
    _ name: String, compare: @escaping @Sendable (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Int32
  ) {
    self.name = name
    self.compare = compare
  }
}

extension Database {
  /// Makes the collation nameable in SQL on this connection (replacing one of the same name).
  public func add(collation: DatabaseCollation) throws {
    let box = Unmanaged.passRetained(collation).toOpaque()
    let code = sqlite3_create_collation_v2(
      sqliteConnection, collation.name, SQLITE_UTF8, box,
      { box, lhsCount, lhs, rhsCount, rhs in
        let collation = Unmanaged<DatabaseCollation>.fromOpaque(box!).takeUnretainedValue()
        return collation.compare(
          UnsafeRawBufferPointer(start: lhs, count: Int(lhsCount)),
          UnsafeRawBufferPointer(start: rhs, count: Int(rhsCount)))
      },
      { Unmanaged<DatabaseCollation>.fromOpaque($0!).release() })
    guard code == SQLITE_OK else {
      // Unlike its other registrations, SQLite does not call the destructor when this one fails.
      Unmanaged<DatabaseCollation>.fromOpaque(box).release()
      throw DatabaseError.from(connection: sqliteConnection, code: code)
    }
  }
}
