import Foundation
import SQLiteData
import SQLiteDataTestSupport
import Testing

@Suite(.dependency(\.defaultDatabase, try factsDatabase()))
struct SectionedFetchTests {
  @Dependency(\.defaultDatabase) var database

  @Test func sectionsComeFirstInTheOrderAndNameEachRun() throws {
    try database.write { db in
      try Fact.insert {
        Fact.Draft(body: "Bees dance", isFavorite: true)
        Fact.Draft(body: "Ants farm", isFavorite: false)
      }
      .execute(db)
    }
    let sections = try database.read { db in
      try Fact.order(by: \.body).fetchAll(db, sectionBy: { $0.isFavorite.desc() })
    }
    #expect(sections.sectionNames == ["1", "0"])
    #expect(sections[sectionName: "1"]?.map(\.body) == ["Bees dance", "Water boils at 100 °C"])
    #expect(sections[1].map(\.body) == ["Ants farm", "Honey never spoils"])
    #expect(sections.index(ofSectionNamed: "0") == 1)
    #expect(!sections.contains(sectionName: "2"))
    #expect(sections.elements.count == 4)
  }

  @Test func noSectionTermMeansOneUnnamedSection() throws {
    let grouped = false
    let sections = try database.read { db in
      try Fact.order(by: \.id).fetchAll(db) { columns in
        if grouped { columns.isFavorite } else { nil }
      }
    }
    #expect(sections.sectionNames == [nil])
    #expect(sections[0].map(\.id) == [1, 2])
  }

  @Test func liveSectionsFollowCommitsAndLoadWithoutSectionsRemovesThem() async throws {
    @FetchAll(
      Fact.order(by: \.id),
      sectionBy: { Case().when($0.isFavorite, then: "Favorites").else("Others") }
    ) var facts
    #expect($facts.sections.sectionNames == ["Favorites", "Others"])
    try await database.write { db in try Fact.find(2).update { $0.isFavorite = true }.execute(db) }
    try await waitUntil { $facts.sections.sectionNames == ["Favorites"] }
    #expect(facts.map(\.id) == [1, 2])
    try await $facts.load(Fact.order { $0.id.desc() })
    #expect($facts.sections.sectionNames == [nil])
    #expect($facts.sections[0].map(\.id) == [2, 1])
  }

  @Test func aColumnNamesTheSections() async throws {
    @FetchAll(Fact.order(by: \.id), sectionBy: \.body) var facts
    #expect($facts.sections.count == 2)
    #expect($facts.sections.sectionNames.first == "Honey never spoils")
  }
}
