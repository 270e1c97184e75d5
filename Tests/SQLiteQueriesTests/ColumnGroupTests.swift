import Foundation
import SQLiteEngine
import SQLiteQueries
import Testing

@Selection
struct Timestamps: Equatable {
  var createdAt: Date
  var updatedAt: Date?
}

@Table
struct Note: Equatable {
  let id: Int
  var title = ""
  var timestamps: Timestamps
}

@Selection
struct NoteRow: Equatable {
  var title: String
  var timestamps: Timestamps
}

@Suite("Column groups: @Selection structs stored flat in a table")
struct ColumnGroupTests {
  let t1 = Date(timeIntervalSinceReferenceDate: 86_400)

  @Test func columnsAreFlattenedInDeclarationOrder() {
    #expect(Note.columnWidth == 4)
    #expect(Note.TableColumns.allColumns.map(\.name) == ["id", "title", "createdAt", "updatedAt"])
    #expect(
      Note.all.query.debugDescription == """
        SELECT "notes"."id", "notes"."title", "notes"."createdAt", "notes"."updatedAt"
        FROM "notes"
        """)
  }

  @Test func aGroupColumnInWhereOrderAndSelect() {
    let query = Note.where { $0.timestamps.createdAt.lt(t1) }
      .order { $0.timestamps.updatedAt.desc() }
      .select { ($0.title, $0.timestamps) }
    #expect(
      query.query.debugDescription == """
        SELECT "notes"."title", "notes"."createdAt", "notes"."updatedAt"
        FROM "notes"
        WHERE (("notes"."createdAt") < ('2001-01-02 00:00:00.000'))
        ORDER BY "notes"."updatedAt" DESC
        """)
  }
}

/// A table whose groups have columns of their own names, to run against SQLite.
@Selection
struct Audit: Equatable {
  var createdBy: String
  var reviewedBy: String?
}

@Table
struct Document: Equatable {
  let id: Int
  var title = ""
  var timestamps: Timestamps
  var audit: Audit?
}

@Suite("Column groups against SQLite")
struct ColumnGroupExecutionTests {
  let database: DatabaseQueue
  let t0 = Date(timeIntervalSinceReferenceDate: 0)
  let t1 = Date(timeIntervalSinceReferenceDate: 86_400)

