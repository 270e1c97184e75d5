import Foundation
import SQLiteData
import Testing

@Table
fileprivate struct Trip: Codable, Equatable {
  let id: Int
  var title = ""
  @Column(as: [Coordinate].JSONRepresentation.self)
  var geofence: [Coordinate] = []
}

@Selection
fileprivate struct Coordinate: Codable, Equatable {
  var latitude = 0.0
  var longitude = 0.0
  var label = ""
}

@Table
fileprivate struct Profile: Codable, Equatable {
  let id: Int
  @Column(as: Author.JSONRepresentation.self)
  var author = Author()
  @Column(as: [Int].JSONRepresentation.self)
  var favoriteNumbers: [Int] = []
}

@Selection
fileprivate struct Author: Codable, Equatable {
  var name = ""
  @Column(as: [Link].JSONRepresentation.self)
  var links: [Link] = []
}

@Selection
fileprivate struct Link: Codable, Equatable {
  var homepage = ""
  var isActive = false
}

@Table
fileprivate struct Product: Codable, Equatable {
  let id: Int
  @Column(as: [String: Stock].JSONRepresentation.self)
  var inventory: [String: Stock] = [:]
}

@Selection
fileprivate struct Stock: Codable, Equatable {
  var onHand = 0
}

@Table
fileprivate struct TaggedItem: Codable, Equatable {
  let id: Int
  var title = ""
  @Column(as: [String].JSONRepresentation.self)
  var tags: [String] = []
}

@Table
fileprivate struct Post: Codable, Equatable {
  let id: Int
  @Column(as: [String: Int].JSONRepresentation.self)
  var reactions: [String: Int] = [:]
  @Column(as: Writer.JSONRepresentation.self)
  var writer = Writer()
}

@Selection
fileprivate struct Writer: Codable, Equatable {
  var name = ""
  @Column(as: [String].JSONRepresentation.self)
  var tags: [String] = []
  @Column(as: [String: Int].JSONRepresentation.self)
  var scores: [String: Int] = [:]
}

@Table
fileprivate struct Route: Codable, Equatable {
  let id: Int
  @Column(as: [Coordinate].JSONRepresentation?.self)
  var waypoints: [Coordinate]?
}

/// Upstream's `JSONEachTests`: `json_each` of JSON array columns, as a subquery (filtered,
/// counted, aggregated, ordered) and joined, with `jsonExtract(\.member)` on its elements, and
/// aliased with `as(_:)` (also a select aliased after a join). Left out: the JSONB cases (`jsonbEachJoin`, `jsonbEachAliasedJoins`, `jsonbEachDecodesValue`, and
/// `json_each` over a `JSONBRepresentation` column), since JSONB functions need SQLite 3.45.
@Suite("Upstream: json_each")
struct JSONEachTests {
  let database: DatabaseQueue

