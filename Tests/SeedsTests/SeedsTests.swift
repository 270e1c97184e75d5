import Foundation
import Observation
import SQLiteData
import SQLiteDataTestSupport
import Testing

/// 2040-02-14 12:00 UTC: "today" for the computed expressions.
let referenceNow = Date(timeIntervalSince1970: 2_212_747_200)
let day: TimeInterval = 86_400

@Suite(
  .dependency(\.defaultDatabase, try appDatabase()),
  .dependency(\.date, .constant(referenceNow))
)
struct SeedsTests {
  @Dependency(\.defaultDatabase) var database

  /// Two lists and four reminders: one past due, one due today, one due later (flagged), one
  /// completed; the first two tagged.
  func seedReminders() throws -> (home: UUID, work: UUID) {
    let home = UUID()
    let work = UUID()
    try database.write { db throws in
      try db.seed {
        RemindersList(id: home, color: Color(hex: 0xff00_00ff), position: 0, title: "Home")
        RemindersList(id: work, position: 1, title: "Work")
        Reminder.Draft(dueDate: referenceNow - 2 * day, remindersListID: home, title: "Pay bills")
        Reminder.Draft(dueDate: referenceNow, remindersListID: home, title: "Buy milk")
        Reminder.Draft(
          dueDate: referenceNow + 3 * day, isFlagged: true, priority: .high, remindersListID: work,
          title: "Ship release")
        Reminder.Draft(remindersListID: work, status: .completed, title: "Write notes")
        Tag(title: "errand")
        Tag(title: "money")
      }
      let pay = try Reminder.where { $0.title.eq("Pay bills") }.select(\.id).fetchOne(db)!
      let milk = try Reminder.where { $0.title.eq("Buy milk") }.select(\.id).fetchOne(db)!
      try ReminderTag.insert {
        ReminderTag(id: UUID(), reminderID: pay, tagID: "money")
        ReminderTag(id: UUID(), reminderID: pay, tagID: "errand")
        ReminderTag(id: UUID(), reminderID: milk, tagID: "errand")
      }
      .execute(db)
    }
    return (home, work)
  }