  init() throws {
    database = try DatabaseQueue()
    try database.write { (db) throws in
      try #sql(
        """
        CREATE TABLE "documents" (
          "id" INTEGER PRIMARY KEY,
          "title" TEXT NOT NULL DEFAULT '',
          "createdAt" TEXT NOT NULL,
          "updatedAt" TEXT,
          "createdBy" TEXT,
          "reviewedBy" TEXT
        )
        """
      )
      .execute(db)
    }
  }

  @Test func insertsRowsAndDraftsAndDecodesThemBack() throws {
    let insert = Document.insert {
      Document(id: 1, title: "Plan", timestamps: Timestamps(createdAt: t0, updatedAt: t1), audit: nil)
    }
    let draft = Document.insert {
      Document.Draft(
        title: "Report", timestamps: Timestamps(createdAt: t1),
        audit: Audit(createdBy: "ana", reviewedBy: nil))
    }
    #expect(
      insert.query.debugDescription == """
        INSERT INTO "documents"
        ("id", "title", "createdAt", "updatedAt", "createdBy", "reviewedBy")
        VALUES
        (1, 'Plan', '2001-01-01 00:00:00.000', '2001-01-02 00:00:00.000', NULL, NULL)
        """)
    #expect(
      draft.query.debugDescription == """
        INSERT INTO "documents"
        ("id", "title", "createdAt", "updatedAt", "createdBy", "reviewedBy")
        VALUES
        (NULL, 'Report', '2001-01-02 00:00:00.000', NULL, 'ana', NULL)
        """)
    try database.write { db in
      try insert.execute(db)
      try draft.execute(db)
    }
    let documents = try database.read { db in try Document.order(by: \.id).fetchAll(db) }
    #expect(
      documents == [
        Document(id: 1, title: "Plan", timestamps: Timestamps(createdAt: t0, updatedAt: t1), audit: nil),
        Document(
          id: 2, title: "Report", timestamps: Timestamps(createdAt: t1, updatedAt: nil),
          audit: Audit(createdBy: "ana", reviewedBy: nil)),
      ])
  }

  @Test func filtersOrdersAndSelectsByGroupColumns() throws {
    try database.write { db in
      try Document.insert {
        Document(id: 1, title: "Plan", timestamps: Timestamps(createdAt: t0, updatedAt: t1), audit: nil)
        Document(
          id: 2, title: "Report", timestamps: Timestamps(createdAt: t1, updatedAt: nil),
          audit: Audit(createdBy: "ana", reviewedBy: "bo"))
      }
      .execute(db)
    }
    try database.read { (db) throws in
      #expect(
        try Document.where { $0.timestamps.createdAt.gt(t0) }.select(\.title).fetchAll(db) == ["Report"])
      #expect(try Document.where { $0.audit.createdBy.eq("ana") }.select(\.id).fetchAll(db) == [2])
      #expect(
        try Document.order { $0.timestamps.createdAt.desc() }.select(\.id).fetchAll(db) == [2, 1])
      let rows = try Document.order(by: \.id)
        .select { NoteRow.Columns(title: $0.title, timestamps: $0.timestamps) }
        .fetchAll(db)
      #expect(
        rows == [
          NoteRow(title: "Plan", timestamps: Timestamps(createdAt: t0, updatedAt: t1)),
          NoteRow(title: "Report", timestamps: Timestamps(createdAt: t1, updatedAt: nil)),
        ])
      let pairs = try Document.order(by: \.id).select { ($0.id, $0.audit) }.fetchAll(db)
      #expect(pairs.map(\.1) == [nil, Audit(createdBy: "ana", reviewedBy: "bo")])
    }
  }

  @Test func updatesAGroupColumnByColumnAndComparesItAsARowValue() throws {
    try database.write { db in
      try Document.insert {
        Document(id: 1, title: "Plan", timestamps: Timestamps(createdAt: t0, updatedAt: nil), audit: nil)
        Document(id: 2, title: "Report", timestamps: Timestamps(createdAt: t0, updatedAt: nil), audit: nil)
      }
      .execute(db)
    }
    let update = Document.find(1).update {
      $0.timestamps = Timestamps(createdAt: t0, updatedAt: t1)
      $0.audit = Optional(Audit(createdBy: "ana", reviewedBy: nil))
    }
    #expect(
      update.query.debugDescription == """
        UPDATE "documents"
        SET "createdAt" = '2001-01-01 00:00:00.000', "updatedAt" = '2001-01-02 00:00:00.000', \
        "createdBy" = 'ana', "reviewedBy" = NULL
        WHERE (("documents"."id") IN ((1)))
        """)
    // Assigning a group again replaces its columns' earlier assignments.
    let noAudit: Audit? = nil
    let cleared = Document.find(2).update {
      $0.audit = Optional(Audit(createdBy: "bo", reviewedBy: "cy"))
      $0.audit = noAudit
    }
    #expect(
      cleared.query.debugDescription == """
        UPDATE "documents"
        SET "createdBy" = NULL, "reviewedBy" = NULL
        WHERE (("documents"."id") IN ((2)))
        """)
    try database.write { db in
      try update.execute(db)
      try cleared.execute(db)
    }
    let compared = Document.where { $0.timestamps.eq(Timestamps(createdAt: t0, updatedAt: t1)) }.select(\.id)
    #expect(
      compared.query.debugDescription == """
        SELECT "documents"."id"
        FROM "documents"
        WHERE (("documents"."createdAt", "documents"."updatedAt") = ('2001-01-01 00:00:00.000', '2001-01-02 00:00:00.000'))
        """)
    try database.read { (db) throws in
      #expect(try compared.fetchAll(db) == [1])
      #expect(try Document.find(1).fetchOne(db)?.audit == Audit(createdBy: "ana", reviewedBy: nil))
      #expect(try Document.find(2).fetchOne(db)?.audit == nil)
    }
  }
}
