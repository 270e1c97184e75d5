import Foundation
import RemindersKit
import SQLiteData
import Testing

@Suite("Counts, lists, tags and detail rows over the sample data", .fixedClock)
struct QueryTests {
  @Test func statsCountEachSmartList() throws {
    let fixture = try Fixture()
    let stats = try fixture.database.read { try Stats.query.fetchOne($0) }
    #expect(
      stats == Stats(allCount: 8, completedCount: 3, flaggedCount: 2, scheduledCount: 7, todayCount: 2))
  }

  @Test func todayIsTheUsersLocalDay() throws {
    let fixture = try Fixture()
    // 22:00 in New York is already tomorrow in UTC.
    let evening = fixedNow.addingTimeInterval(8 * 60 * 60)
    let list = try fixture.list("Personal")
    try fixture.database.writeAction {
      try $0.saveReminder(
        Reminder.Draft(dueDate: evening, remindersListID: list.id, title: "Evening call"))
    }
    #expect(try fixture.database.read { try Stats.query.fetchOne($0) }?.todayCount == 3)
    let inUTC = try withDependencies {
      $0.timeZone = TimeZone(identifier: "UTC")!
    } operation: {
      try fixture.database.read { try Stats.query.fetchOne($0) }
    }
    #expect(inUTC?.todayCount == 2)
    #expect(try fixture.titles(.smart(.today), .dueDate).last == "Evening call")
  }

  @Test func aScreenBuiltYesterdayIsBuiltAgainForToday() throws {
    let fixture = try Fixture()
    let todayTitles = try fixture.titles(.smart(.today), .dueDate)
    let todayCount = try fixture.database.read { try Stats.query.fetchOne($0) }?.todayCount
    #expect(!todayTitles.isEmpty)
    // A day later, nothing is due "today" any more, and what was due is past due.
    let (tomorrowTitles, tomorrowCount, pastDue) = try withDependencies {
      $0.date = .constant(fixedNow.addingTimeInterval(24 * 60 * 60))
    } operation: {
      (
        try fixture.titles(.smart(.today), .dueDate),
        try fixture.database.read { try Stats.query.fetchOne($0) }?.todayCount,
        try fixture.database.read {
          try DetailKind.smart(.all).rows(ordering: .dueDate, showCompleted: false).fetchAll($0)
        }
        .filter(\.isPastDue).map(\.reminder.title)
      )
    }
    #expect(tomorrowTitles.isEmpty)
    #expect(tomorrowCount == 0)
    #expect(todayCount == 2)
    #expect(Set(todayTitles).isSubset(of: Set(pastDue)))
    // And back: the statements of the first day are the first day's again.
    #expect(try fixture.titles(.smart(.today), .dueDate) == todayTitles)
  }

  @Test func aCompletingReminderCountsAsCompletedButStaysInPlace() throws {
    let fixture = try Fixture()
    try fixture.database.writeAction {
      try $0.toggleCompletion(try fixture.reminder("Doctor appointment").id)
    }
    #expect(try fixture.database.read { try Stats.query.fetchOne($0) }?.todayCount == 1)
    #expect(try fixture.titles(.smart(.today), .dueDate) == ["Doctor appointment", "Buy concert tickets"])
  }

  @Test func todayInEachOrder() throws {
    let fixture = try Fixture()
    let expected: [ScreenSettings.Ordering: [String]] = [
      .dueDate: ["Doctor appointment", "Buy concert tickets"],
      .manual: ["Doctor appointment", "Buy concert tickets"],
      .priority: ["Doctor appointment", "Buy concert tickets"],
      .title: ["Buy concert tickets", "Doctor appointment"],
    ]
    for (ordering, titles) in expected {
      #expect(try fixture.titles(.smart(.today), ordering) == titles, "\(ordering)")
      #expect(try fixture.titles(.smart(.today), ordering, showCompleted: true) == titles, "\(ordering)")
    }
  }

  @Test func scheduledInEachOrder() throws {
    let fixture = try Fixture()
    let expected: [ScreenSettings.Ordering: [String]] = [
      .dueDate: [
        "Haircut", "Doctor appointment", "Buy concert tickets", "Pick up kids from school", "Call accountant",
        "Prepare for WWDC", "Take out trash",
      ],
      .manual: [
        "Haircut", "Doctor appointment", "Buy concert tickets", "Pick up kids from school", "Take out trash",
        "Call accountant", "Prepare for WWDC",
      ],
      .priority: [
        "Pick up kids from school", "Doctor appointment", "Take out trash", "Haircut", "Buy concert tickets",
        "Call accountant", "Prepare for WWDC",
      ],
      .title: [
        "Buy concert tickets", "Call accountant", "Doctor appointment", "Haircut", "Pick up kids from school",
        "Prepare for WWDC", "Take out trash",
      ],
    ]
    for (ordering, titles) in expected {
      #expect(try fixture.titles(.smart(.scheduled), ordering) == titles, "\(ordering)")
    }
    #expect(
      try fixture.titles(.smart(.scheduled), .dueDate, showCompleted: true)
        == expected[.dueDate]! + ["Take a walk", "Get laundry", "Send weekly emails"])
  }

  @Test func allInEachOrder() throws {
    let fixture = try Fixture()
    let expected: [ScreenSettings.Ordering: [String]] = [
      .dueDate: [
        "Haircut", "Doctor appointment", "Buy concert tickets", "Pick up kids from school", "Call accountant",
        "Prepare for WWDC", "Take out trash", "Groceries",
      ],
      .manual: [
        "Groceries", "Haircut", "Doctor appointment", "Buy concert tickets", "Pick up kids from school",
        "Take out trash", "Call accountant", "Prepare for WWDC",
      ],
      .priority: [
        "Pick up kids from school", "Doctor appointment", "Take out trash", "Haircut", "Groceries",
        "Buy concert tickets", "Call accountant", "Prepare for WWDC",
      ],
      .title: [
        "Buy concert tickets", "Call accountant", "Doctor appointment", "Groceries", "Haircut",
        "Pick up kids from school", "Prepare for WWDC", "Take out trash",
      ],
    ]
    for (ordering, titles) in expected {
      #expect(try fixture.titles(.smart(.all), ordering) == titles, "\(ordering)")
    }
    #expect(
      try fixture.titles(.smart(.all), .priority, showCompleted: true)
        == expected[.priority]! + ["Send weekly emails", "Get laundry", "Take a walk"])
    #expect(
      try fixture.titles(.smart(.all), .title, showCompleted: true)
        == expected[.title]! + ["Get laundry", "Send weekly emails", "Take a walk"])
  }

  @Test func flaggedInEachOrder() throws {
    let fixture = try Fixture()
    #expect(try fixture.titles(.smart(.flagged), .dueDate) == ["Haircut", "Pick up kids from school"])
    #expect(try fixture.titles(.smart(.flagged), .manual) == ["Haircut", "Pick up kids from school"])
    #expect(try fixture.titles(.smart(.flagged), .priority) == ["Pick up kids from school", "Haircut"])
    #expect(try fixture.titles(.smart(.flagged), .title) == ["Haircut", "Pick up kids from school"])
  }

  @Test func completedInEachOrderWhateverTheSetting() throws {
    let fixture = try Fixture()
    for showCompleted in [false, true] {
      #expect(
        try fixture.titles(.smart(.completed), .dueDate, showCompleted: showCompleted)
          == ["Take a walk", "Get laundry", "Send weekly emails"])
      #expect(
        try fixture.titles(.smart(.completed), .manual, showCompleted: showCompleted)
          == ["Take a walk", "Get laundry", "Send weekly emails"])
      #expect(
        try fixture.titles(.smart(.completed), .priority, showCompleted: showCompleted)
          == ["Send weekly emails", "Get laundry", "Take a walk"])
      #expect(
        try fixture.titles(.smart(.completed), .title, showCompleted: showCompleted)
          == ["Get laundry", "Send weekly emails", "Take a walk"])
    }
  }

  @Test func aListAndTagsScreens() throws {
    let fixture = try Fixture()
    let personal = try fixture.list("Personal").id
    #expect(
      try fixture.titles(.list(personal), .manual)
        == ["Groceries", "Haircut", "Doctor appointment", "Buy concert tickets"])
    #expect(
      try fixture.titles(.list(personal), .manual, showCompleted: true)
        == ["Groceries", "Haircut", "Doctor appointment", "Buy concert tickets", "Take a walk"])
    #expect(try fixture.titles(.tags(["social"]), .manual) == ["Buy concert tickets", "Prepare for WWDC"])
    #expect(try fixture.titles(.tags(["kids", "night"]), .manual) == ["Buy concert tickets"])
    #expect(
      try fixture.titles(.tags(["kids", "night"]), .manual, showCompleted: true)
        == ["Buy concert tickets", "Take a walk"])
  }

  @Test func rowsCarryTheirListTagsAndPastDue() throws {
    let fixture = try Fixture()
    let rows = try fixture.database.read {
      try DetailKind.smart(.all).rows(ordering: .title, showCompleted: true).fetchAll($0)
    }
    let byTitle = Dictionary(uniqueKeysWithValues: rows.map { ($0.reminder.title, $0) })
    let groceries = try #require(byTitle["Groceries"])
    #expect(groceries.tags == "#adulting #optional #someday")
    #expect(groceries.tagTitles == ["adulting", "optional", "someday"])
    #expect(groceries.remindersList.title == "Personal")
    #expect(groceries.remindersList.color == 0x4a99_efff)
    #expect(byTitle["Call accountant"]?.remindersList.color == 0xb25d_d3ff)
    #expect(byTitle["Pick up kids from school"]?.remindersList.title == "Family")
    #expect(byTitle["Pick up kids from school"]?.tags == "")
    #expect(rows.filter(\.isPastDue).map(\.reminder.title) == ["Haircut"])
  }

  @Test func listsByPositionWithIncompleteCounts() throws {
    let fixture = try Fixture()
    let lists = try fixture.database.read { try ReminderListState.all.fetchAll($0) }
    #expect(lists.map(\.remindersList.title) == ["Personal", "Family", "Business"])
    #expect(lists.map(\.remindersCount) == [4, 2, 2])
    #expect(lists.map(\.remindersList.color) == [0x4a99_efff, 0xed89_35ff, 0xb25d_d3ff])
  }

  @Test func tagsInUseAndThePicker() throws {
    let fixture = try Fixture()
    try fixture.database.writeAction { try $0.addTag("unused") }
    let inUse = try fixture.database.read { try TagUsage.inUse.fetchAll($0) }
    #expect(inUse.map(\.tag.title) == ["adulting", "car", "kids", "night", "optional", "social", "someday"])
    #expect(inUse.map(\.remindersCount) == [2, 1, 1, 1, 2, 3, 2])
    let picker = try fixture.database.read { try TagPicker().fetch($0) }
    #expect(picker.top.map(\.tag.title) == ["social", "adulting", "optional"])
    #expect(picker.rest.map(\.tag.title) == ["car", "kids", "night", "someday", "unused"])
    #expect(picker.all.count == 8)
  }

  @Test func screenSettingsDefaultsAndSavedValues() throws {
    let fixture = try Fixture()
    let personal = try fixture.list("Personal").id
    #expect(try fixture.database.settings(for: .list(personal)).ordering == .manual)
    #expect(try fixture.database.settings(for: .smart(.today)).ordering == .dueDate)
    try fixture.database.writeAction { try $0.setOrdering(.title, for: .smart(.today)) }
    try fixture.database.writeAction { try $0.setShowCompleted(true, for: .smart(.today)) }
    let saved = try fixture.database.settings(for: .smart(.today))
    #expect(saved == ScreenSettings(screen: "smart:today", ordering: .title, showCompleted: true))
    #expect(DetailKind.tags(["b", "A"]).settingsKey == DetailKind.tags(["a", "B"]).settingsKey)
  }

  @Test func liveCountsReadNoRemindersButTodays() throws {
    let fixture = try Fixture(sample: false)
    /// Whether a step of a plan reads the reminders or their taggings (tables that grow with the
    /// reminders), rather than the counts kept per list and per tag.
    func readsReminders(_ step: String) -> Bool {
      step.split(whereSeparator: { !$0.isLetter && $0 != "_" }).contains {
        $0 == "reminders" || $0 == "remindersTags"
      }
    }
    let stats = try fixture.plan(Stats.query.query)
    // Today's reminders alone: a range of the (status, dueDate) index between the day's bounds.
    #expect(stats.filter(readsReminders).count == 1, "\(stats)")
    #expect(
      stats.filter(readsReminders).allSatisfy {
        $0.contains(
          "SEARCH reminders USING COVERING INDEX reminders_status_dueDate (status=? AND dueDate>? AND dueDate<?)"
        )
      }, "\(stats)")
    #expect(stats.contains { $0.contains("remindersListCounts") }, "\(stats)")
    for query in [ReminderListState.all.query, TagUsage.inUse.query, TagUsage.all.query] {
      let steps = try fixture.plan(query)
      #expect(!steps.contains(where: readsReminders), "\(steps)")
      #expect(steps.contains { $0.contains("Counts") }, "\(steps)")
    }
  }

  @Test func oneDaysRemindersAreFoundByTheirDueDates() throws {
    let fixture = try Fixture()
    let today = DetailKind.smart(.today)
    // What Today's screen reads: its count, its completed count and its first rows.
    for query in [
      Reminder.where { today.matches($0) && !$0.isSettledCompleted }.count().query,
      today.completedCount.query,
      today.rows(ordering: .dueDate, showCompleted: false).limit(60).query,
    ] {
      let steps = try fixture.plan(query)
      #expect(
        steps.contains { $0.contains("SEARCH reminders USING") && $0.contains("dueDate>? AND dueDate<?") },
        "\(steps)")
      #expect(!steps.contains { $0.contains("SCAN reminders") }, "\(steps)")
    }
    // The counts read an index of due dates and statuses alone, no reminder.
    for query in [
      Reminder.where { today.matches($0) && !$0.isSettledCompleted }.count().query,
      today.completedCount.query,
    ] {
      let steps = try fixture.plan(query)
      #expect(
        steps.contains {
          $0.contains("SEARCH reminders USING COVERING INDEX reminders_")
            && $0.contains("dueDate>? AND dueDate<?")
        },
        "\(steps)")
    }
  }

  @Test func aReminderNamedByItsIdOrTitleIsFoundThroughAnIndex() throws {
    let fixture = try Fixture()
    let groceries = try fixture.reminder("Groceries")
    // The sample's ids count up: the whole id is the start that names one.
    let start = groceries.id.uuidString.lowercased()
    for query in [
      Reminder.withID(startingWith: start), Reminder.withID(startingWith: start.uppercased()),
      Reminder.titled("Groceries"), Reminder.titled("gROCERIES"),
    ] {
      #expect(try fixture.database.read { try query.fetchAll($0) }.map(\.id) == [groceries.id])
    }
    // A range of the ids' index, and the search index's trigrams: never every reminder.
    let byID = try fixture.plan(Reminder.withID(startingWith: start).query)
    #expect(
      byID.contains { $0.contains("SEARCH reminders USING INDEX") && $0.contains("(id>? AND id<?)") },
      "\(byID)")
    let byTitle = try fixture.plan(Reminder.titled("Groceries").query)
    #expect(byTitle.contains { $0.contains("SCAN reminderTexts VIRTUAL TABLE INDEX 0:M") }, "\(byTitle)")
    for steps in [byID, byTitle] {
      #expect(!steps.contains { $0.contains("SCAN reminders") }, "\(steps)")
    }
  }

  @Test func aTitleIsMatchedWholeAndItsWildcardsAsCharacters() throws {
    let fixture = try Fixture(sample: false)
    let personal = try fixture.database.writeAction { try $0.destinationList(named: "Personal").list }
    for title in [
      "50% off", "50x off", "a_b", "axb", "Milk", "Milk and eggs", "ab", "Call \"Mom\"", "Buy NOT milk",
    ] {
      var draft = Reminder.Draft(remindersListID: personal.id)
      draft.title = title
      try fixture.database.writeAction { try $0.saveReminder(draft) }
    }
    func found(_ title: String) throws -> [String] {
      try fixture.database.read { try Reminder.titled(title).order(by: \.title).fetchAll($0) }.map(\.title)
    }
    #expect(try found("50% off") == ["50% off"])
    #expect(try found("a_b") == ["a_b"])
    #expect(try found("milk") == ["Milk"])
    #expect(try found("Milk and") == [])
    // Shorter than a trigram: found all the same.
    #expect(try found("AB") == ["ab"])
    // The search index is asked for the text as one phrase: quotes and its operators are text.
    #expect(try found("call \"mom\"") == ["Call \"Mom\""])
    #expect(try found("Buy NOT milk") == ["Buy NOT milk"])
  }

  @Test func anIdOfDigitsIsFoundByItsStartInOneRange() throws {
    let fixture = try Fixture()
    let personal = try fixture.list("Personal")
    try fixture.database.write { db in
      try db.execute(
        sql: "INSERT INTO reminders (id, remindersListID, title) VALUES (?, ?, 'Digits')",
        arguments: ["12345678-9012-4345-8678-901234567890", personal.id.uuidString.lowercased()])
    }
    let titles = try fixture.database.read { try Reminder.withID(startingWith: "12345678-90").fetchAll($0) }
    #expect(titles.map(\.title) == ["Digits"])
    // No case to tell apart: one range of the index, not the same range twice.
    let plan = try fixture.plan(Reminder.withID(startingWith: "12345678-90").query)
    #expect(!plan.contains { $0.contains("MULTI-INDEX OR") }, "\(plan)")
    #expect(plan.contains { $0.contains("(id>? AND id<?)") }, "\(plan)")
  }

  @Test func anIdWrittenInUppercaseIsFoundByItsLowercaseStart() throws {
    let fixture = try Fixture()
    let personal = try fixture.list("Personal")
    let id = "ABCDEF01-2345-4678-9ABC-DEF012345678"
    try fixture.database.write { db in
      try db.execute(
        sql: "INSERT INTO reminders (id, remindersListID, title) VALUES (?, ?, 'Shouted')",
        arguments: [id, personal.id.uuidString.lowercased()])
    }
    for start in ["abcdef01", "ABCDEF01-2345", "abcdef01-2345-4678-9abc-def012345678"] {
      let titles = try fixture.database.read { try Reminder.withID(startingWith: start).fetchAll($0) }
        .map(\.title)
      #expect(titles == ["Shouted"], "\(start)")
    }
    let none = try fixture.database.read { try Reminder.withID(startingWith: "abcdef02").fetchAll($0) }
    #expect(none.isEmpty)
  }

  @Test func windowsByDueDateReadTheirRowsInOrderFromAnIndex() throws {
    let fixture = try Fixture()
    let personal = try fixture.list("Personal").id
    let windows: [(DetailKind, ScreenSettings.Ordering, String)] = [
      (.smart(.all), .dueDate, "reminders_completedLast_dueDate"),
      (.smart(.scheduled), .dueDate, "reminders_completedLast_dueDate"),
      (.smart(.flagged), .dueDate, "reminders_flagged_completedLast_dueDate"),
      (.list(personal), .dueDate, "reminders_remindersListID_completedLast_dueDate"),
      (.list(personal), .manual, "reminders_remindersListID_completedLast_position"),
    ]
    for (kind, ordering, index) in windows {
      let steps = try fixture.plan(kind.rows(ordering: ordering, showCompleted: false).limit(60).query)
      #expect(steps.contains { $0.contains("USING INDEX \(index)") }, "\(kind) \(ordering): \(steps)")
      // The only sort is of one reminder's tags, inside their subquery: none of the rows.
      #expect(steps.filter { $0.contains("TEMP B-TREE") }.count == 1, "\(kind) \(ordering): \(steps)")
    }
  }
}
