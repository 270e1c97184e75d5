import Foundation
import SQLiteData
import Testing

@Selection
fileprivate struct HighScore: Equatable {
  let score: Int
  let player: String
}

@Table
fileprivate struct Player {
  var name = ""
  var highScore: HighScore = HighScore(score: 0, player: "")
}

/// Upstream's `ValuesTests`: `Values { … }`, a builder of rows rendered as `VALUES (…), (…)`,
/// with tuples, single values and `@Selection` rows, alone, in a compound select and in an
/// `INSERT … SELECT` (the second half of upstream's `insertSelect`, here `insertValuesSelect`);
/// and `Select(Values { … })`, a select from the rows whose closures read their columns
/// (`"column1"`, …) by key path, by position or by a selection's members.
///
/// Under `SQLITE_JSONB`: a JSONB column in the rows, which needs SQLite 3.45 (the system's is
/// older).
@Suite("Upstream: VALUES")
struct ValuesTests {

  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
  }

  @Test func basics() throws {
    let statement = Values {
      (1, "Hello", true)
    }
    expectSQL(
      statement,
      """
      VALUES (1, 'Hello', 1)
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == [1] && rows.map(\.1) == ["Hello"] && rows.map(\.2) == [true])
  }

  @Test func multipleRows() throws {
    let statement = Values {
      (1, "Hello", true)
      (2, "Goodbye", false)
    }
    expectSQL(
      statement,
      """
      VALUES (1, 'Hello', 1), (2, 'Goodbye', 0)
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(
      rows.map(\.0) == [1, 2] && rows.map(\.1) == ["Hello", "Goodbye"] && rows.map(\.2) == [true, false])
  }

  @Test func controlFlow() throws {
    let includeGoodbye = false
    let statement = Values {
      for n in 1...2 {
        (n, "Hello")
      }
      if includeGoodbye {
        (3, "Goodbye")
      }
    }
    expectSQL(
      statement,
      """
      VALUES (1, 'Hello'), (2, 'Hello')
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == [1, 2] && rows.map(\.1) == ["Hello", "Hello"])
  }

  @Test func singleColumn() throws {
    let statement = Values {
      "Hello"
      "Goodbye"
    }
    expectSQL(
      statement,
      """
      VALUES ('Hello'), ('Goodbye')
      """)
    #expect(try database.read { try statement.fetchAll($0) } == ["Hello", "Goodbye"])
  }

  @Test func union() throws {
    let statement = Values {
      (1, "Hello", true)
    }
    .union(
      Values {
        (2, "Goodbye", false)
      }
    )
    expectSQL(
      statement,
      """
      VALUES (1, 'Hello', 1)
        UNION
      VALUES (2, 'Goodbye', 0)
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(
      rows.map(\.0) == [1, 2] && rows.map(\.1) == ["Hello", "Goodbye"] && rows.map(\.2) == [true, false])
  }

  @Test func selectionRows() throws {
    let statement = Values {
      HighScore.Columns(score: 100, player: "Blob")
      HighScore.Columns(score: 50, player: "Blob Jr")
    }
    expectSQL(
      statement,
      """
      VALUES (100, 'Blob'), (50, 'Blob Jr')
      """)
    #expect(
      try database.read { try statement.fetchAll($0) } == [
        HighScore(score: 100, player: "Blob"), HighScore(score: 50, player: "Blob Jr"),
      ])
  }

  @Test func mixedRows() throws {
    let statement = Values {
      (1, HighScore.Columns(score: 100, player: "Blob"), true)
      (2, HighScore.Columns(score: 50, player: "Blob Jr"), false)
    }
    expectSQL(
      statement,
      """
      VALUES (1, 100, 'Blob', 1), (2, 50, 'Blob Jr', 0)
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == [1, 2] && rows.map(\.2) == [true, false])
    #expect(
      rows.map(\.1) == [HighScore(score: 100, player: "Blob"), HighScore(score: 50, player: "Blob Jr")])
  }

  @Test func insertValuesSelect() throws {
    let statement = Tag.insert {
      $0.title
    } select: {
      Values { "chores" }
    }
    expectSQL(
      statement,
      """
      INSERT INTO "tags"
      ("title")
      VALUES ('chores')
      """)
    try database.write { try statement.execute($0) }
    #expect(try database.read { try Tag.where { $0.title.eq("chores") }.fetchCount($0) } == 1)
  }

  @Test func insertGroupValues() throws {
    try database.write { db in
      try #sql(
        """
        CREATE TABLE "players" ("name" TEXT, "score" INTEGER, "player" TEXT)
        """
      )
      .execute(db)
    }
    let statement = Player.insert {
      ($0.name, $0.highScore)
    } values: {
      ("blob", HighScore(score: 100, player: "Blob"))
    }
    .returning(\.self)
    expectSQL(
      statement,
      """
      INSERT INTO "players"
      ("name", "score", "player")
      VALUES
      ('blob', 100, 'Blob')
      RETURNING "name", "score", "player"
      """)
    let players = try database.write { try statement.fetchAll($0) }
    #expect(players.map(\.name) == ["blob"])
    #expect(players.map(\.highScore) == [HighScore(score: 100, player: "Blob")])
  }

  @Test func select() throws {
    let statement = Select(
      Values {
        (1, "Hello", true)
        (2, "Goodbye", false)
      }
    )
    .where(\.2)
    expectSQL(
      statement,
      """
      SELECT "column1", "column2", "column3"
      FROM (
        VALUES (1, 'Hello', 1), (2, 'Goodbye', 0)
      )
      WHERE ("column3")
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == [1] && rows.map(\.1) == ["Hello"] && rows.map(\.2) == [true])
  }

  @Test func selectClosure() throws {
    let statement = Select(
      Values {
        (1, "Hello", true)
        (2, "Goodbye", false)
      }
    )
    .where { $2 }
    expectSQL(
      statement,
      """
      SELECT "column1", "column2", "column3"
      FROM (
        VALUES (1, 'Hello', 1), (2, 'Goodbye', 0)
      )
      WHERE ("column3")
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == [1] && rows.map(\.1) == ["Hello"] && rows.map(\.2) == [true])
  }

  @Test func selectOrder() throws {
    let statement = Select(
      Values {
        (1, "Hello", true)
        (2, "Goodbye", false)
      }
    )
    .order { first, second, _ in (first.desc(), second) }
    expectSQL(
      statement,
      """
      SELECT "column1", "column2", "column3"
      FROM (
        VALUES (1, 'Hello', 1), (2, 'Goodbye', 0)
      )
      ORDER BY "column1" DESC, "column2"
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(
      rows.map(\.0) == [2, 1] && rows.map(\.1) == ["Goodbye", "Hello"] && rows.map(\.2) == [false, true])
  }

  @Test func selectOrderKeyPath() throws {
    let statement = Select(
      Values {
        (2, "Goodbye", false)
        (1, "Hello", true)
      }
    )
    .order(by: \.0)
    expectSQL(
      statement,
      """
      SELECT "column1", "column2", "column3"
      FROM (
        VALUES (2, 'Goodbye', 0), (1, 'Hello', 1)
      )
      ORDER BY "column1"
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(
      rows.map(\.0) == [1, 2] && rows.map(\.1) == ["Hello", "Goodbye"] && rows.map(\.2) == [true, false])
  }

  @Test func selectExecute() throws {
    let rows = try database.read { db in
      try Select(
        Values {
          (1, "Hello", true)
          (2, "Goodbye", false)
        }
      )
      .where(\.2)
      .fetchAll(db)
    }
    #expect(rows.count == 1)
    #expect(rows[0] == (1, "Hello", true))
  }

  @Test func insertSelectEmpty() throws {
    let condition = false
    let statement = Tag.insert {
      $0.title
    } select: {
      Select(
        Values {
          if condition {
            "chores"
          }
        }
      )
    }
    #expect(statement.query.isEmpty)
    try database.write { try statement.execute($0) }
  }

  @Test func selectEmpty() throws {
    let condition = false
    let statement = Select(
      Values {
        if condition {
          (1, "Hello")
        }
      }
    )
    #expect(statement.query.isEmpty)
    #expect(try database.read { try statement.fetchAll($0) }.isEmpty)
  }

  @Test func selectSingleColumn() throws {
    let statement = Select(
      Values {
        1
        2
      }
    )
    expectSQL(
      statement,
      """
      SELECT "column1"
      FROM (
        VALUES (1), (2)
      )
      """)
    #expect(try database.read { try statement.fetchAll($0) } == [1, 2])
  }

  @Test func selectSelectionRows() throws {
    let statement = Select(
      Values {
        HighScore.Columns(score: 100, player: "Blob")
        HighScore.Columns(score: 50, player: "Blob Jr")
      }
    )
    .where { $0.player.eq("Blob") }
    expectSQL(
      statement,
      """
      SELECT "column1" AS "score", "column2" AS "player"
      FROM (
        VALUES (100, 'Blob'), (50, 'Blob Jr')
      ) AS "highScores"
      WHERE (("player") = ('Blob'))
      """)
    #expect(try database.read { try statement.fetchAll($0) } == [HighScore(score: 100, player: "Blob")])
  }

  @Test func selectMixedRows() throws {
    let statement = Select(
      Values {
        (1, HighScore.Columns(score: 100, player: "Blob"), true)
        (2, HighScore.Columns(score: 50, player: "Blob Jr"), false)
      }
    )
    .where(\.2)
    .order(by: \.1.score)
    expectSQL(
      statement,
      """
      SELECT "column1", "column2" AS "score", "column3" AS "player", "column4"
      FROM (
        VALUES (1, 100, 'Blob', 1), (2, 50, 'Blob Jr', 0)
      )
      WHERE ("column4")
      ORDER BY "score"
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == [1] && rows.map(\.1) == [HighScore(score: 100, player: "Blob")])
  }

  @Test func selectMixedRowsPositional() throws {
    let statement = Select(
      Values {
        (1, HighScore.Columns(score: 100, player: "Blob"), true)
        (2, HighScore.Columns(score: 50, player: "Blob Jr"), false)
      }
    )
    .where { _, _, flag in flag }
    .order { _, highScore, _ in highScore.player }
    expectSQL(
      statement,
      """
      SELECT "column1", "column2" AS "score", "column3" AS "player", "column4"
      FROM (
        VALUES (1, 100, 'Blob', 1), (2, 50, 'Blob Jr', 0)
      )
      WHERE ("column4")
      ORDER BY "player"
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == [1] && rows.map(\.1) == [HighScore(score: 100, player: "Blob")])
  }

  @Test func selectMixedRowsMultiKeyOrder() throws {
    let statement = Select(
      Values {
        (1, HighScore.Columns(score: 100, player: "Blob"), true)
        (2, HighScore.Columns(score: 50, player: "Blob Jr"), false)
      }
    )
    .order { _, highScore, _ in highScore }
    expectSQL(
      statement,
      """
      SELECT "column1", "column2" AS "score", "column3" AS "player", "column4"
      FROM (
        VALUES (1, 100, 'Blob', 1), (2, 50, 'Blob Jr', 0)
      )
      ORDER BY "score", "player"
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == [2, 1] && rows.map(\.2) == [false, true])
  }

  @Test func selectControlFlowSelectionRows() throws {
    let statement = Select(
      Values {
        for score in [100, 50] {
          HighScore.Columns(score: score, player: "Blob \(score)")
        }
      }
    )
    expectSQL(
      statement,
      """
      SELECT "column1" AS "score", "column2" AS "player"
      FROM (
        VALUES (100, 'Blob 100'), (50, 'Blob 50')
      ) AS "highScores"
      """)
    #expect(
      try database.read { try statement.fetchAll($0) } == [
        HighScore(score: 100, player: "Blob 100"), HighScore(score: 50, player: "Blob 50"),
      ])
  }

  @Test func selectionCommonTableExpression() throws {
    let statement = With {
      Select(
        Values {
          HighScore.Columns(score: 100, player: "Blob")
          HighScore.Columns(score: 50, player: "Blob Jr")
        }
      )
    } query: {
      HighScore.all
    }
    expectSQL(
      statement,
      """
      WITH "highScores" AS (
        SELECT "column1" AS "score", "column2" AS "player"
        FROM (
          VALUES (100, 'Blob'), (50, 'Blob Jr')
        ) AS "highScores"
      )
      SELECT "highScores"."score", "highScores"."player"
      FROM "highScores"
      """)
    #expect(
      try database.read { try statement.fetchAll($0) } == [
        HighScore(score: 100, player: "Blob"), HighScore(score: 50, player: "Blob Jr"),
      ])
  }

  @Test func insertSelect() {
    expectSQL(
      Tag.insert {
        $0.title
      } select: {
        Select(Values { "vacation" })
      },
      """
      INSERT INTO "tags"
      ("title")
      SELECT "column1"
      FROM (
        VALUES ('vacation')
      )
      """)
  }

  @Test func selectOrderPositional() throws {
    let statement = Select(
      Values {
        (2, "Goodbye", false)
        (1, "Hello", true)
      }
    )
    .order { first, _, _ in first }
    expectSQL(
      statement,
      """
      SELECT "column1", "column2", "column3"
      FROM (
        VALUES (2, 'Goodbye', 0), (1, 'Hello', 1)
      )
      ORDER BY "column1"
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(
      rows.map(\.0) == [1, 2] && rows.map(\.1) == ["Hello", "Goodbye"] && rows.map(\.2) == [true, false])
  }

  #if SQLITE_JSONB
    @Selection
    struct TaggedScore: Equatable {
      let score: Int
      @Column(as: [String].JSONBRepresentation.self)
      let tags: [String]
    }

    @Test func selectRepresentableColumns() throws {
      let values = Values {
        TaggedScore.Columns(score: 100, tags: #bind(["blob", "jr"]))
      }
      let statement = Select(values)
      expectSQL(
        statement,
        """
        SELECT "column1" AS "score", json("column2") AS "tags"
        FROM (
          VALUES (100, jsonb('[
          "blob",
          "jr"
        ]'))
        ) AS "taggedScores"
        """)
      #expect(
        try database.read { try statement.fetchAll($0) } == [TaggedScore(score: 100, tags: ["blob", "jr"])])
    }
  #endif
}
