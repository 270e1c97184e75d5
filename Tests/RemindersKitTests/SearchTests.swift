import Foundation
import RemindersKit
import SQLiteData
import Testing

@Suite("Full-text search with highlights", .fixedClock)
struct SearchTests {
  @Test func findsWordsInTitlesNotesAndTagsWithHighlights() throws {
    let fixture = try Fixture()
    let found = try fixture.search("eggs")
    #expect(found.results.map(\.row.reminder.title) == ["Groceries"])
    let groceries = try #require(found.results.first)
    #expect(groceries.row.reminder.notes.pieces(groceries.notesHighlights) == ["Eggs"])
    #expect(groceries.titleHighlights.isEmpty)

    let take = try fixture.search("take", showCompleted: true)
    #expect(take.results.map(\.row.reminder.title) == ["Take out trash", "Take a walk"])
    #expect(take.results.map { $0.row.reminder.title.pieces($0.titleHighlights) } == [["Take"], ["Take"]])
    #expect(take.completedCount == 1)

    let social = try fixture.search("social")
    #expect(social.results.map(\.row.reminder.title) == ["Buy concert tickets", "Prepare for WWDC"])
    #expect(social.results.map { $0.row.tags.pieces($0.tagsHighlights) } == [["social"], ["social"]])
  }

  @Test func everyWordMustMatchAndEachIsHighlighted() throws {
    let fixture = try Fixture()
    let found = try fixture.search("ACCOUNT tax")
    #expect(found.results.map(\.row.reminder.title) == ["Call accountant"])
    let result = try #require(found.results.first)
    #expect(result.row.reminder.title.pieces(result.titleHighlights) == ["account"])
    #expect(result.row.reminder.notes.pieces(result.notesHighlights) == ["tax"])
    #expect(try fixture.search("account trash").results.isEmpty)
  }

  @Test func shortTermsFallBackToLike() throws {
    let fixture = try Fixture()
    let found = try fixture.search("WW")
    #expect(found.results.map(\.row.reminder.title) == ["Prepare for WWDC"])
    let result = try #require(found.results.first)
    #expect(result.row.reminder.title.pieces(result.titleHighlights) == ["WW"])
    // LIKE's wildcards are only characters here.
    #expect(try fixture.search("%").results.isEmpty)
    #expect(try fixture.search("_").results.isEmpty)
    #expect(try fixture.search("a_").results.isEmpty)
  }

