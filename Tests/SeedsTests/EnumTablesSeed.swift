import CasePaths
import Foundation
import SQLiteData
import Testing

// The seeds' single-table inheritance, as written there: an attachment is a link, a note or an
// image, each case in nullable columns of its own.

@Table
nonisolated struct Attachment: Identifiable {
  let id: UUID
  let kind: Kind

  @CasePathable @Selection
  enum Kind {
    case link(URL)
    case note(String)
    case image(Attachment.Image)  // Fully qualify nested types
  }

  @Selection
  struct Image {
    var caption = ""
    var url: URL
  }
}

@Suite("Seeds: enum tables")
struct EnumTablesSeedTests {
  let database: DatabaseQueue

  init() throws {
    database = try DatabaseQueue()
    try database.write { db in
      // The seeds' schema, with the id's `ON CONFLICT REPLACE` of their other tables: a draft
      // inserts NULL for its id, which that turns into a new UUID.
      try #sql(
        """
        CREATE TABLE "attachments" (
          "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (uuid()),
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

  @Test func insertQueryAndUpdateByCase() throws {
    try database.write { db in
      try Attachment.insert {
        Attachment.Draft(kind: .note("Hello world!"))
      }
      .execute(db)
      try Attachment.insert {
        Attachment.Draft(
          kind: .image(Attachment.Image(caption: "Logo", url: URL(string: "https://example.com/logo.png")!)))
      }
      .execute(db)
    }
    let (attachments, images) = try database.read { db in
      // Fetch all — decoding determines which case
      let attachments = try Attachment.all.fetchAll(db)
      // Filter by case
      let images =
        try Attachment
        .where { $0.kind.image.isNot(nil) }
        .fetchAll(db)
      return (attachments, images)
    }
    #expect(attachments.map(\.kind.note) == ["Hello world!", nil])
    #expect(images.map(\.kind.image?.caption) == ["Logo"])
    let id = try #require(attachments.first?.id)
    try database.write { db in
      try Attachment.find(id).update {
        $0.kind = #bind(.link(URL(string: "https://example.com")!))
      }
      .execute(db)
    }
    // Sets link column, NULLs note and image columns
    let updated = try database.read { db in try Attachment.find(id).fetchOne(db) }
    #expect(updated?.kind.link == URL(string: "https://example.com")!)
    #expect(updated?.kind.note == nil)
  }
}
