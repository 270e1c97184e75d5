import Foundation
import RemindersKit
import Testing

@Suite struct QuickAddTests {
  let ny = FixedClock.newYork

  private func read(_ text: String, clock: FixedClock = .newYork) throws -> QuickAdd {
    try QuickAdd(parsing: text, dates: clock.parser)
  }

  @Test func theSpecificationsExample() throws {
    let added = try read("Call mom tomorrow 5pm !! #family @Personal")
    #expect(
      added
        == QuickAdd(
          title: "Call mom", dueDate: ny.at(2026, 3, 11, 17, 0), datePhrase: "tomorrow 5pm",
          priority: .medium,
          tags: ["family"], listTitle: "Personal"))
    #expect(QuickAdd.example == "Call mom tomorrow 5pm !! #family @Personal")
  }

  @Test func tokensAnywhere() throws {
    let added = try read("!!! @Work #urgent Send   report #Q1 fri #URGENT")
    #expect(added.title == "Send report")
    #expect(added.priority == .high)
    #expect(added.tags == ["urgent", "Q1"])
    #expect(added.listTitle == "Work")
    #expect(added.dueDate == ny.at(2026, 3, 13))
    #expect(added.datePhrase == "fri")
  }

  @Test func priorities() throws {
    #expect(try read("#family Call mom !").priority == .low)
    #expect(try read("Call mom !!").priority == .medium)
    #expect(try read("! Call mom !").priority == .low)
    #expect(try read("Call mom").priority == nil)
    // Marks inside or after a word are part of the title.
    #expect(try read("Wow! Call mom !!!!").title == "Wow! Call mom !!!!")
    #expect(try read("Wow! Call mom !!!!").priority == nil)
  }

  @Test func aDatePhraseInTheMiddleLeavesTheWordsAroundIt() throws {
    let added = try read("Pay rent next mon 9am before work")
    #expect(added.title == "Pay rent before work")
    #expect(added.dueDate == ny.at(2026, 3, 16, 9, 0))
  }

  @Test func tokensBetweenTheWordsOfADateDoNotSplitIt() throws {
    let added = try read("Call mom tomorrow !! #family 5pm")
    #expect(added.title == "Call mom")
    #expect(added.dueDate == ny.at(2026, 3, 11, 17, 0))
    #expect(added.datePhrase == "tomorrow 5pm")
  }

  @Test func punctuationLeftByADateJoinsTheWordBefore() throws {
    #expect(try read("Meet Bob on fri, then lunch").title == "Meet Bob, then lunch")
    #expect(try read("Call mom tomorrow.").title == "Call mom.")
  }

  @Test func listTitlesWithSpacesAreQuoted() throws {
    let added = try read("Buy stamps @\"Family Errands\" #post")
    #expect(added.listTitle == "Family Errands")
    #expect(added.title == "Buy stamps")
    #expect(added.tags == ["post"])
    #expect(try read("@\"  Two words \"Call mom").listTitle == "Two words")
    // The same list twice, in another case, is one list.
    #expect(try read("Call @Work mom @work").listTitle == "Work")
    #expect(try read("Call mom @Personal.").listTitle == "Personal")
  }

  @Test func signsAloneOrInsideWordsStayInTheTitle() throws {
    let added = try read("Ask about C# and F# via email@host.com # @ today")
    #expect(added.title == "Ask about C# and F# via email@host.com # @")
    #expect(added.tags.isEmpty)
    #expect(added.listTitle == nil)
    #expect(added.dueDate == ny.at(2026, 3, 10))
    #expect(try read("Fix bug #123").title == "Fix bug #123")
    #expect(try read("Fix bug #123").tags.isEmpty)
    #expect(try read("Read ##heading").title == "Read ##heading")
  }

  @Test func tagsLoseTrailingPunctuationAndRepeats() throws {
    let added = try read("Call mom #family, #Family. #fun #1a")
    #expect(added.tags == ["family", "fun", "1a"])
    #expect(added.title == "Call mom")
  }

  @Test func withoutADateThereIsNoDueDate() throws {
    let added = try read("  Buy    milk  ")
    #expect(added == QuickAdd(title: "Buy milk"))
  }

  @Test func wideTextAndEmoji() throws {
    let added = try read("买牛奶 🥛 tomorrow #购物 @\"家 人\"")
    #expect(added.title == "买牛奶 🥛")
    #expect(added.tags == ["购物"])
    #expect(added.listTitle == "家 人")
    #expect(added.dueDate == ny.at(2026, 3, 11))
  }

  @Test func datesAreInTheUsersTimeZone() throws {
    let tokyo = FixedClock.tokyo
    #expect(try read("Call mom tomorrow 5pm", clock: tokyo).dueDate == tokyo.at(2026, 3, 12, 17, 0))
  }

  @Test(arguments: [
    "", "   ", "tomorrow 5pm #x", "!! #family @Personal", "fri", "@\"Two words\" ! next week",
  ])
  func aTitleIsRequired(_ text: String) {
    #expect {
      try read(text)
    } throws: { error in
      guard let error = error as? QuickAddError else { return false }
      return error.reason == .emptyTitle && error.description.contains(QuickAdd.example)
    }
  }

  @Test func otherErrorsSayWhatIsWrong() {
    func error(_ text: String) -> QuickAddError? {
      do {
        _ = try read(text)
        return nil
      } catch let error as QuickAddError {
        return error
      } catch {
        return nil
      }
    }
    let unterminated = error("Call mom @\"Two words")
    #expect(unterminated?.reason == .unterminatedListTitle)
    #expect(unterminated?.message.contains("closing quote") == true)
    #expect(error("Call mom @\"\"")?.reason == .emptyListTitle)
    let priorities = error("Call ! mom !!!")
    #expect(priorities?.reason == .severalPriorities)
    #expect(priorities?.message == "“!” and “!!!” give two priorities: keep one (! low, !! medium, !!! high)")
    let lists = error("Call @Work mom @Home")
    #expect(lists?.reason == .severalLists)
    #expect(lists?.description == "“@Work” and “@Home” name two lists: a reminder goes in one.")
  }
}
