import Foundation
import SQLiteData
import Testing

/// Upstream's `DatabaseCollationTests`: collating sequences written in Swift with
/// `@DatabaseCollation`, added to a connection (`add(collation:)`, where upstream calls
/// `install(_:)` on SQLite's handle), and named in queries with `collate(_:)`. Under
/// `UPSTREAM_GAPS`: a collation that is an instance method (`deallocatedOwner`); SQLite calls a
/// collation without an instance, so here it is a global or static function.
@Suite("Upstream: database collations")
struct DatabaseCollationTests {
  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
  }

  @Test func order() throws {
    try database.write { try $0.add(collation: $reversed) }
    let statement = RemindersList.select(\.title).order { $0.title.collate($reversed) }
    expectSQL(
      statement,
      """
      SELECT "remindersLists"."title"
      FROM "remindersLists"
      ORDER BY "remindersLists"."title" COLLATE "reversed"
      """)
    #expect(try database.read { try statement.fetchAll($0) } == ["Personal", "Family", "Business"])
  }

  @Test func equality() throws {
    try database.write { try $0.add(collation: $caseInsensitive) }
    let statement =
      RemindersList
      .where { $0.title.collate(.caseInsensitive).eq("PERSONAL") }
      .select(\.title)
    expectSQL(
      statement,
      """
      SELECT "remindersLists"."title"
      FROM "remindersLists"
      WHERE (("remindersLists"."title" COLLATE "caseInsensitive") = ('PERSONAL'))
      """)
    #expect(try database.read { try statement.fetchAll($0) } == ["Personal"])
  }

  #if UPSTREAM_GAPS
    final class Engine {
      @DatabaseCollation("engine_reversed")
      func reversed(_ lhs: String, _ rhs: String) -> CollationOrder {
        CollationOrder(rhs, lhs)
      }
    }

    @Test func deallocatedOwner() throws {
      var engines = [Engine()]
      let reversed = engines[0].$reversed
      try database.write { try $0.add(collation: reversed) }
      engines.removeAll()
      let statement = RemindersList.select(\.title).order { $0.title.collate(reversed) }
      withKnownIssue {
        expectSQL(
          statement,
          """
          SELECT "remindersLists"."title"
          FROM "remindersLists"
          ORDER BY "remindersLists"."title" COLLATE "engine_reversed"
          """)
        #expect(try database.read { try statement.fetchAll($0) } == ["Business", "Family", "Personal"])
      } matching: {
        $0.description.hasSuffix("Failed to invoke 'reversed'; 'Engine' was deallocated")
      }
    }
  #endif

  @Test func comparisonInteger() throws {
    try database.write { try $0.add(collation: $byLength) }
    let statement = RemindersList.select(\.title).order { $0.title.collate($byLength) }
    expectSQL(
      statement,
      """
      SELECT "remindersLists"."title"
      FROM "remindersLists"
      ORDER BY "remindersLists"."title" COLLATE "byLength"
      """)
    #expect(try database.read { try statement.fetchAll($0) } == ["Family", "Business", "Personal"])
  }

  @Test func rawBuffers() throws {
    try database.write { try $0.add(collation: $byByteCount) }
    let statement = RemindersList.select(\.title).order { $0.title.collate($byByteCount) }
    expectSQL(
      statement,
      """
      SELECT "remindersLists"."title"
      FROM "remindersLists"
      ORDER BY "remindersLists"."title" COLLATE "byByteCount"
      """)
    #expect(try database.read { try statement.fetchAll($0) } == ["Family", "Business", "Personal"])
  }

  #if compiler(>=6.2)
    @Test
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, *)
    func byteSpan() throws {
      try database.write { try $0.add(collation: $bytesDescending) }
      let statement = RemindersList.select(\.title).order { $0.title.collate($bytesDescending) }
      expectSQL(
        statement,
        """
        SELECT "remindersLists"."title"
        FROM "remindersLists"
        ORDER BY "remindersLists"."title" COLLATE "bytesDescending"
        """)
      #expect(try database.read { try statement.fetchAll($0) } == ["Personal", "Family", "Business"])
    }

    @Test
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, *)
    func utf8Span() throws {
      try database.write { try $0.add(collation: $canonicallyDescending) }
      let statement = RemindersList.select(\.title).order { $0.title.collate($canonicallyDescending) }
      expectSQL(
        statement,
        """
        SELECT "remindersLists"."title"
        FROM "remindersLists"
        ORDER BY "remindersLists"."title" COLLATE "canonicallyDescending"
        """)
      #expect(try database.read { try statement.fetchAll($0) } == ["Personal", "Family", "Business"])
    }
  #endif

  @Test func optionalText() throws {
    try database.write { try $0.add(collation: $reversed) }
    let statement =
      RemindersList
      .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
      .order { $1.title.collate($reversed) }
      .select { $1.title }
      .limit(3)
    expectSQL(
      statement,
      """
      SELECT "reminders"."title"
      FROM "remindersLists"
      LEFT JOIN "reminders" ON ("remindersLists"."id") = ("reminders"."remindersListID")
      ORDER BY "reminders"."title" COLLATE "reversed"
      LIMIT 3
      """)
    #expect(
      try database.read { try statement.fetchAll($0) } == [
        "Take out trash", "Take a walk", "Send weekly emails",
      ])
  }
}

@DatabaseCollation
fileprivate func reversed(_ lhs: String, _ rhs: String) -> CollationOrder {
  CollationOrder(rhs, lhs)
}

@DatabaseCollation
fileprivate func byLength(_ lhs: String, _ rhs: String) -> CollationOrder {
  let byLength = CollationOrder(lhs.count, rhs.count)
  return byLength == .same ? CollationOrder(lhs, rhs) : byLength
}

@DatabaseCollation
fileprivate func byByteCount(
  _ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer
) -> CollationOrder {
  let byCount = CollationOrder(lhs.count, rhs.count)
  guard byCount == .same else { return byCount }
  return lhs.elementsEqual(rhs)
    ? .same
    : lhs.lexicographicallyPrecedes(rhs) ? .ascending : .descending
}

#if compiler(>=6.2)
  @DatabaseCollation
  @available(macOS 26, iOS 26, tvOS 26, watchOS 26, *)
  fileprivate func canonicallyDescending(_ lhs: UTF8Span, _ rhs: UTF8Span) -> CollationOrder {
    if rhs.isCanonicallyLessThan(lhs) { return .ascending }
    if lhs.isCanonicallyLessThan(rhs) { return .descending }
    return .same
  }

  @DatabaseCollation
  @available(macOS 26, iOS 26, tvOS 26, watchOS 26, *)
  fileprivate func bytesDescending(_ lhs: Span<UInt8>, _ rhs: Span<UInt8>) -> CollationOrder {
    let count = min(lhs.count, rhs.count)
    var index = 0
    while index < count {
      if lhs[index] != rhs[index] { return CollationOrder(rhs[index], lhs[index]) }
      index += 1
    }
    return CollationOrder(rhs.count, lhs.count)
  }
#endif

@DatabaseCollation
fileprivate func caseInsensitive(_ lhs: String, _ rhs: String) -> CollationOrder {
  CollationOrder(lhs.localizedCaseInsensitiveCompare(rhs))
}

extension Collation where Self == NamedCollation {
  fileprivate static var caseInsensitive: Self { NamedCollation($caseInsensitive) }
}
