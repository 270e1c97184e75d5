import Foundation
import SQLiteData
import Testing

/// Upstream's `TableTests`: default scopes declared with `static let all`, which every statement
/// on the table starts from, and `unscoped`, which ignores them.
@Suite("Upstream: default scopes")
struct TableTests {
  @Table("rows")
  struct ScopedRow: Equatable {
    static let all = unscoped.where { !$0.isDeleted }.order { $0.id.desc() }
    let id: Int
    var isDeleted = false
  }

  @Table("rows")
  struct FilteredRow: Equatable {
    static let all = Self.where { !$0.isDeleted }
    let id: Int
    var isDeleted = false
  }

  @Table("rows")
  struct TextScopedRow: Equatable {
    static let all = unscoped.where { #sql(#"CAST(\#($0.id) AS TEXT) = '"rows"'"#) }
    let id: Int
    var isDeleted = false
  }

  enum R: AliasName {}

  let database: DatabaseQueue

  init() throws {
    database = try DatabaseQueue()
    try database.write { db throws in
      try #sql(
        """
        CREATE TABLE "rows" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT,
          "isDeleted" BOOLEAN NOT NULL DEFAULT 0
        )
        """
      ).execute(db)
      try ScopedRow.insert {
        ScopedRow.Draft(isDeleted: false)
        ScopedRow.Draft(isDeleted: true)
      }.execute(db)
    }
  }

  // MARK: A filter and an order

  @Test func scopedSelects() throws {
    expectSQL(
      ScopedRow.where { $0.id > 0 },
      """
      SELECT "rows"."id", "rows"."isDeleted"
      FROM "rows"
      WHERE (NOT ("rows"."isDeleted")) AND (("rows"."id") > (0))
      ORDER BY "rows"."id" DESC
      """)
    #expect(try database.read { try ScopedRow.where { $0.id > 0 }.fetchAll($0) } == [ScopedRow(id: 1)])
    expectSQL(
      ScopedRow.Draft.where { $0.id > Optional(0) },
      """
      SELECT "rows"."id", "rows"."isDeleted"
      FROM "rows"
      WHERE (NOT ("rows"."isDeleted")) AND (("rows"."id") > (0))
      ORDER BY "rows"."id" DESC
      """)
    #expect(try database.read { try ScopedRow.Draft.where { $0.id > Optional(0) }.fetchAll($0) }.count == 1)
    expectSQL(
      ScopedRow.select(\.id),
      """
      SELECT "rows"."id"
      FROM "rows"
      WHERE (NOT ("rows"."isDeleted"))
      ORDER BY "rows"."id" DESC
      """)
    #expect(try database.read { try ScopedRow.select(\.id).fetchAll($0) } == [1])
    expectSQL(
      ScopedRow.unscoped,
      """
      SELECT "rows"."id", "rows"."isDeleted"
      FROM "rows"
      """)
    #expect(try database.read { try ScopedRow.unscoped.fetchAll($0) }.count == 2)
  }

