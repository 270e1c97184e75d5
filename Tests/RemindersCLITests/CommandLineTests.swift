import Foundation
import TerminalUITestSupport
import Testing

@Suite("The command line, run as scripts run it")
struct CommandLineTests {
  let cli = CommandRunner()

  /// A reminder named twice is acted on, and reported, once; ids that start alike are shown whole,
  /// so that the one meant can be named.
  @Test func remindersNamedTwiceAndIdsThatStartAlike() throws {
    defer { cli.removeDatabase() }
    let listID = "aaaaaaaa-0000-4000-8000-000000000001"
    let archive = """
      {"version": 1, "remindersLists": [{"id": "\(listID)", "title": "Home"}], "reminders": [
        {"id": "abcd1111-0000-4000-8000-000000000001", "remindersListID": "\(listID)", "title": "Paint the fence"},
        {"id": "abcd1111-0000-4000-8000-000000000002", "remindersListID": "\(listID)", "title": "Fix the gate"}]}
      """
    #expect(try cli.run(arguments: ["import", "--format", "json", "-"], input: archive).status == 0)
    let ambiguous = try cli.run("done", "abcd1111")
    #expect(ambiguous.status == 3)
    #expect(
      ambiguous.stderr.contains("  abcd1111-0000-4000-8000-000000000001  Paint the fence"),
      "\(ambiguous.stderr)")
    #expect(ambiguous.stderr.contains("  abcd1111-0000-4000-8000-000000000002  Fix the gate"))
    let done = try cli.run("done", "Paint the fence", "abcd1111-0000-4000-8000-000000000001")
    #expect(done.status == 0)
    #expect(done.stdout.components(separatedBy: "Paint the fence").count == 2, "\(done.stdout)")
    let removed = try cli.run("rm", "Fix the gate", "fix the gate")
    #expect(removed.status == 0)
    #expect(removed.stdout.components(separatedBy: "Fix the gate").count == 2, "\(removed.stdout)")
  }

  /// Ids that share their first eight characters are printed with as many more as tell them apart
  /// (as `git` shortens hashes), and what is printed names the reminder again: for a few rows,
  /// and for many (every id read once).
  @Test func shortIdsTellApartIdsThatStartAlike() throws {
    defer { cli.removeDatabase() }
    let homeID = "aaaaaaaa-0000-4000-8000-000000000001"
    let workID = "aaaaaaaa-0000-4000-8000-000000000002"
    let archive = """
      {"version": 1, "remindersLists": [{"id": "\(homeID)", "title": "Home"}, {"id": "\(workID)", "title": "Work"}],
       "reminders": [
        {"id": "abcd1111-2200-4000-8000-000000000001", "remindersListID": "\(homeID)", "title": "Paint the fence"},
        {"id": "abcd1111-2300-4000-8000-000000000002", "remindersListID": "\(homeID)", "title": "Fix the gate"},
        {"id": "0bcd1111-2300-4000-8000-000000000003", "remindersListID": "\(homeID)", "title": "Mow"}]}
      """
    #expect(try cli.run(arguments: ["import", "--format", "json", "-"], input: archive).status == 0)
    let few = try cli.run("ls")
    #expect(few.stdout.contains("abcd1111-22  [ ] Paint the fence"), "\(few.stdout)")
    #expect(few.stdout.contains("abcd1111-23  [ ] Fix the gate"), "\(few.stdout)")
    #expect(few.stdout.contains("0bcd1111  [ ] Mow"), "\(few.stdout)")
    let lists = try cli.run("lists")
    #expect(lists.stdout.contains("aaaaaaaa-0000-4000-8000-000000000001  Home"), "\(lists.stdout)")
    #expect(lists.stdout.contains("aaaaaaaa-0000-4000-8000-000000000002  Work"), "\(lists.stdout)")

    let more = (1...70).map { number in
      #"{"id": "\#(UUID().uuidString.lowercased())", "remindersListID": "\#(workID)", "title": "Task \#(number)"}"#
    }
    let second = #"{"version": 1, "remindersLists": [], "reminders": [\#(more.joined(separator: ","))]}"#
    #expect(try cli.run(arguments: ["import", "--format", "json", "-"], input: second).status == 0)
    let many = try cli.run("ls")
    #expect(many.stdout.contains("abcd1111-22  [ ] Paint the fence"), "\(many.stdout)")
    #expect(many.stdout.contains("abcd1111-23  [ ] Fix the gate"), "\(many.stdout)")
    let done = try cli.run("done", "abcd1111-23")
    #expect(done.stdout == "Completed abcd1111-23  Fix the gate\n", "\(done.stdout)")
  }

  @Test func seedThenListAsJSON() throws {
    defer { cli.removeDatabase() }
    let seeded = try cli.run("seed")
    #expect(seeded.status == 0)
    #expect(seeded.stdout.contains("3 lists, 11 reminders"))
    let incomplete = try cli.reminders()
    #expect(incomplete.count == 8)
    let all = try cli.reminders("--all")
    #expect(all.count == 11)
    let family = try cli.reminders("--list", "family")
    #expect(
      Set(family.compactMap { $0["title"] as? String }) == ["Pick up kids from school", "Take out trash"])
    let someday = try cli.reminders("--tag", "#someday")
    #expect(Set(someday.compactMap { $0["title"] as? String }) == ["Groceries", "Haircut"])
    #expect(
      Set(try cli.reminders("--tag", "SOMEDAY").compactMap { $0["title"] as? String }) == [
        "Groceries", "Haircut",
      ])
    // A tag that does not exist is not found, as a list is: not an empty result.
    let noTag = try cli.run("ls", "--tag", "someday", "--tag", "nope")
    #expect(noTag.status == 3)
    #expect(noTag.stderr.contains("no tag is called 'nope'; the tags are "))
    #expect(noTag.stderr.contains("someday"))
    let flagged = try cli.reminders("--flagged", "--sort", "title")
    #expect(flagged.compactMap { $0["title"] as? String } == ["Haircut", "Pick up kids from school"])
    // Seeding again would duplicate everything: it asks for --force.
    let again = try cli.run("seed")
    #expect(again.status == 1)
    #expect(again.stderr.contains("--force"))
  }

  /// A password file that cannot be used says why and what to do, before any server is asked.
  @Test func aPasswordFileThatCannotBeReadSaysWhatToDo() throws {
    let folder = cli.databasePath + "-config"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    func login(_ file: String) throws -> CommandRunner.Output {
      try cli.run(
        arguments: [
          "account", "login", "--server", "postgresql://127.0.0.1:1/x", "--user", "a", "--password-file",
          file,
        ],
        environment: ["XDG_CONFIG_HOME": folder])
    }
    let missing = try login("/nonexistent/password")
    #expect(missing.status == 1)
    #expect(
      missing.stderr.contains(
        "could not open the password file /nonexistent/password (No such file or directory): check the path"),
      "\(missing.stderr)")
    let binary = NSTemporaryDirectory() + "reminders-password-\(UUID().uuidString)"
    try Data([0x70, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: binary))
    defer { try? FileManager.default.removeItem(atPath: binary) }
    let notText = try login(binary)
    #expect(
      notText.status == 1 && notText.stderr.contains("is not UTF-8 text: save it as UTF-8"),
      "\(notText.stderr)")
  }

  @Test func quickAddSetsEveryField() throws {
    defer { cli.removeDatabase() }
    try cli.run("seed")
    let added = try cli.json("add", "--json", "Call mom 2031-05-06 17:00 !! #family #Calls @Personal")
    let reminder = try #require(added as? [String: Any])
    #expect(reminder["title"] as? String == "Call mom")
    #expect(reminder["priority"] as? String == "medium")
    #expect(reminder["tags"] as? [String] == ["Calls", "family"])
    #expect((reminder["list"] as? [String: Any])?["title"] as? String == "Personal")
    #expect((reminder["dueDate"] as? String)?.hasPrefix("2031-05-0") == true)
    let unknownList = try cli.run("add", "Nothing @Nowhere")
    #expect(unknownList.status == 3)
    #expect(unknownList.stderr.contains("no list is titled 'Nowhere'"))
    let empty = try cli.run("add", "!! #tag")
    #expect(empty.status == 2)
  }

  @Test func addIntoAnEmptyDatabaseCreatesAList() throws {
    defer { cli.removeDatabase() }
    let added = try cli.run("add", "First thing")
    #expect(added.status == 0)
    let lists = try #require(try cli.json("lists", "--json") as? [[String: Any]])
    #expect(lists.map { $0["title"] as? String } == ["Personal"])
    #expect(lists.first?["remindersCount"] as? Int == 1)
  }

  /// The README's example works on a new database, and says what it understood.
  /// Commands that read, or change what is there, make no database at a mistyped path.
  @Test func readingCommandsCreateNoDatabase() throws {
    defer { cli.removeDatabase() }
    for arguments in [["ls"], ["lists"], ["search", "milk"], ["export"], ["done", "milk"], ["rm", "milk"]] {
      let output = try cli.run(arguments: arguments)
      #expect(output.status == 3, "\(arguments)")
      #expect(output.stderr.contains("there is no database at \(cli.databasePath): check the path"))
    }
    #expect(!FileManager.default.fileExists(atPath: (cli.databasePath as NSString).deletingLastPathComponent))
  }

  @Test func theReadmeExampleOnANewDatabase() throws {
    defer { cli.removeDatabase() }
    let added = try cli.run("add", "Call mom tomorrow 5pm !! #family @Personal")
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.contains("Call mom"))
    #expect(added.stdout.contains("read as: due Tomorrow 5:00 PM (“tomorrow 5pm”), new list “Personal”"))
    let lists = try #require(try cli.json("lists", "--json") as? [[String: Any]])
    #expect(lists.map { $0["title"] as? String } == ["Personal"])
    // Once lists exist, a list that is not one of them is an error, not a new list.
    let unknown = try cli.run("add", "Milk @Errands")
    #expect(unknown.status == 3)
    #expect(unknown.stderr.contains("no list is titled 'Errands'; the lists are: Personal"))
  }

  /// Two lists may share a title: a command naming it is refused rather than act on either.
  @Test func aTitleThatSeveralListsShareIsAmbiguous() throws {
    defer { cli.removeDatabase() }
    try cli.run("seed")
    // Allowed, with a note that the name no longer finds either list.
    let second = try cli.run("lists", "add", "Family")
    #expect(second.status == 0)
    #expect(second.stderr.contains("reminders: note: 2 lists are now titled 'Family'; commands name them by"))
    let work = try cli.run("lists", "add", "Work")
    #expect(work.stderr.isEmpty)
    #expect(
      try cli.run("lists", "rename", "Work", "family").stderr.contains(
        "note: 3 lists are now titled 'family'"))
    for arguments in [
      ["lists", "rm", "Family", "--yes"], ["add", "Milk @Family"], ["ls", "--list", "family"],
    ] {
      let output = try cli.run(arguments: arguments)
      #expect(output.status == 3, "\(arguments)")
      #expect(
        output.stderr.lowercased().contains(
          "several lists are titled 'family'; name one by the start of its id"),
        "\(output.stderr)")
    }
    let lists = try #require(try cli.json("lists", "--json") as? [[String: Any]])
    #expect(lists.filter { $0["title"] as? String == "Family" }.count == 2)
    // The confirmation says the time it read, whatever the day.
    let added = try cli.run("add", "Dentist mar 14 2031 3pm @Personal")
    #expect(added.stdout.contains("read as: due Mar 14, 2031 3:00 PM (“mar 14 2031 3pm”)"), "\(added.stdout)")
  }

  /// One date parser, one behaviour: what `--due` refuses, quick-add refuses, with the same words.
  @Test(arguments: [
    ("31 feb", "“31 feb” is not a date: February has no day 31"),
    ("yesterday 25pm", "“25pm” is not a time: with am/pm the hour goes from 1 to 12"),
  ])
  func quickAddAndDueRefuseTheSameDates(_ phrase: String, _ message: String) throws {
    defer { cli.removeDatabase() }
    let quick = try cli.run("add", "Pay rent \(phrase)")
    #expect(quick.status == 2)
    #expect(quick.stderr.contains(message), "\(quick.stderr)")
    try cli.run("add", "Pay rent")
    let due = try cli.run("edit", "Pay rent", "--due", phrase)
    #expect(due.status == 2)
    #expect(due.stderr.contains(message), "\(due.stderr)")
    #expect(try cli.reminders().map { $0["title"] as? String } == ["Pay rent"])
  }

  @Test func doneReopenEditAndRemoveByIdOrTitle() throws {
    defer { cli.removeDatabase() }
    try cli.run("seed")
    let groceries = try #require(try cli.reminders().first { $0["title"] as? String == "Groceries" })
    let id = try #require(groceries["id"] as? String)
    #expect(try cli.run("done", String(id.prefix(6))).status == 0)
    #expect(try cli.reminders().contains { $0["id"] as? String == id } == false)
    #expect(try cli.run("done", "--reopen", "groceries").status == 0)
    #expect(try cli.reminders().contains { $0["id"] as? String == id })

    let edited = try #require(
      try cli.json(
        "edit", id, "--title", "Groceries for the week", "--priority", "high", "--flag", "--tags",
        "food, weekly",
        "--remove-tag", "weekly", "--add-tag", "market", "--list", "Family", "--due", "2030-01-02", "--json")
        as? [String: Any])
    #expect(edited["title"] as? String == "Groceries for the week")
    #expect(edited["priority"] as? String == "high")
    #expect(edited["isFlagged"] as? Bool == true)
    #expect(edited["tags"] as? [String] == ["food", "market"])
    #expect((edited["list"] as? [String: Any])?["title"] as? String == "Family")
    #expect((edited["dueDate"] as? String)?.hasPrefix("2030-01-0") == true)
    let cleared = try #require(
      try cli.json("edit", id, "--no-due", "--priority", "none", "--json") as? [String: Any])
    #expect(cleared["dueDate"] == nil || cleared["dueDate"] is NSNull)
    #expect(cleared["priority"] == nil || cleared["priority"] is NSNull)

    #expect(try cli.run("rm", id).status == 0)
    #expect(try cli.reminders("--all").contains { $0["id"] as? String == id } == false)
    let gone = try cli.run("rm", id)
    #expect(gone.status == 3)
  }

  /// Naming a reminder wrongly says what would name it: an id needs 4 characters or more; `edit`
  /// with nothing to change is a mistake, not a change.
  @Test func referencesTooShortAndEditsOfNothingAreExplained() throws {
    defer { cli.removeDatabase() }
    try cli.run("seed")
    let id = try #require(try cli.reminders().first?["id"] as? String)
    let short = try cli.run("done", String(id.prefix(3)))
    #expect(short.status == 3)
    #expect(short.stderr.contains("an id needs at least 4 of its first characters"))
    let nothing = try cli.run("edit", String(id.prefix(8)))
    #expect(nothing.status == 2)
    #expect(nothing.stderr.contains("edit needs something to change"))
    #expect(try cli.run("edit", String(id.prefix(8)), "--flag").status == 0)
  }

  /// `lists` lines its columns up by the width titles take on screen, wide characters included,
  /// and shows every title whole.
  @Test func listsLineUpTheirColumns() throws {
    defer { cli.removeDatabase() }
    let long = "Work 🚀 プロジェクト with a very long title that goes on and on and on forever"
    try cli.run("lists", "add", long)
    try cli.run("lists", "add", "Home")
    for _ in 1...12 { try cli.run("add", "Chore @Home") }
    let lines = try cli.run("lists").stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(lines.first?.contains(long + "   0  ") == true)
    #expect(lines.last?.contains("Home ") == true && lines.last?.contains(" 12  ") == true)
    // Each line up to its count (before the colour's name) takes as many columns on screen.
    func columns(_ text: Substring) -> Int {
      text.reduce(0) { width, character in
        let scalar = character.unicodeScalars.first!.value
        let isWide = (0x2E80...0xA4CF).contains(scalar) || (0x1F300...0x1FAFF).contains(scalar)
        return width + (isWide ? 2 : 1)
      }
    }
    let widths = lines.compactMap { line in
      line.range(of: "  ", options: .backwards).map { columns(line[..<$0.lowerBound]) }
    }
    #expect(widths.count == 2 && widths[0] == widths[1], "\(lines)")
  }

  @Test func ambiguousTitlesAskForAnId() throws {
    defer { cli.removeDatabase() }
    try cli.run("add", "Same")
    try cli.run("add", "Same")
    let done = try cli.run("done", "same")
    #expect(done.status == 3)
    #expect(done.stderr.contains("several reminders are titled 'same'"))
  }

  @Test func listsAddRenameAndRemove() throws {
    defer { cli.removeDatabase() }
    try cli.run("seed")
    #expect(try cli.run("lists", "add", "Garden", "--color", "green").status == 0)
    #expect(try cli.run("lists", "rename", "garden", "Allotment", "--color", "#112233").status == 0)
    var lists = try #require(try cli.json("lists", "--json") as? [[String: Any]])
    #expect(lists.map { $0["title"] as? String } == ["Personal", "Family", "Business", "Allotment"])
    #expect(lists.last?["color"] as? String == "#112233")
    // A list with nothing to do: nothing on standard output, and a note for people beside it.
    let empty = try cli.run("ls", "--list", "Allotment")
    #expect(empty.stdout.isEmpty && empty.stderr == "No reminders here\n")
    _ = try cli.run("add", "Dig @Allotment")
    _ = try cli.run("done", "Dig")
    let done = try cli.run("ls", "--list", "Allotment")
    #expect(
      done.stdout.isEmpty && done.stderr == "No reminders to do here (--all shows the completed ones)\n")
    let refused = try cli.run("lists", "rm", "Family")
    #expect(refused.status == 1)
    // What would go, counted as the app counts it before it deletes.
    #expect(
      refused.stderr
        == "reminders: the list “Family” holds 2 incomplete reminders and 1 completed, which would be deleted "
        + "with it; add --yes to delete it\n")
    #expect(
      try cli.run("lists", "rm", "Family", "--yes").stdout == "Deleted list Family and its 3 reminders\n")
    lists = try #require(try cli.json("lists", "--json") as? [[String: Any]])
    #expect(lists.map { $0["title"] as? String } == ["Personal", "Business", "Allotment"])
    #expect(try cli.run("lists", "add", "Bad", "--color", "nonsense").status == 2)
  }

  @Test func searchFindsWordsAndTags() throws {
    defer { cli.removeDatabase() }
    try cli.run("seed")
    let found = try #require(try cli.json("search", "--json", "eggs") as? [[String: Any]])
    #expect(found.map { $0["title"] as? String } == ["Groceries"])
    let tagged = try #require(try cli.json("search", "--json", "--all", "#social") as? [[String: Any]])
    #expect(
      Set(tagged.compactMap { $0["title"] as? String }) == [
        "Take a walk", "Buy concert tickets", "Prepare for WWDC",
      ])
    let quotes = try cli.run("search", #"it's "quoted" AND"#)
    #expect(quotes.status == 0)
  }

  /// An empty result in JSON is `[]`, as JSON tools write it.
  @Test func anEmptyJSONListIsTwoBrackets() throws {
    defer { cli.removeDatabase() }
    try cli.run("add", "Milk")
    let empty = try cli.run("ls", "--json", "--limit", "0")
    #expect(empty.status == 0)
    #expect(empty.stdout == "[]\n")
    #expect(try cli.run("search", "--json", "nothing-matches-this").stdout == "[]\n")
  }

  @Test func helpOnEveryLevelAndStableExitCodes() throws {
    defer { cli.removeDatabase() }
    let top = try cli.run("--help")
    #expect(top.status == 0)
    for command in ["add", "ls", "list", "done", "edit", "rm", "lists", "search", "seed", "export", "import"]
    {
      let help = try cli.run(command, "--help")
      #expect(help.status == 0, "\(command) --help")
      #expect(
        help.stdout.hasPrefix("Usage: reminders \(command == "list" ? "ls" : command)"), "\(command) --help")
      // `help COMMAND` and `-h COMMAND` show the command's help, as `COMMAND --help` does.
      #expect(try cli.run("help", command).stdout == help.stdout, "help \(command)")
      #expect(try cli.run("-h", command).stdout == help.stdout, "-h \(command)")
    }
    #expect(try cli.run("frobnicate").status == 2)
    #expect(try cli.run("ls", "--sort", "sideways").status == 2)
    #expect(try cli.run("ls", "--limit").status == 2)
    #expect(try cli.run("done").status == 2)
    let directory = FileManager.default.temporaryDirectory.path
    let unopenable = try cli.run(arguments: ["--db", directory, "ls"], withDatabase: false)
    #expect(unopenable.status == 1)
    #expect(unopenable.stderr.contains("\(directory) is a folder"))
  }
}

