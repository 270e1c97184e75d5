import CSQLite

// Overloads of `bind(_:)` and `execute(_:)` for one to six values. The parameter-pack versions
// take any number, but a pack is walked at run time through its values' witness tables (a copy,
// a call and a destroy per value); these specialize into straight `sqlite3_bind_*` calls where
// they are used, which is what a bulk insert spends its time on.
extension Statement {
  @inlinable
  public func bind<A: DatabaseValueConvertible>(_ a: A) throws {
    try prepareForBinding(count: 1)
    try a.bind(to: sqliteStatement, at: 1)
  }

  @inlinable
  public func execute<A: DatabaseValueConvertible>(_ a: A) throws {
    try bind(a)
    try run()
  }

  @inlinable
  public func bind<A: DatabaseValueConvertible, B: DatabaseValueConvertible>(_ a: A, _ b: B) throws {
    try prepareForBinding(count: 2)
    try a.bind(to: sqliteStatement, at: 1)
    try b.bind(to: sqliteStatement, at: 2)
  }

  @inlinable
  public func execute<A: DatabaseValueConvertible, B: DatabaseValueConvertible>(_ a: A, _ b: B) throws {
    try bind(a, b)
    try run()
  }

  @inlinable
  public func bind<A: DatabaseValueConvertible, B: DatabaseValueConvertible, C: DatabaseValueConvertible>(
    _ a: A, _ b: B, _ c: C
  ) throws {
    try prepareForBinding(count: 3)
    try a.bind(to: sqliteStatement, at: 1)
    try b.bind(to: sqliteStatement, at: 2)
    try c.bind(to: sqliteStatement, at: 3)
  }

  @inlinable
  public func execute<A: DatabaseValueConvertible, B: DatabaseValueConvertible, C: DatabaseValueConvertible>(
    _ a: A, _ b: B, _ c: C
  ) throws {
    try bind(a, b, c)
    try run()
  }

  @inlinable
  public func bind<
    A: DatabaseValueConvertible, B: DatabaseValueConvertible, C: DatabaseValueConvertible,
    D: DatabaseValueConvertible
  >(_ a: A, _ b: B, _ c: C, _ d: D) throws {
    try prepareForBinding(count: 4)
    try a.bind(to: sqliteStatement, at: 1)
    try b.bind(to: sqliteStatement, at: 2)
    try c.bind(to: sqliteStatement, at: 3)
    try d.bind(to: sqliteStatement, at: 4)
  }

  @inlinable
  public func execute<
    A: DatabaseValueConvertible, B: DatabaseValueConvertible, C: DatabaseValueConvertible,
    D: DatabaseValueConvertible
  >(_ a: A, _ b: B, _ c: C, _ d: D) throws {
    try bind(a, b, c, d)
    try run()
  }

  @inlinable
  public func bind<
    A: DatabaseValueConvertible, B: DatabaseValueConvertible, C: DatabaseValueConvertible,
    D: DatabaseValueConvertible, E: DatabaseValueConvertible
  >(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E) throws {
    try prepareForBinding(count: 5)
    try a.bind(to: sqliteStatement, at: 1)
    try b.bind(to: sqliteStatement, at: 2)
    try c.bind(to: sqliteStatement, at: 3)
    try d.bind(to: sqliteStatement, at: 4)
    try e.bind(to: sqliteStatement, at: 5)
  }

  @inlinable
  public func execute<
    A: DatabaseValueConvertible, B: DatabaseValueConvertible, C: DatabaseValueConvertible,
    D: DatabaseValueConvertible, E: DatabaseValueConvertible
  >(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E) throws {
    try bind(a, b, c, d, e)
    try run()
  }

  @inlinable
  public func bind<
    A: DatabaseValueConvertible, B: DatabaseValueConvertible, C: DatabaseValueConvertible,
    D: DatabaseValueConvertible, E: DatabaseValueConvertible, F: DatabaseValueConvertible
  >(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F) throws {
    try prepareForBinding(count: 6)
    try a.bind(to: sqliteStatement, at: 1)
    try b.bind(to: sqliteStatement, at: 2)
    try c.bind(to: sqliteStatement, at: 3)
    try d.bind(to: sqliteStatement, at: 4)
    try e.bind(to: sqliteStatement, at: 5)
    try f.bind(to: sqliteStatement, at: 6)
  }

  @inlinable
  public func execute<
    A: DatabaseValueConvertible, B: DatabaseValueConvertible, C: DatabaseValueConvertible,
    D: DatabaseValueConvertible, E: DatabaseValueConvertible, F: DatabaseValueConvertible
  >(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F) throws {
    try bind(a, b, c, d, e, f)
    try run()
  }
}
