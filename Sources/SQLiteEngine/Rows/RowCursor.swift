/// Rows one at a time, without loading them all.
///
/// The row returned by ``next()`` is valid until the next call. A cursor from
/// `Row.fetchCursor` has its own statement; one from a cached statement is disturbed by any other
/// use of that statement.
public final class RowCursor {
  public let statement: Statement
  private var isDone = false

  init(statement: Statement) { self.statement = statement }

  public func next() throws -> Row? {
    guard !isDone else { return nil }
    if try statement.step() { return Row(statement: statement) }
    isDone = true
    statement.reset()
    return nil
  }

  /// Calls `body` with each remaining row.
  public func forEach(_ body: (Row) throws -> Void) throws {
    while let row = try next() { try body(row) }
  }

  /// Every remaining row, turned into a value.
  public func map<T>(_ transform: (Row) throws -> T) throws -> [T] {
    var results: [T] = []
    while let row = try next() { results.append(try transform(row)) }
    return results
  }

  deinit {
    if !isDone { statement.reset() }
  }
}