  @Test func quotesAndSearchSyntaxAreOnlyText() throws {
    let fixture = try Fixture()
    let list = try fixture.list("Personal")
    try fixture.database.writeAction {
      try $0.saveReminder(
        Reminder.Draft(remindersListID: list.id, title: #"Read "Dune" (again) AND "#))
    }
    for text in [#""Dune""#, #"Dune" (again"#, "AND", "NEAR(", "a*", "\"", "''", "(again)", "-dune"] {
      let found = try fixture.search(text)
      #expect(found.results.map(\.row.reminder.title).allSatisfy { $0.contains("Dune") }, "\(text)")
    }
    let quoted = try fixture.search(#""Dune""#)
    #expect(quoted.results.count == 1)
    let result = try #require(quoted.results.first)
    #expect(result.row.reminder.title.pieces(result.titleHighlights) == [#""Dune""#])
    #expect(try fixture.search("*").results.isEmpty)
  }

  /// An accent typed or pasted as a separate combining mark finds the composed letter.
  @Test func decomposedAccentsFindComposedText() throws {
    let fixture = try Fixture()
    let list = try fixture.list("Personal")
    try fixture.database.writeAction {
      try $0.saveReminder(Reminder.Draft(remindersListID: list.id, title: "Caf\u{E9} crème"))
    }
    for text in ["cafe\u{301}", "caf\u{E9}", "e\u{301}"] {
      #expect(try fixture.search(text).results.map(\.row.reminder.title) == ["Caf\u{E9} crème"], "\(text)")
    }
  }

  /// Text another program stored decomposed is found by the composed word typed, and by the
  /// decomposed one.
  @Test func composedWordsFindDecomposedText() throws {
    let fixture = try Fixture()
    let list = try fixture.list("Personal")
    try fixture.database.writeAction {
      try $0.saveReminder(Reminder.Draft(remindersListID: list.id, title: "Cafe\u{301} noir"))
    }
    for text in ["caf\u{E9}", "cafe\u{301}", "\u{E9}", "e\u{301}", "\u{E9} noir"] {
      #expect(try fixture.search(text).results.map(\.row.reminder.title) == ["Cafe\u{301} noir"], "\(text)")
    }
    let found = try #require(try fixture.search("caf\u{E9}").results.first)
    #expect(found.titleHighlights.map { String(found.row.reminder.title[$0]) } == ["Cafe\u{301}"])
  }

  @Test func tagTokensFilterAndSuggest() throws {
    let fixture = try Fixture()
    #expect(
      try fixture.search("#SOCIAL").results.map(\.row.reminder.title) == [
        "Buy concert tickets", "Prepare for WWDC",
      ])
    #expect(try fixture.search("#social #night").results.map(\.row.reminder.title) == ["Buy concert tickets"])
    #expect(try fixture.search("tickets #adulting").results.isEmpty)
    let withTag = try #require(try fixture.search("concert #night").results.first)
    #expect(withTag.row.tags.pieces(withTag.tagsHighlights) == ["#night"])
    #expect(try fixture.search("#so").suggestions.map(\.title) == ["social", "someday"])
    #expect(try fixture.search("#so ").suggestions.isEmpty)
    #expect(try fixture.search("").results.isEmpty)
  }

  @Test func aTagBeingTypedMatchesTheTagsItStarts() throws {
    let fixture = try Fixture()
    // While "#soc" is typed, social's reminders stay on screen; once a space ends it, it is a
    // whole tag and matches none.
    #expect(
      try fixture.search("#soc").results.map(\.row.reminder.title) == [
        "Buy concert tickets", "Prepare for WWDC",
      ])
    #expect(try fixture.search("#soc ").results.isEmpty)
    #expect(try fixture.search("#soc #night").results.isEmpty)
    #expect(try fixture.search("#night #soc").results.map(\.row.reminder.title) == ["Buy concert tickets"])
    #expect(try fixture.search("#%").results.isEmpty)
  }

  @Test func completedMatchesAndWhatClearingWouldDelete() throws {
    let fixture = try Fixture()
    let query = SearchQuery("e")
    let shown = try fixture.search("e", showCompleted: true)
    #expect(shown.completedCount == 3)
    #expect(try fixture.search("e").results.count == shown.results.count - 3)
    let clearable = { (age: ClearCompletedAge) in
      try fixture.database.read {
        try Search.clearable(query, olderThan: age).order(by: \.title).fetchAll($0)
      }
      .map(\.title)
    }
    #expect(try clearable(.oneMonth) == ["Take a walk"])
    #expect(try clearable(.sixMonths) == ["Take a walk"])
    #expect(try clearable(.oneYear) == [])
    #expect(try clearable(.all) == ["Get laundry", "Send weekly emails", "Take a walk"])
    #expect(
      try fixture.database.writeAction {
        try $0.clearCompleted(matching: SearchQuery("walk"), olderThan: .all)
      } == 1)
    #expect(try fixture.search("e", showCompleted: true).completedCount == 2)
  }

  @Test func queryParsing() {
    let query = SearchQuery("  milk #someday to #ni")
    #expect(query.terms == ["milk", "to"])
    #expect(query.tags == ["someday", "ni"])
    #expect(query.partialTag == "ni")
    #expect(SearchQuery("#").isEmpty)
    #expect(SearchQuery("#").partialTag == "")
  }

  /// A search reads a window of its matches, with the count of all of them; a window past the end
  /// slides back to the last matches.
  @Test func aSearchReadsAWindowOfItsMatches() throws {
    let fixture = try Fixture()
    let list = try fixture.list("Personal")
    try fixture.database.write { db in
      for number in 1...300 {
        _ = try db.saveReminder(Reminder.Draft(remindersListID: list.id, title: "Window \(1000 + number)"))
      }
    }
    let first = try fixture.database.read { try SearchRequest(text: "window", limit: 50).fetch($0) }
    #expect(first.count == 300)
    #expect(first.results.map(\.row.reminder.title) == (1001...1050).map { "Window \($0)" })
    let last = try fixture.database.read {
      try SearchRequest(text: "window", offset: 280, limit: 50).fetch($0)
    }
    #expect(last.offset == 250)
    #expect(last.results.last?.row.reminder.title == "Window 1300")
    #expect(last.range == 250..<300)
  }
}