@Suite("Export and import")
struct InterchangeCommandTests {
  let cli = CommandRunner()
  let copy = CommandRunner()

  @Test func jsonRoundTripsByteForByte() throws {
    defer {
      cli.removeDatabase()
      copy.removeDatabase()
    }
    try cli.run("seed")
    try cli.run("add", "Ünïcödé 🍎 漢字, with; \"quotes\" #tag @Family")
    let exported = try cli.run("export")
    #expect(exported.status == 0)
    let imported = try copy.run(arguments: ["import", "-"], input: exported.stdout)
    #expect(imported.status == 0)
    #expect(imported.stdout.contains("added 12 reminders"))
    #expect(try copy.run("export").stdout == exported.stdout)
    // Importing again updates instead of duplicating.
    let again = try copy.run(arguments: ["import", "-"], input: exported.stdout)
    #expect(again.stdout.contains("added 0 reminders, updated 12 reminders"))
    #expect(try copy.reminders("--all").count == 12)
  }

  /// Text another program wrote as bytes that are not UTF-8 cannot go into JSON as it is: the
  /// export still writes, and says which reminder's text it changed.
  @Test func anExportSaysWhichTextIsNotUTF8() throws {
    defer { cli.removeDatabase() }
    try cli.run("add", "Milk")
    let sqliteExtension = try #require(CommandRunner.sqliteExtension, "the app's SQLite extension is built")
    try Subprocess.runChecked([
      "sqlite3", "-cmd", ".load \(sqliteExtension)", cli.databasePath,
      #"UPDATE "reminders" SET "notes" = CAST(X'4E6F7465FF' AS TEXT)"#,
    ])
    let exported = try cli.run("export")
    #expect(exported.status == 0)
    #expect(exported.stdout.contains("\"notes\" : \"Note\u{FFFD}\""))
    let id = try #require(try cli.run("ls", "--all").stdout.split(separator: " ").first)
    #expect(
      exported.stderr
        == "reminders: warning: 1 row holds text that is not UTF-8 (another program wrote it):\n"
        + "  reminder \(id) “Milk”: notes\n"
        + "The export holds � (U+FFFD) where those bytes were, and importing it would store that �. To export "
        + "the text as it should read, correct it first (reminders edit, lists rename, or the app), then export "
        + "again.\n")
  }

  /// Counts agree with their nouns: one list, not "1 lists".
  @Test func anExportToAFileSaysWhatItWrote() throws {
    defer { cli.removeDatabase() }
    try cli.run("add", "Milk")
    let path = (cli.databasePath as NSString).deletingLastPathComponent + "/out.json"
    let exported = try cli.run("export", "-o", path)
    #expect(exported.status == 0, "\(exported.stderr)")
    #expect(exported.stderr.contains("Exported 1 reminder in 1 list to \(path)"), "\(exported.stderr)")
    let imported = try copy.run("import", path)
    defer { copy.removeDatabase() }
    #expect(
      imported.stdout.contains("added 1 reminder, updated 0 reminders, added 1 list and 0 tags"),
      "\(imported.stdout)")
  }

  @Test func iCalendarCarriesRemindersIntoExistingLists() throws {
    defer {
      cli.removeDatabase()
      copy.removeDatabase()
    }
    try cli.run("seed")
    let calendar = try cli.run("export", "--format", "ics")
    #expect(calendar.stdout.hasPrefix("BEGIN:VCALENDAR\r\n"))
    try copy.run("lists", "add", "family")
    let imported = try copy.run(arguments: ["import", "-"], input: calendar.stdout)
    #expect(imported.status == 0)
    let lists = try #require(try copy.json("lists", "--json") as? [[String: Any]])
    // "Family" went into the existing "family" list instead of a second one.
    #expect(lists.compactMap { $0["title"] as? String }.sorted() == ["Business", "Personal", "family"])
    let walk = try #require(try copy.reminders("--all").first { $0["title"] as? String == "Take a walk" })
    #expect(walk["isCompleted"] as? Bool == true)
    #expect(walk["tags"] as? [String] == ["car", "kids", "social"])
  }

  @Test func badFilesAreRefusedWithTheReason() throws {
    defer { cli.removeDatabase() }
    let notJSON = try cli.run(arguments: ["import", "-"], input: "{ nope")
    #expect(notJSON.status == 1)
    #expect(notJSON.stderr.contains("not valid JSON"))
    #expect(!notJSON.stderr.contains("Archive"), "\(notJSON.stderr)")
    let notCalendar = try cli.run(arguments: ["import", "--format", "ics", "-"], input: "hello")
    #expect(notCalendar.status == 1)
    #expect(notCalendar.stderr.contains("not an iCalendar text"))
    let missing = try cli.run("import", "/nonexistent/file.json")
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("cannot read /nonexistent/file.json"))
    // A device or a pipe is read to its end: /dev/null is an empty file, not a permission problem.
    let empty = try cli.run("import", "/dev/null")
    #expect(empty.status == 1)
    #expect(!empty.stderr.contains("permission"), "\(empty.stderr)")
    #expect(empty.stderr.contains("/dev/null is empty: there is nothing to import"), "\(empty.stderr)")
    // Nothing was imported: not even the database was made.
    #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
  }
}

@Suite("What ships beside the binary")
struct ResourcesTests {
  /// The repository's Resources folder.
  let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Resources")

  @Test func theManPageAndCompletionsNameEveryCommand() throws {
    let help = try CommandRunner().run(arguments: ["--help"], withDatabase: false).stdout
    // "  ls, list  List reminders": the names come before the two spaces that start the summary.
    let commandLines = help.split(separator: "\n", omittingEmptySubsequences: false).drop {
      !$0.hasPrefix("Commands:")
    }.dropFirst()
      .prefix { !$0.isEmpty }
    let commands = commandLines.flatMap { line in
      line.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")[0].components(separatedBy: ", ")
    }
    #expect(commands.count == 18)
    let manPage = try String(contentsOf: resources.appendingPathComponent("man/reminders.1"), encoding: .utf8)
    let completion = try String(
      contentsOf: resources.appendingPathComponent("completions/reminders.bash"), encoding: .utf8)
    for command in commands {
      #expect(
        manPage.contains(".B \(command)") || manPage.contains(".BI \(command) ")
          || manPage.contains(".BR \(command) "), "\(command)")
      #expect(completion.contains(" \(command)"), "\(command)")
    }
  }
}