  @Test func migrationsCreateTheSchema() throws {
    let tables = try database.read { db throws in
      try #sql("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", as: String.self).fetchAll(
        db)
    }
    for table in ["items", "facts", "remindersLists", "reminders", "tags", "remindersTags", "reminderTexts"] {
      #expect(tables.contains(table))
    }
    let itemColumns = try database.read { db throws in
      try #sql("SELECT name FROM pragma_table_info('items')", as: String.self).fetchAll(db)
    }
    #expect(itemColumns == ["id", "title", "isInStock", "notes", "description"])
  }

  @Test func colorsAreStoredThroughTheirHexRepresentation() throws {
    let (home, work) = try seedReminders()
    try database.read { db throws in
      let lists = try RemindersList.order(by: \.position).fetchAll(db)
      #expect(lists.map(\.color) == [Color(hex: 0xff00_00ff), RemindersList.defaultColor])
      let stored = try #sql("SELECT color FROM remindersLists WHERE id = \(bind: home)", as: Int.self)
        .fetchOne(db)
      #expect(stored == 0xff00_00ff)
      let found = try RemindersList.where {
        $0.color.eq(Color.HexRepresentation(queryOutput: Color(hex: 0x4a99_efff)))
      }
      .select(\.id).fetchAll(db)
      #expect(found == [work])
    }
  }

  @Test func computedExpressionsReadTheDateDependency() throws {
    _ = try seedReminders()
    try database.read { db throws in
      #expect(try Reminder.where { $0.isPastDue }.select(\.title).fetchAll(db) == ["Pay bills"])
      #expect(try Reminder.where { $0.isToday }.select(\.title).fetchAll(db) == ["Buy milk"])
      #expect(
        try Reminder.where { $0.isScheduled }.order(by: \.title).select(\.title).fetchAll(db)
          == ["Buy milk", "Pay bills", "Ship release"])
      #expect(try Reminder.where(\.isFlagged).select(\.title).fetchAll(db) == ["Ship release"])
    }
  }

  @Test func incompleteAndWithTags() throws {
    _ = try seedReminders()
    try database.read { db throws in
      #expect(try Reminder.incomplete.fetchCount(db) == 3)
      #expect(try Reminder.incomplete.order(by: \.title).select(\.title).fetchAll(db).first == "Buy milk")
      let rows = try Reminder.withTags
        .order { r, _, _ in r.title }
        .select { r, _, tag in (r.title, tag.title.groupConcat(",")) }
        .fetchAll(db)
      #expect(rows.count == 4)
      #expect(rows[0].0 == "Buy milk" && rows[0].1 == "errand")
      let pay = rows.first { $0.0 == "Pay bills" }
      #expect(Set(pay?.1?.split(separator: ",").map(String.init) ?? []) == ["errand", "money"])
      #expect(rows.first { $0.0 == "Ship release" }?.1 == nil)
    }
  }

  /// A table's query helper reached from any select of the table, merging their clauses, as the
  /// seeds' tags screen writes it.
  @Test func scopesChain() throws {
    _ = try seedReminders()
    let query =
      Tag
      .order(by: \.title)
      .withReminders
      .having { $2.count().gt(0) }
      .select { tag, _, _ in tag }
    let sql = query.query.debugDescription
    #expect(sql.contains("GROUP BY"))
    #expect(sql.contains(#"ORDER BY "tags"."title""#))
    #expect(sql.contains("HAVING"))
    let tags = try database.read { try query.fetchAll($0) }
    #expect(tags.map(\.title) == ["errand", "money"])
    // A condition of the select applies to the helper's rows.
    let limited = try database.read { db in
      try Tag.where { $0.title.neq("money") }.withReminders.select { tag, _, _ in tag.title }.fetchAll(db)
    }
    #expect(limited == ["errand"])
  }

  @Test func reminderListStateSelection() throws {
    let (home, work) = try seedReminders()
    let states = try database.read { db throws in
      try RemindersList
        .group(by: \.id)
        .order(by: \.position)
        .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) && !$1.isCompleted }
        .select {
          ReminderListState.Columns(
            remindersCount: $1.id.count(),
            remindersList: $0
          )
        }
        .fetchAll(db)
    }
    #expect(states.map(\.id) == [home, work])
    #expect(states.map(\.remindersCount) == [2, 1])
    #expect(states[0].remindersList.title == "Home")
    #expect(states[0].remindersList.color == Color(hex: 0xff00_00ff))
  }

  @MainActor
  @Test func statsWithFetchOne() async throws {
    _ = try seedReminders()
    @FetchOne(
      Reminder.select {
        Stats.Columns(
          allCount: $0.count(filter: !$0.isCompleted),
          flaggedCount: $0.count(filter: $0.isFlagged && !$0.isCompleted),
          scheduledCount: $0.count(filter: $0.isScheduled),
          todayCount: $0.count(filter: $0.isToday)
        )
      }
    )
    var stats = Stats()
    try await $stats.load()
    #expect(stats.allCount == 3)
    #expect(stats.flaggedCount == 1)
    #expect(stats.scheduledCount == 3)
    #expect(stats.todayCount == 1)
    try await database.write { db in
      try Reminder.where { $0.title.eq("Buy milk") }.update { $0.status = #bind(.completed) }.execute(db)
    }
    try await waitUntil { stats.todayCount == 0 }
    #expect(stats.allCount == 2)
  }

  @Test func completingBecomesCompleted() throws {
    _ = try seedReminders()
    try database.write { db throws in
      try Reminder.where { $0.title.eq("Ship release") }.update { $0.status = #bind(.completing) }.execute(db)
      try Reminder
        .where { $0.status.eq(#bind(.completing)) }
        .update { $0.status = #bind(.completed) }
        .execute(db)
    }
    let completed = try database.read { db throws in
      try Reminder.where { $0.status.eq(Reminder.Status.completed) }.order(by: \.title).select(\.title)
        .fetchAll(db)
    }
    #expect(completed == ["Ship release", "Write notes"])
  }

  @Test func batchReorderingWithCase() throws {
    _ = try seedReminders()
    let extra = UUID()
    try database.write { db throws in
      try RemindersList.insert { RemindersList(id: extra, position: 2, title: "Garden") }.execute(db)
    }
    let items = try database.read { db throws in try RemindersList.order(by: \.position).fetchAll(db) }
    try database.write { db throws in
      var ids = items.map(\.id)
      ids.move(fromOffsets: [2], toOffset: 0)
      try RemindersList
        .where { $0.id.in(ids) }
        .update {
          let indexedIDs = Array(ids.enumerated())
          let (first, rest) = (indexedIDs.first!, indexedIDs.dropFirst())
          $0.position =
            rest
            .reduce(Case($0.id).when(first.element, then: first.offset)) { cases, id in
              cases.when(id.element, then: id.offset)
            }
            .else($0.position)
        }
        .execute(db)
    }
    let titles = try database.read { db throws in
      try RemindersList.order(by: \.position).select(\.title).fetchAll(db)
    }
    #expect(titles == ["Garden", "Home", "Work"])
  }

  @Test func triggersKeepPositionsAndTheSearchIndex() throws {
    try createTriggers(database)
    let (home, _) = try seedReminders()
    try database.write { db throws in
      // The position trigger puts a new list last, whatever position it was given.
      try RemindersList.insert { RemindersList.Draft(title: "Later") }.execute(db)
      // (`max` sees the new row too, so the first list got 1 and the third one gets 3.)
      let later = try RemindersList.where { $0.title.eq("Later") }.select(\.position).fetchOne(db)
      #expect(later == 3)

      #expect(try ReminderText.where { $0.match("milk") }.select(\.title).fetchAll(db) == ["Buy milk"])
      try Reminder.insert {
        Reminder.Draft(notes: "Oat\\nnot cow", remindersListID: home, title: "Coffee")
      }
      .execute(db)
      #expect(
        try ReminderText.where { $0.notes.match("cow") }.select(\.notes).fetchAll(db) == ["Oat not cow"])

      try Reminder.where { $0.title.eq("Buy milk") }.update { $0.title = "Buy oat milk" }.execute(db)
      #expect(
        try ReminderText.where { $0.match("oat milk") }.select(\.title).fetchAll(db) == ["Buy oat milk"])

      try Reminder.where { $0.title.eq("Coffee") }.delete().execute(db)
      #expect(try ReminderText.where { $0.match("cow") }.fetchCount(db) == 0)
      #expect(try ReminderText.fetchCount(db) == 4)
    }
  }

  @Test func seedInsertsTablesAndDraftsInOrder() throws {
    try database.write { db throws in
      try db.seed {
        Item(id: 1, title: "Sample 1", isInStock: true, notes: "")
        Item(id: 2, title: "Sample 2", isInStock: false, notes: "Note")
        Fact.Draft(body: "Some fact text")
      }
      #expect(try Item.where(\.isInStock).select(\.title).fetchAll(db) == ["Sample 1"])
      #expect(try Fact.select(\.body).fetchAll(db) == ["Some fact text"])
      try Item.insert().execute(db)
      #expect(try Item.fetchCount(db) == 3)
    }
  }

  @MainActor
  @Test func observableModel() async throws {
    try await database.write { db in
      try db.seed {
        Item(id: 1, title: "A", isInStock: true, notes: "")
        Item(id: 2, title: "B", isInStock: true, notes: "")
        Item(id: 3, title: "C", isInStock: false, notes: "")
        Fact.Draft(body: "Honey never spoils")
        Fact.Draft(body: "Water boils")
      }
    }
    let model = ItemsModel()
    // Follows the facts beside the model: once it has a commit, so would the model's search.
    @FetchOne(Fact.count()) var factCount = 0
    #expect(model.items.map(\.id) == [3, 2, 1])
    #expect(model.itemsCount == 3)
    #expect(model.facts.totalCount == 2)
    model.deleteItem(indices: [0])
    try await waitUntil { [model.itemsCount == 2, model.items.count == 2].allSatisfy { $0 } }
    #expect(model.items.map(\.id) == [2, 1])

    // As the seeds' `.task(id: query)` does: the search lives as long as the task that loaded it.
    let search = Task { try await model.search("Honey") }
    try await waitUntil { model.facts.searchCount == 1 }
    #expect(model.facts.facts.map(\.body) == ["Honey never spoils"])
    await model.addFact(body: "Honey is sweet")
    try await waitUntil { model.facts.searchCount == 2 }
    #expect(model.facts.totalCount == 3)
    search.cancel()
    await model.addFact(body: "Honey again")
    try await waitUntil { factCount == 4 }
    // The cancelled search keeps its last value.
    #expect(model.facts.searchCount == 2 && model.facts.totalCount == 3)
  }
}

@Observable
@MainActor
class ItemsModel {
  @ObservationIgnored
  @FetchAll(Item.order { $0.id.desc() }, animation: .default)
  var items

  @ObservationIgnored
  @FetchOne(Item.count(), animation: .default)
  var itemsCount = 0

  @ObservationIgnored
  @Fetch(Facts(), animation: .default) var facts = Facts.Value()

  @ObservationIgnored
  @Dependency(\.defaultDatabase) var database

  // `IndexSet` where the seeds' SwiftUI `onDelete` hands one over.
  func deleteItem(indices: IndexSet) {
    withErrorReporting {
      try database.write { db throws in
        let ids = indices.map { items[$0].id }
        try Item
          .where { $0.id.in(ids) }
          .delete()
          .execute(db)
      }
    }
  }

  func search(_ query: String) async throws {
    try await $facts.load(Facts(query: query), animation: .default).task
  }

  func addFact(body: String) async {
    await withErrorReporting {
      try await database.write { db in
        try Fact.insert { Fact.Draft(body: body) }.execute(db)
      }
    }
  }
}

struct Facts: FetchKeyRequest {
  var query = ""
  struct Value {
    var facts: [Fact] = []
    var searchCount = 0
    var totalCount = 0
  }
  func fetch(_ db: Database) throws -> Value {
    let search =
      Fact
      .where { $0.body.contains(query) }
      .order { $0.id.desc() }
    return try Value(
      facts: search.fetchAll(db),
      searchCount: search.fetchCount(db),
      totalCount: Fact.fetchCount(db)
    )
  }
}

extension Array {
  /// SwiftUI's `move(fromOffsets:toOffset:)`, which the seeds' reordering calls; SwiftUI is not
  /// available here.
  mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
    let moving = source.map { self[$0] }
    let before = source.filter { $0 < destination }.count
    for index in source.reversed() { remove(at: index) }
    insert(contentsOf: moving, at: destination - before)
  }
}
