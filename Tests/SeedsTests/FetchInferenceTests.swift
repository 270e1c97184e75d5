import Foundation
import Observation
import SQLiteData
import SQLiteDataTestSupport
import Testing

/// The fetch wrappers infer their statement's type as the seeds' library does: a `#sql` typed by
/// the wrapper's value, the optional form for any statement, and an optional column flattened.
@Suite("Seeds: fetch wrappers infer their types", .dependency(\.defaultDatabase, try appDatabase()))
struct FetchInferenceTests {
  @Dependency(\.defaultDatabase) var database

  @Table("stampedItems") struct StampedItem {
    let id: Int
    var createdAt: Date?
  }

  @MainActor @Observable final class Model {
    @ObservationIgnored @FetchOne(#sql("SELECT count(*) FROM items")) var total = 0
    @ObservationIgnored @FetchOne(#sql("SELECT * FROM items ORDER BY id LIMIT 1")) var first: Item?
    @ObservationIgnored @FetchOne(StampedItem.select(\.createdAt)) var createdAt: Date?
  }

  @Test @MainActor func theSeedsSpellings() async throws {
    let stamp = Date(timeIntervalSinceReferenceDate: 800_000_000)
    try await database.write { db in
      try #sql(#"CREATE TABLE "stampedItems" ("id" INTEGER PRIMARY KEY, "createdAt" TEXT)"#).execute(db)
      try Item.insert { Item.Draft(title: "Milk") }.execute(db)
      try Item.insert { Item.Draft(title: "Bread") }.execute(db)
      try StampedItem.insert { StampedItem(id: 1, createdAt: stamp) }.execute(db)
    }
    let model = Model()
    #expect(model.total == 2)
    #expect(model.first?.title == "Milk")
    #expect(model.createdAt == stamp)

    // A NULL column and no row at all are both nil.
    @FetchOne(StampedItem.where { $0.id.eq(2) }.select(\.createdAt)) var missing: Date?
    #expect(missing == nil)
    #expect($missing.loadError == nil)
  }
}