  @Test func scopedDeletes() throws {
    let expected = """
      DELETE FROM "rows"
      WHERE (NOT ("rows"."isDeleted")) AND (("rows"."id") > (0))
      RETURNING "id", "isDeleted"
      """
    expectSQL(ScopedRow.where { $0.id > 0 }.delete().returning(\.self), expected)
    expectSQL(ScopedRow.delete().where { $0.id > 0 }.returning(\.self), expected)
    expectSQL(
      ScopedRow.unscoped.where { $0.id > 0 }.delete().returning(\.self),
      """
      DELETE FROM "rows"
      WHERE (("rows"."id") > (0))
      RETURNING "id", "isDeleted"
      """)
    try database.write { db throws in
      #expect(try ScopedRow.where { $0.id > 0 }.delete().returning(\.self).fetchAll(db) == [ScopedRow(id: 1)])
      #expect(try ScopedRow.delete().where { $0.id > 0 }.returning(\.self).fetchAll(db).isEmpty)
      #expect(
        try ScopedRow.unscoped.where { $0.id > 0 }.delete().returning(\.self).fetchAll(db) == [
          ScopedRow(id: 2, isDeleted: true)
        ])
    }
  }

  @Test func scopedUpdates() throws {
    let expected = """
      UPDATE "rows"
      SET "isDeleted" = NOT ("rows"."isDeleted")
      WHERE (NOT ("rows"."isDeleted")) AND (("rows"."id") > (0))
      RETURNING "id", "isDeleted"
      """
    expectSQL(ScopedRow.update { $0.isDeleted.toggle() }.where { $0.id > 0 }.returning(\.self), expected)
    expectSQL(ScopedRow.where { $0.id > 0 }.update { $0.isDeleted.toggle() }.returning(\.self), expected)
    expectSQL(
      ScopedRow.unscoped.where { $0.id > 0 }.update { $0.isDeleted.toggle() }.returning(\.self),
      """
      UPDATE "rows"
      SET "isDeleted" = NOT ("rows"."isDeleted")
      WHERE (("rows"."id") > (0))
      RETURNING "id", "isDeleted"
      """)
    try database.write { db throws in
      #expect(
        try ScopedRow.update { $0.isDeleted.toggle() }.where { $0.id > 0 }.returning(\.self).fetchAll(db) == [
          ScopedRow(id: 1, isDeleted: true)
        ])
      #expect(
        try ScopedRow.where { $0.id > 0 }.update { $0.isDeleted.toggle() }.returning(\.self).fetchAll(db)
          .isEmpty)
      #expect(
        try ScopedRow.unscoped.where { $0.id > 0 }.update { $0.isDeleted.toggle() }.returning(\.self)
          .fetchAll(db) == [ScopedRow(id: 1), ScopedRow(id: 2)])
    }
  }

  @Test func rescopedAndDoubleScoped() throws {
    let expected = """
      SELECT "rows"."id", "rows"."isDeleted"
      FROM "rows"
      WHERE (NOT ("rows"."isDeleted"))
      ORDER BY "rows"."id" DESC
      """
    expectSQL(ScopedRow.unscoped.all, expected)
    expectSQL(ScopedRow.all.all, expected)
    #expect(try database.read { try ScopedRow.all.all.fetchAll($0) } == [ScopedRow(id: 1)])
  }

  @Test func scopedAliases() throws {
    expectSQL(
      ScopedRow.as(R.self).select(\.id),
      """
      SELECT "rs"."id"
      FROM "rows" AS "rs"
      WHERE (NOT ("rs"."isDeleted"))
      ORDER BY "rs"."id" DESC
      """)
    #expect(try database.read { try ScopedRow.as(R.self).select(\.id).fetchAll($0) } == [1])
    expectSQL(
      ScopedRow.as(R.self).unscoped.select(\.id),
      """
      SELECT "rs"."id"
      FROM "rows" AS "rs"
      """)
    #expect(try database.read { try ScopedRow.as(R.self).unscoped.select(\.id).fetchAll($0) } == [1, 2])
  }

  // MARK: A filter declared with Self.where

  @Test func filteredSelects() throws {
    expectSQL(
      FilteredRow.where { $0.id > 0 },
      """
      SELECT "rows"."id", "rows"."isDeleted"
      FROM "rows"
      WHERE (NOT ("rows"."isDeleted")) AND (("rows"."id") > (0))
      """)
    #expect(try database.read { try FilteredRow.where { $0.id > 0 }.fetchAll($0) } == [FilteredRow(id: 1)])
    expectSQL(
      FilteredRow.Draft.where { $0.id > Optional(0) },
      """
      SELECT "rows"."id", "rows"."isDeleted"
      FROM "rows"
      WHERE (NOT ("rows"."isDeleted")) AND (("rows"."id") > (0))
      """)
    expectSQL(
      FilteredRow.unscoped,
      """
      SELECT "rows"."id", "rows"."isDeleted"
      FROM "rows"
      """)
    expectSQL(
      FilteredRow.select(\.id),
      """
      SELECT "rows"."id"
      FROM "rows"
      WHERE (NOT ("rows"."isDeleted"))
      """)
    #expect(try database.read { try FilteredRow.select(\.id).fetchAll($0) } == [1])
  }

  @Test func filteredDeletesAndUpdates() throws {
    let delete = """
      DELETE FROM "rows"
      WHERE (NOT ("rows"."isDeleted")) AND (("rows"."id") > (0))
      RETURNING "id", "isDeleted"
      """
    expectSQL(FilteredRow.delete().where { $0.id > 0 }.returning(\.self), delete)
    expectSQL(FilteredRow.where { $0.id > 0 }.delete().returning(\.self), delete)
    let update = """
      UPDATE "rows"
      SET "isDeleted" = NOT ("rows"."isDeleted")
      WHERE (NOT ("rows"."isDeleted")) AND (("rows"."id") > (0))
      RETURNING "id", "isDeleted"
      """
    expectSQL(FilteredRow.update { $0.isDeleted.toggle() }.where { $0.id > 0 }.returning(\.self), update)
    expectSQL(FilteredRow.where { $0.id > 0 }.update { $0.isDeleted.toggle() }.returning(\.self), update)
    try database.write { db throws in
      #expect(
        try FilteredRow.where { $0.id > 0 }.update { $0.isDeleted.toggle() }.returning(\.self).fetchAll(db)
          == [
            FilteredRow(id: 1, isDeleted: true)
          ])
      #expect(try FilteredRow.delete().where { $0.id > 0 }.returning(\.self).fetchAll(db).isEmpty)
    }

    let unscopedUpdate = FilteredRow.unscoped.where { $0.id > 0 }.update { $0.isDeleted.toggle() }.returning(
      \.self)
    expectSQL(
      unscopedUpdate,
      """
      UPDATE "rows"
      SET "isDeleted" = NOT ("rows"."isDeleted")
      WHERE (("rows"."id") > (0))
      RETURNING "id", "isDeleted"
      """)
    let unscopedDelete = FilteredRow.unscoped.where { $0.id > 0 }.delete().returning(\.self)
    expectSQL(
      unscopedDelete,
      """
      DELETE FROM "rows"
      WHERE (("rows"."id") > (0))
      RETURNING "id", "isDeleted"
      """)
    try database.write { db throws in
      #expect(
        try unscopedUpdate.fetchAll(db) == [
          FilteredRow(id: 1, isDeleted: false), FilteredRow(id: 2, isDeleted: false),
        ])
      #expect(
        try unscopedDelete.fetchAll(db) == [
          FilteredRow(id: 1, isDeleted: false), FilteredRow(id: 2, isDeleted: false),
        ])
    }
  }

  @Test func filteredRescopedAndDoubleScoped() throws {
    let expected = """
      SELECT "rows"."id", "rows"."isDeleted"
      FROM "rows"
      WHERE (NOT ("rows"."isDeleted"))
      """
    expectSQL(FilteredRow.unscoped.all, expected)
    expectSQL(FilteredRow.all.all, expected)
    expectSQL(FilteredRow.all, expected)
  }

  // MARK: A scope whose text names the table

  @Test func aliasRewritesTheScope() throws {
    let statement = TextScopedRow.as(R.self).select(\.id)
    expectSQL(
      statement,
      """
      SELECT "rs"."id"
      FROM "rows" AS "rs"
      WHERE (CAST("rs"."id" AS TEXT) = '"rs"')
      """)
    #expect(try database.read { try statement.fetchAll($0) }.isEmpty)
  }
}
