import CasePaths
import Foundation
import SQLiteEngine
import SQLiteQueries
import Testing

/// Single-table inheritance: an attachment is a link, a note or an image, each case stored in
/// nullable columns of its own.
@Table
struct Attachment: Equatable {
  let id: Int
  var kind: Kind

  @CasePathable @Selection
  enum Kind: Equatable {
    case link(URL)
    case note(String)
    case image(Attachment.Image)
  }

  @Selection
  struct Image: Equatable {
    var caption = ""
    var url: URL
  }
}

/// Without `@CasePathable`, `@Selection` writes the case properties itself.
@Selection
enum Payment: Equatable {
  case card(String)
  case cash(Int)
}

/// A table that is an enum: each row one of the cases.
@Table("timeline")
enum TimelineEntry: Equatable {
  case started(Date)
  case note(String)
}

/// Cases named and stored as `@Column` says.
@Table("media")
enum Media: Equatable {
  @Column("video_preview")
  case videoPreview(URL)
  @Column("tags_json", as: [String].JSONRepresentation.self)
  case tags([String])
}

@Suite("@Selection enums: one table, a column or column group per case")
struct EnumTableTests {
  let database: DatabaseQueue
  let example = URL(string: "https://example.com")!
  let photo = URL(string: "https://example.com/photo.jpg")!

  init() throws {
    database = try DatabaseQueue()
    try database.write { (db) throws in
      try #sql(
        """
        CREATE TABLE "attachments" (
          "id" INTEGER PRIMARY KEY,
          "link" TEXT,
          "note" TEXT,
          "caption" TEXT,
          "url" TEXT
        ) STRICT
        """
      )
      .execute(db)
    }
  }

  @Test func theCasesAreFlattenedIntoColumns() {
    #expect(Attachment.Kind.columnWidth == 4)
    #expect(Attachment.TableColumns.allColumns.map(\.name) == ["id", "link", "note", "caption", "url"])
    #expect(Attachment.Kind.note("Hi").note == "Hi")
    #expect(Attachment.Kind.note("Hi").link == nil)
    #expect(Payment.cash(5).cash == 5)
    #expect(Payment.TableColumns.allColumns.map(\.name) == ["card", "cash"])
  }

  @Test func insertsFetchesFiltersAndUpdatesByCase() throws {
    let insert = Attachment.insert {
      Attachment.Draft(kind: .note("Hello world!"))
      Attachment.Draft(kind: .link(example))
      Attachment.Draft(kind: .image(Attachment.Image(caption: "Beach", url: photo)))
    }
    #expect(
      insert.query.debugDescription == """
        INSERT INTO "attachments"
        ("id", "link", "note", "caption", "url")
        VALUES
        (NULL, NULL, 'Hello world!', NULL, NULL), (NULL, 'https://example.com', NULL, NULL, NULL), \
        (NULL, NULL, NULL, 'Beach', 'https://example.com/photo.jpg')
        """)
    try database.write { db in try insert.execute(db) }
    try database.read { (db) throws in
      #expect(
        try Attachment.order(by: \.id).fetchAll(db) == [
          Attachment(id: 1, kind: .note("Hello world!")),
          Attachment(id: 2, kind: .link(example)),
          Attachment(id: 3, kind: .image(Attachment.Image(caption: "Beach", url: photo))),
        ])
      let links = Attachment.where { $0.kind.link.isNot(nil) }
      #expect(
        links.query.debugDescription == """
          SELECT "attachments"."id", "attachments"."link", "attachments"."note", "attachments"."caption", "attachments"."url"
          FROM "attachments"
          WHERE (("attachments"."link") IS NOT (NULL))
          """)
      #expect(try links.fetchAll(db).map(\.id) == [2])
      #expect(try Attachment.where { $0.kind.image.caption.eq("Beach") }.select(\.id).fetchAll(db) == [3])
      let images = Attachment.where { $0.kind.image.isNot(nil) }.select(\.id)
      #expect(
        images.query.debugDescription == """
          SELECT "attachments"."id"
          FROM "attachments"
          WHERE (("attachments"."caption", "attachments"."url") IS NOT (NULL, NULL))
          """)
      #expect(try images.fetchAll(db) == [3])
      #expect(try Attachment.where { $0.kind.image.is(nil) }.select(\.id).fetchAll(db) == [1, 2])
    }
    // Changing the case sets its columns and clears the others', one column at a time (the
    // image's group of columns among them), as upstream writes it.
    let update = Attachment.find(1).update { $0.kind = Attachment.Kind.link(example) }
    #expect(
      update.query.debugDescription == """
        UPDATE "attachments"
        SET "link" = 'https://example.com', "note" = NULL, "caption" = NULL, "url" = NULL
        WHERE (("attachments"."id") IN ((1)))
        """)
    try database.write { db in try update.execute(db) }
    try database.read { (db) throws in
      #expect(try Attachment.find(1).fetchOne(db) == Attachment(id: 1, kind: .link(example)))
    }
  }

  @Test func aRowWithNoCaseIsAClearError() throws {
    try database.write { db in try #sql(#"INSERT INTO "attachments" ("id") VALUES (9)"#).execute(db) }
    _ = try database.read { (db) throws in
      #expect {
        try Attachment.find(9).fetchOne(db)
      } throws: { error in
        "\(error)".contains("No column of any case of Kind holds a value")
      }
    }
  }

  @Test func aTableThatIsAnEnum() throws {
    let start = Date(timeIntervalSinceReferenceDate: 0)
    try database.write { db in
      try #sql(#"CREATE TABLE "timeline" ("started" TEXT, "note" TEXT) STRICT"#).execute(db)
      try TimelineEntry.insert {
        TimelineEntry.started(start)
        TimelineEntry.note("Lunch")
      }
      .execute(db)
    }
    #expect(TimelineEntry.tableName == "timeline")
    #expect(
      TimelineEntry.where { $0.note.isNot(nil) }.query.debugDescription == """
        SELECT "timeline"."started", "timeline"."note"
        FROM "timeline"
        WHERE (("timeline"."note") IS NOT (NULL))
        """)
    try database.read { (db) throws in
      #expect(try TimelineEntry.all.fetchAll(db) == [.started(start), .note("Lunch")])
      #expect(try TimelineEntry.where { $0.note.isNot(nil) }.fetchAll(db) == [.note("Lunch")])
    }
  }

  @Test func casesTakeColumnNamesAndRepresentations() throws {
    try database.write { db in
      try #sql(#"CREATE TABLE "media" ("video_preview" TEXT, "tags_json" TEXT)"#).execute(db)
      try Media.insert {
        Media.videoPreview(example); Media.tags(["a", "b"])
      }.execute(db)
      #expect(
        Media.all.query.debugDescription == """
          SELECT "media"."video_preview", "media"."tags_json"
          FROM "media"
          """)
      #expect(try Media.all.fetchAll(db) == [.videoPreview(example), .tags(["a", "b"])])
      #expect(
        try #sql(#"SELECT "tags_json" FROM "media" WHERE "tags_json" IS NOT NULL"#, as: String.self).fetchAll(
          db) == [#"["a","b"]"#])
      // One case selected by its constructor, the others NULL.
      let selected = Values(Media.Selection.tags(#bind(["c"])))
      #expect(selected.query.debugDescription.hasPrefix(#"SELECT NULL AS "video_preview", '["#))
      #expect(try selected.fetchAll(db) == [.tags(["c"])])
    }
  }
}
