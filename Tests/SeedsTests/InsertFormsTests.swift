import Foundation
import SQLiteData
import SQLiteDataTestSupport
import Testing

/// The insert forms the seeds' library writes with trailing closures: chosen columns with a
/// builder of values, and conflicts handled after the rows, on tables with or without a primary
/// key.
@Suite("Seeds: insert forms", .dependency(\.defaultDatabase, try appDatabase()))
struct InsertFormsTests {
  @Dependency(\.defaultDatabase) var database

  @Table struct Label {
    let id: Int
    var name = ""
    var color = 0
  }

  @Table("pairs") struct Pair {
    var a = 0
    var b = ""
  }

  private func makeTables() throws {
    try database.write { db in
      try #sql(
        """
        CREATE TABLE "labels" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL UNIQUE, "color" INTEGER NOT NULL DEFAULT 0)
        """
      ).execute(db)
      try #sql(#"CREATE TABLE "pairs" ("a" INTEGER NOT NULL, "b" TEXT NOT NULL, UNIQUE ("a", "b"))"#).execute(
        db)
    }
  }

  private func sql(_ statement: Insert<some Table, ()>) -> String { statement.query.debugDescription }

  @Test func chosenColumnsWithABuilderOfValues() throws {
    try makeTables()
    let names = Label.insert {
      $0.name
    } values: {
      "poetry"
      "drama"
    }
    #expect(sql(names) == "INSERT INTO \"labels\"\n(\"name\")\nVALUES\n('poetry'), ('drama')")
    let both = Label.insert {
      ($0.name, $0.color)
    } values: {
      ("prose", 1)
      ("verse", 2)
    }
    #expect(sql(both) == "INSERT INTO \"labels\"\n(\"name\", \"color\")\nVALUES\n('prose', 1), ('verse', 2)")
    try database.write { db in
      try names.execute(db)
      try both.execute(db)
    }
    #expect(
      try database.read { try Label.order(by: \.id).select(\.name).fetchAll($0) } == [
        "poetry", "drama", "prose", "verse",
      ])
  }

  @Test func conflictsAfterTheRows() throws {
    try makeTables()
    let upsert = Label.insert {
      Label(id: 1, name: "a")
    } onConflict: {
      $0.id
    } doUpdate: {
      $0.name = $1.name + "!"
    }
    #expect(
      sql(upsert).hasSuffix("ON CONFLICT (\"id\")\nDO UPDATE SET \"name\" = (\"excluded\".\"name\") || ('!')")
    )
    let skip = Pair.insert {
      Pair(a: 1, b: "x")
    } onConflict: {
      ($0.a, $0.b)
    }
    #expect(sql(skip).hasSuffix("ON CONFLICT (\"a\", \"b\")\nDO NOTHING"))
    let copy = Label.insert {
      Label(id: 1, name: "a")
    } onConflictDoUpdate: {
      $0.name += " Copy"
    }
    #expect(sql(copy).hasSuffix("ON CONFLICT DO UPDATE SET \"name\" = (\"labels\".\"name\") || (' Copy')"))
    let guarded = Label.insert {
      Label(id: 1, name: "b", color: 5)
    } onConflictDoUpdate: { row, excluded in
      row.color = excluded.color
    } where: { columns, excluded in
      excluded.color.gt(columns.color)
    }
    #expect(
      sql(guarded).hasSuffix(
        "ON CONFLICT DO UPDATE SET \"color\" = \"excluded\".\"color\"\nWHERE (\"excluded\".\"color\") > (\"labels\".\"color\")"
      ))
    let targeted = Label.insert {
      Label(id: 1, name: "c", color: 9)
    } onConflict: {
      $0.id
    } where: {
      $0.color.gt(0)
    } doUpdate: {
      $0.name = $1.name
    } where: {
      $0.color.lt(9)
    }
    #expect(
      sql(targeted).hasSuffix(
        "ON CONFLICT (\"id\")\nWHERE (\"labels\".\"color\") > (0)\nDO UPDATE SET \"name\" = \"excluded\".\"name\"\nWHERE (\"labels\".\"color\") < (9)"
      ))

    try database.write { db in
      try Label.insert { Label(id: 1, name: "a") }.execute(db)
      try upsert.execute(db)
      try skip.execute(db)
      try skip.execute(db)
      try guarded.execute(db)
      try targeted.execute(db)
    }
    let label = try database.read { try Label.find(1).fetchOne($0) }
    #expect(label?.name == "c")
    #expect(label?.color == 5)
    #expect(try database.read { try Pair.fetchCount($0) } == 1)
  }
}
