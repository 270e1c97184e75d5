import Foundation
import SQLiteData
import Testing

fileprivate enum Ranking: Int {
  case low, medium, high
}

@Table
fileprivate struct Item: Equatable {
  let id: Int
  @Column(as: Ranking.RawRepresentation.self)
  var ranking: Ranking
  @Column(as: Ranking?.RawRepresentation.self)
  var backupRanking: Ranking?
}

/// Upstream's `RawRepresentationTests`: an `Int` enum that is not `QueryBindable`, stored as its raw
/// value through `@Column(as: Ranking.RawRepresentation.self)` and, optional,
/// `@Column(as: Ranking?.RawRepresentation.self)`.
@Suite("Upstream: raw representations")
struct RawRepresentationTests {
  let database: DatabaseQueue

  init() throws {
    database = try DatabaseQueue()
    try database.write { db in
      try #sql(
        """
        CREATE TABLE "items" (
          "id" INTEGER PRIMARY KEY,
          "ranking" INTEGER NOT NULL,
          "backupRanking" INTEGER
        )
        """
      )
      .execute(db)
    }
  }

  @Test func decoding() throws {
    try database.write { db in
      try #sql(
        """
        INSERT INTO "items" ("id", "ranking", "backupRanking")
        VALUES (1, 2, NULL), (2, 0, 2)
        """
      )
      .execute(db)
    }
    let items = try database.read { try Item.all.fetchAll($0) }
    #expect(items.map(\.ranking) == [.high, .low])
    #expect(items.map(\.backupRanking) == [nil, .high])
  }

  @Test func binding() throws {
    let statement = Item.insert {
      Item.Draft(id: 1, ranking: .medium, backupRanking: .high)
    }
    .returning(\.self)
    expectSQL(
      statement,
      """
      INSERT INTO "items"
      ("id", "ranking", "backupRanking")
      VALUES
      (1, 1, 2)
      RETURNING "id", "ranking", "backupRanking"
      """)
    #expect(
      try database.write { try statement.fetchAll($0) } == [
        Item(id: 1, ranking: .medium, backupRanking: .high)
      ])
  }
}
