import Foundation
import SQLiteData
import Testing

/// Upstream's `NestedStructJSONTests`: a table whose column group is a `@Selection` struct, turned
/// into JSON that decodes back into the nested struct. Nothing is left out, and none of it is
/// JSONB. Every case is written but compiled out under `UPSTREAM_GAPS`, for want of a whole
/// table's `jsonObject()` and `jsonGroupArray()` (nesting a column group's columns in their own
/// `json_object`), and of `jsonEach()` over a JSON array of table rows (selecting each row's
/// columns with `json_extract`).
@Suite("Upstream: nested structs in JSON")
struct NestedStructJSONTests {
  #if UPSTREAM_GAPS
    let database: DatabaseQueue

    init() throws {
      database = try upstreamDatabase()
      try database.write { db in
        try #sql(
          """
          CREATE TABLE "photos" (
            "id" INTEGER PRIMARY KEY,
            "width" INTEGER NOT NULL,
            "height" INTEGER NOT NULL
          )
          """
        )
        .execute(db)
        try Photo.insert {
          Photo(id: 1, dimensions: Dimensions(width: 800, height: 600))
        }
        .execute(db)
      }
    }

    @Test func jsonObjectDecodes() throws {
      let statement = Photo.select { $0.jsonObject() }
      expectSQL(
        statement,
        """
        SELECT json_object('id', "photos"."id", 'dimensions', json_object('width', "photos"."width", 'height', "photos"."height"))
        FROM "photos"
        """)
      #expect(
        try database.read { try statement.fetchAll($0) } == [
          Photo(id: 1, dimensions: Dimensions(width: 800, height: 600))
        ])
    }

    @Test func jsonEachExtractsColumnGroups() throws {
      try database.write { db in
        try #sql(
          """
          CREATE TABLE "albums" (
            "id" INTEGER PRIMARY KEY,
            "photos" TEXT NOT NULL
          )
          """
        )
        .execute(db)
        try Album.insert {
          Album(id: 1, photos: [Photo(id: 1, dimensions: Dimensions(width: 800, height: 600))])
        }
        .execute(db)
      }
      let statement = Album.join(Album.columns.photos.jsonEach()) { _, _ in true }.select { $1 }
      expectSQL(
        statement,
        """
        SELECT json_extract("json_each"."value", '$."id"'), json_extract("json_each"."value", '$."dimensions"."width"'), json_extract("json_each"."value", '$."dimensions"."height"')
        FROM "albums"
        JOIN json_each("albums"."photos") ON 1
        """)
      #expect(
        try database.read { try statement.fetchAll($0) } == [
          Photo(id: 1, dimensions: Dimensions(width: 800, height: 600))
        ])
    }

    @Test func jsonGroupArrayDecodes() throws {
      let statement = Photo.select { $0.jsonGroupArray() }
      expectSQL(
        statement,
        """
        SELECT json_group_array(json_object('id', "photos"."id", 'dimensions', json_object('width', "photos"."width", 'height', "photos"."height")))
        FROM "photos"
        """)
      #expect(
        try database.read { try statement.fetchOne($0) } == [
          Photo(id: 1, dimensions: Dimensions(width: 800, height: 600))
        ])
    }

    @Selection
    fileprivate struct Dimensions: Codable, Equatable {
      var width = 0
      var height = 0
    }

    @Table
    fileprivate struct Photo: Codable, Equatable {
      let id: Int
      var dimensions: Dimensions
    }

    @Table
    fileprivate struct Album: Codable, Equatable {
      let id: Int
      @Column(as: [Photo].JSONRepresentation.self)
      var photos: [Photo] = []
    }
  #endif
}