  init() throws {
    database = try upstreamDatabase()
    try database.write { db in
      try #sql(
        """
        CREATE TABLE "trips" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT,
          "title" TEXT NOT NULL,
          "geofence" TEXT NOT NULL
        )
        """
      )
      .execute(db)
      try #sql(
        """
        CREATE TABLE "taggedItems" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT,
          "title" TEXT NOT NULL,
          "tags" TEXT NOT NULL
        )
        """
      )
      .execute(db)
      try #sql(
        """
        CREATE TABLE "products" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT,
          "inventory" TEXT NOT NULL
        )
        """
      )
      .execute(db)
      try #sql(
        """
        CREATE TABLE "posts" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT,
          "reactions" TEXT NOT NULL,
          "writer" TEXT NOT NULL
        )
        """
      )
      .execute(db)
      try #sql(
        """
        CREATE TABLE "routes" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT,
          "waypoints" TEXT
        )
        """
      )
      .execute(db)
      try #sql(
        """
        CREATE TABLE "profiles" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT,
          "author" TEXT NOT NULL,
          "favoriteNumbers" TEXT NOT NULL
        )
        """
      )
      .execute(db)
      try Trip.insert {
        Trip.Draft(
          title: "Northern",
          geofence: [
            Coordinate(latitude: 40.7, longitude: -74.0, label: "home"),
            Coordinate(latitude: 51.5, longitude: -0.1, label: "away"),
          ]
        )
        Trip.Draft(
          title: "Mixed",
          geofence: [
            Coordinate(latitude: 40.7, longitude: -74.0, label: "home"),
            Coordinate(latitude: -33.9, longitude: 151.2, label: "away"),
          ]
        )
        Trip.Draft(title: "Empty")
      }
      .execute(db)
    }
  }

  @Test func exists() throws {
    let statement =
      Trip
      .where {
        !$0.geofence.jsonEach()
          .where { $0.value.jsonExtract(\.latitude) < 0 }
          .exists()
      }
      .select(\.title)
    expectSQL(
      statement,
      """
      SELECT "trips"."title"
      FROM "trips"
      WHERE (NOT (EXISTS (
        SELECT "json_each"."key", "json_each"."value"
        FROM json_each("trips"."geofence")
        WHERE ((json_extract("json_each"."value", '$."latitude"')) < (0.0))
      )))
      """)
    #expect(try database.read { try statement.fetchAll($0) } == ["Northern", "Empty"])
  }

  @Test func count() throws {
    let statement = Trip.select { ($0.title, $0.geofence.jsonEach().count()) }
    expectSQL(
      statement,
      """
      SELECT "trips"."title", (
        SELECT count(*)
        FROM json_each("trips"."geofence")
      )
      FROM "trips"
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == ["Northern", "Mixed", "Empty"])
    #expect(rows.map(\.1) == [2, 2, 0])
  }

  @Test func aggregateOfElements() throws {
    let statement = Trip.select {
      ($0.title, $0.geofence.jsonEach().select { $0.value.jsonExtract(\.latitude).max() })
    }
    expectSQL(
      statement,
      """
      SELECT "trips"."title", (
        SELECT max(json_extract("json_each"."value", '$."latitude"'))
        FROM json_each("trips"."geofence")
      )
      FROM "trips"
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == ["Northern", "Mixed", "Empty"])
    #expect(rows.map(\.1) == [51.5, 40.7, nil])
  }

  @Test func orderAndLimit() throws {
    let statement =
      Trip
      .where { $0.geofence.jsonArrayLength() > 0 }
      .select {
        (
          $0.title,
          $0.geofence.jsonEach()
            .select { $0.value.jsonExtract(\.label) }
            .order { $0.value.jsonExtract(\.latitude).desc() }
            .limit(1)
        )
      }
    expectSQL(
      statement,
      """
      SELECT "trips"."title", (
        SELECT json_extract("json_each"."value", '$."label"')
        FROM json_each("trips"."geofence")
        ORDER BY json_extract("json_each"."value", '$."latitude"') DESC
        LIMIT 1
      )
      FROM "trips"
      WHERE ((json_array_length("trips"."geofence")) > (0))
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == ["Northern", "Mixed"])
    #expect(rows.map(\.1) == ["away", "home"])
  }

  @Test func keyAndValue() throws {
    let statement =
      Trip
      .where { $0.geofence.jsonArrayLength() > 0 }
      .select {
        (
          $0.title,
          $0.geofence.jsonEach()
            .where { $0.key.eq(0) }
            .select { $0.value.jsonExtract(\.label) }
        )
      }
    expectSQL(
      statement,
      """
      SELECT "trips"."title", (
        SELECT json_extract("json_each"."value", '$."label"')
        FROM json_each("trips"."geofence")
        WHERE (("json_each"."key") = (0))
      )
      FROM "trips"
      WHERE ((json_array_length("trips"."geofence")) > (0))
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == ["Northern", "Mixed"])
    #expect(rows.map(\.1) == ["home", "home"])
  }

  @Test func join() throws {
    let statement =
      Trip
      .join(Trip.columns.geofence.jsonEach()) { _, _ in true }
      .select { ($0.title, $1.value.jsonExtract(\.label)) }
    expectSQL(
      statement,
      """
      SELECT "trips"."title", json_extract("json_each"."value", '$."label"')
      FROM "trips"
      JOIN json_each("trips"."geofence") ON 1
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == ["Northern", "Northern", "Mixed", "Mixed"])
    #expect(rows.map(\.1) == ["home", "away", "home", "away"])
  }

  @Test func leftJoin() throws {
    let statement =
      Trip
      .leftJoin(Trip.columns.geofence.jsonEach()) { _, _ in true }
      .select { ($0.title, $1.value.jsonExtract(\.label)) }
    expectSQL(
      statement,
      """
      SELECT "trips"."title", json_extract("json_each"."value", '$."label"')
      FROM "trips"
      LEFT JOIN json_each("trips"."geofence") ON 1
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == ["Northern", "Northern", "Mixed", "Mixed", "Empty"])
    #expect(rows.map(\.1) == ["home", "away", "home", "away", nil])
  }

  @Test func scalarElements() throws {
    try database.write { db in
      try TaggedItem.insert {
        TaggedItem.Draft(title: "Groceries", tags: ["home", "urgent"])
        TaggedItem.Draft(title: "Taxes", tags: ["work"])
      }
      .execute(db)
    }
    let statement =
      TaggedItem
      .where { $0.tags.jsonEach().where { $0.value.eq("urgent") }.exists() }
      .select(\.title)
    expectSQL(
      statement,
      """
      SELECT "taggedItems"."title"
      FROM "taggedItems"
      WHERE (EXISTS (
        SELECT "json_each"."key", "json_each"."value"
        FROM json_each("taggedItems"."tags")
        WHERE (("json_each"."value") = ('urgent'))
      ))
      """)
    #expect(try database.read { try statement.fetchAll($0) } == ["Groceries"])
  }

  @Test func scalarElementsJoin() throws {
    try database.write { db in
      try TaggedItem.insert { TaggedItem.Draft(title: "Groceries", tags: ["home", "urgent"]) }.execute(db)
    }
    let statement =
      TaggedItem
      .join(TaggedItem.columns.tags.jsonEach()) { _, _ in true }
      .select { ($0.title, $1.key, $1.value) }
    expectSQL(
      statement,
      """
      SELECT "taggedItems"."title", "json_each"."key", "json_each"."value"
      FROM "taggedItems"
      JOIN json_each("taggedItems"."tags") ON 1
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == ["Groceries", "Groceries"])
    #expect(rows.map(\.1) == [0, 1])
    #expect(rows.map(\.2) == ["home", "urgent"])
  }

  @Test("aggregate scalar quantities in JSON arrays") func aggregateScalarQuantitiesInJSONArrays() throws {
    try database.write { db in
      try Profile.insert {
        Profile.Draft(favoriteNumbers: [42, 1729])
        Profile.Draft(favoriteNumbers: [-1, 0, 1])
        Profile.Draft(favoriteNumbers: [0, 1, 1, 2, 3, 5, 8, 13, 21, 34])
      }
      .execute(db)
    }
    let statement = Profile.select {
      (
        $0.id,
        $0.favoriteNumbers.jsonEach().select { $0.value.sum() }
      )
    }
    expectSQL(
      statement,
      """
      SELECT "profiles"."id", (
        SELECT sum("json_each"."value")
        FROM json_each("profiles"."favoriteNumbers")
      )
      FROM "profiles"
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == [1, 2, 3])
    #expect(rows.map(\.1) == [1771, 0, 88])
  }

  @Test func decodesKeyAndValueRow() throws {
    let statement =
      Trip
      .where { $0.title.eq("Northern") }
      .join(Trip.columns.geofence.jsonEach()) { _, _ in true }
      .select { $1 }
    expectSQL(
      statement,
      """
      SELECT "json_each"."key", "json_each"."value"
      FROM "trips"
      JOIN json_each("trips"."geofence") ON 1
      WHERE (("trips"."title") = ('Northern'))
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.key) == [0, 1])
    #expect(
      rows.map(\.value) == [
        Coordinate(latitude: 40.7, longitude: -74.0, label: "home"),
        Coordinate(latitude: 51.5, longitude: -0.1, label: "away"),
      ])
  }

  @Test func optionalColumn() throws {
    try database.write { db in
      try Route.insert {
        Route.Draft(waypoints: [Coordinate(latitude: 1, longitude: 2, label: "a")])
        Route.Draft(waypoints: nil)
      }
      .execute(db)
    }
    let statement = Route.select { ($0.id, $0.waypoints.jsonEach().count()) }
    expectSQL(
      statement,
      """
      SELECT "routes"."id", (
        SELECT count(*)
        FROM json_each("routes"."waypoints")
      )
      FROM "routes"
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == [1, 2])
    #expect(rows.map(\.1) == [1, 0])
  }

  @Test func dictionaryKeys() throws {
    try database.write { db in
      try Product.insert {
        Product.Draft(inventory: ["SFO": Stock(onHand: 1), "JFK": Stock(onHand: 4)])
        Product.Draft(inventory: ["SFO": Stock(onHand: 7)])
      }
      .execute(db)
    }
    let statement =
      Product
      .select {
        (
          $0,
          $0.inventory.jsonEach()
            .select { $0.value.jsonExtract(\.onHand).sum() }
        )
      }
    expectSQL(
      statement,
      """
      SELECT "products"."id", "products"."inventory", (
        SELECT sum(json_extract("json_each"."value", '$."onHand"'))
        FROM json_each("products"."inventory")
      )
      FROM "products"
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(
      rows.map(\.0) == [
        Product(id: 1, inventory: ["JFK": Stock(onHand: 4), "SFO": Stock(onHand: 1)]),
        Product(id: 2, inventory: ["SFO": Stock(onHand: 7)]),
      ])
    #expect(rows.map(\.1) == [5, 7])
  }

  @Test func dictionaryKeyAndValue() throws {
    try database.write { db in
      try Product.insert { Product.Draft(inventory: ["JFK": Stock(onHand: 4)]) }.execute(db)
    }
    let statement =
      Product
      .join(Product.columns.inventory.jsonEach()) { _, _ in true }
      .select { ($1.key, $1.value.jsonExtract(\.onHand)) }
    expectSQL(
      statement,
      """
      SELECT "json_each"."key", json_extract("json_each"."value", '$."onHand"')
      FROM "products"
      JOIN json_each("products"."inventory") ON 1
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == ["JFK"])
    #expect(rows.map(\.1) == [4])
  }

  @Test func scalarDictionaryValues() throws {
    try database.write { db in
      try Post.insert {
        Post.Draft(reactions: ["🎉": 12], writer: Writer())
        Post.Draft(reactions: ["👍": 3], writer: Writer())
      }
      .execute(db)
    }
    let statement = Post.where { $0.reactions.jsonEach().where { $0.value > 10 }.exists() }.select(\.id)
    expectSQL(
      statement,
      """
      SELECT "posts"."id"
      FROM "posts"
      WHERE (EXISTS (
        SELECT "json_each"."key", "json_each"."value"
        FROM json_each("posts"."reactions")
        WHERE (("json_each"."value") > (10))
      ))
      """)
    #expect(try database.read { try statement.fetchAll($0) } == [1])
  }

  @Test func scalarArrayAtPath() throws {
    try database.write { db in
      try Post.insert {
        Post.Draft(writer: Writer(tags: ["swift", "sql"]))
        Post.Draft(writer: Writer(tags: ["ruby"]))
      }
      .execute(db)
    }
    let statement =
      Post.where { $0.writer.jsonEach(\.tags).where { $0.value.eq("swift") }.exists() }.select(\.id)
    expectSQL(
      statement,
      """
      SELECT "posts"."id"
      FROM "posts"
      WHERE (EXISTS (
        SELECT "json_each"."key", "json_each"."value"
        FROM json_each("posts"."writer", '$."tags"')
        WHERE (("json_each"."value") = ('swift'))
      ))
      """)
    #expect(try database.read { try statement.fetchAll($0) } == [1])
  }

  @Test func scalarDictionaryAtPath() throws {
    try database.write { db in
      try Post.insert {
        Post.Draft(writer: Writer(scores: ["swift": 9]))
        Post.Draft(writer: Writer(scores: ["swift": 2]))
      }
      .execute(db)
    }
    let statement =
      Post
      .where {
        $0.writer.jsonEach(\.scores).where { $0.key.eq("swift") && $0.value > 5 }.exists()
      }
      .select(\.id)
    expectSQL(
      statement,
      """
      SELECT "posts"."id"
      FROM "posts"
      WHERE (EXISTS (
        SELECT "json_each"."key", "json_each"."value"
        FROM json_each("posts"."writer", '$."scores"')
        WHERE ((("json_each"."key") = ('swift')) AND (("json_each"."value") > (5)))
      ))
      """)
    #expect(try database.read { try statement.fetchAll($0) } == [1])
  }

  @Test func nestedPath() throws {
    try database.write { db in
      try Profile.insert {
        Profile.Draft(
          author: Author(
            name: "Blob",
            links: [
              Link(homepage: "https://pointfree.co", isActive: true),
              Link(homepage: "https://example.com", isActive: false),
            ]
          )
        )
        Profile.Draft(
          author: Author(
            name: "Blob Jr.",
            links: [
              Link(homepage: "https://example.org", isActive: false)
            ]
          )
        )
      }
      .execute(db)
    }
    let statement =
      Profile
      .where {
        $0.author.jsonEach(\.links)
          .where { $0.value.jsonExtract(\.isActive) }
          .exists()
      }
      .select { $0.author.jsonExtract(\.name) }
    expectSQL(
      statement,
      """
      SELECT json_extract("profiles"."author", '$."name"')
      FROM "profiles"
      WHERE (EXISTS (
        SELECT "json_each"."key", "json_each"."value"
        FROM json_each("profiles"."author", '$."links"')
        WHERE (json_extract("json_each"."value", '$."isActive"'))
      ))
      """)
    #expect(try database.read { try statement.fetchAll($0) } == ["Blob"])
  }

  @Test func aliasedJoins() throws {
    enum First: AliasName {}
    enum Second: AliasName {}
    try database.write { db in
      try TaggedItem.insert {
        TaggedItem.Draft(title: "Groceries", tags: ["home", "urgent", "chores"])
      }
      .execute(db)
    }
    let statement =
      TaggedItem
      .join(TaggedItem.columns.tags.jsonEach().as(First.self)) { _, _ in true }
      .join(TaggedItem.columns.tags.jsonEach().as(Second.self)) { $1.key < $2.key }
      .select { ($0.title, $1.value, $2.value) }
    expectSQL(
      statement,
      """
      SELECT "taggedItems"."title", "firsts"."value", "seconds"."value"
      FROM "taggedItems"
      JOIN json_each("taggedItems"."tags") AS "firsts" ON 1
      JOIN json_each("taggedItems"."tags") AS "seconds" ON ("firsts"."key") < ("seconds"."key")
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == ["Groceries", "Groceries", "Groceries"])
    #expect(rows.map(\.1) == ["home", "home", "urgent"])
    #expect(rows.map(\.2) == ["urgent", "chores", "chores"])
  }

  @Test func aliasAfterJoin() throws {
    enum Outer: AliasName {}
    let statement =
      Trip
      .join(Trip.columns.geofence.jsonEach()) { _, _ in true }
      .select { ($0.title, $1.value.jsonExtract(\.label)) }
      .as(Outer.self)
    expectSQL(
      statement,
      """
      SELECT "outers"."title", json_extract("json_each"."value", '$."label"')
      FROM "trips" AS "outers"
      JOIN json_each("outers"."geofence") ON 1
      """)
    let rows = try database.read { try statement.fetchAll($0) }
    #expect(rows.map(\.0) == ["Northern", "Northern", "Mixed", "Mixed"])
    #expect(rows.map(\.1) == ["home", "away", "home", "away"])
  }

  @Test func aliasAfterClauses() throws {
    enum Element: AliasName {}
    try database.write { db in
      try TaggedItem.insert {
        TaggedItem.Draft(title: "Groceries", tags: ["home", "urgent", "home"])
        TaggedItem.Draft(title: "Taxes", tags: ["work"])
      }
      .execute(db)
    }
    let statement =
      TaggedItem
      .where {
        $0.tags.jsonEach()
          .where { $0.key >= 0 }
          .group(by: \.value)
          .having { $0.value.count() > 1 }
          .order(by: \.value)
          .limit(1)
          .offset(0)
          .as(Element.self)
          .exists()
      }
      .select(\.title)
    expectSQL(
      statement,
      """
      SELECT "taggedItems"."title"
      FROM "taggedItems"
      WHERE (EXISTS (
        SELECT "elements"."key", "elements"."value"
        FROM json_each("taggedItems"."tags") AS "elements"
        WHERE (("elements"."key") >= (0))
        GROUP BY "elements"."value"
        HAVING ((count("elements"."value")) > (1))
        ORDER BY "elements"."value"
        LIMIT 1 OFFSET 0
      ))
      """)
    #expect(try database.read { try statement.fetchAll($0) } == ["Groceries"])
  }

  @Test func lateAlias() throws {
    enum Urgent: AliasName {}
    try database.write { db in
      try TaggedItem.insert {
        TaggedItem.Draft(title: "Groceries", tags: ["home", "urgent"])
        TaggedItem.Draft(title: "Taxes", tags: ["work"])
      }
      .execute(db)
    }
    let statement =
      TaggedItem
      .where {
        $0.tags.jsonEach().where { $0.value.eq("urgent") }.as(Urgent.self).exists()
      }
      .select(\.title)
    expectSQL(
      statement,
      """
      SELECT "taggedItems"."title"
      FROM "taggedItems"
      WHERE (EXISTS (
        SELECT "urgents"."key", "urgents"."value"
        FROM json_each("taggedItems"."tags") AS "urgents"
        WHERE (("urgents"."value") = ('urgent'))
      ))
      """)
    #expect(try database.read { try statement.fetchAll($0) } == ["Groceries"])
  }
}
