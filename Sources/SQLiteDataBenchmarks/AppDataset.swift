import Foundation
import RemindersKit
import SQLiteData

/// A reminders database at the scale the app must stay live at: 1,000,000 reminders in 200 lists
/// with 20 tags, made by the app's own migrations. It is built once (a minute or so) and kept in
/// the temporary folder, under a name made from the app's migrations and this generator's
/// version, so a new schema builds a new one. Workloads that write work on a copy.
///
/// The data is random but the same every time (a seeded generator): titles and some notes, about
/// 40% with due dates spread over two years either side of when it was built, about 70% completed
/// (more of the overdue ones), some flagged, some with a priority, and about 30% with one to three
/// tags. Lists and tags are skewed as people's are: a few big, many small.
enum AppDataset {
  static let reminderCount = 1_000_000
  static let listCount = 200
  /// Changes whenever the generated data does, so that an old file is not reused.
  static let generatorVersion = 1

  static let tagTitles = [
    "home", "work", "errand", "call", "email", "kids", "health", "money", "car", "garden", "travel",
    "shopping", "someday", "urgent", "reading", "music", "fitness", "school", "family", "friends",
  ]

  /// The cached database, built first when there is none for the current schema.
  static func cachedPath() throws -> String {
    let key = (AppDatabase.migrationIdentifiers + ["generator \(generatorVersion)", "\(reminderCount)"])
      .joined(separator: "\n")
    let path = NSTemporaryDirectory() + "sqlitedata-bench-reminders-\(String(fnv1a(key), radix: 16)).sqlite"
    if try !isComplete(path) {
      Console.printError("sqlitedata-bench: building \(reminderCount) reminders once, in \(path)")
      let seconds = try ContinuousClock().measure { try build(at: path) }
      Console.printError("sqlitedata-bench: built in \(seconds)")
    }
    return path
  }

  /// A copy of the cached database in `directory`, for a workload that writes.
  static func copy(into directory: TemporaryDirectory) throws -> String {
    let source = try cachedPath()
    let copy = try directory.freshDatabasePath(named: "reminders.sqlite")
    try FileManager.default.copyItem(atPath: source, toPath: copy)
    return copy
  }

  /// The list the workloads open: a middling one, as most lists are.
  static func benchmarkList(_ db: Database) throws -> RemindersList {
    guard let list = try RemindersList.where({ $0.position.eq(listCount / 2) }).fetchOne(db) else {
      throw UnexpectedResult(description: "the dataset has no list at position \(listCount / 2)")
    }
    return list
  }

  private static func isComplete(_ path: String) throws -> Bool {
    guard FileManager.default.fileExists(atPath: path) else { return false }
    let queue = try DatabaseQueue(path: path)
    defer { queue.close() }
    return try queue.read { db in
      let migrations = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
      let reminders = try Int.fetchOne(db, sql: "SELECT count(*) FROM reminders")
      return migrations == AppDatabase.migrationIdentifiers && reminders == reminderCount
    }
  }

  private static func build(at path: String) throws {
    let building = path + ".building"
    for suffix in ["", "-wal", "-shm"] {
      for file in [path, building] { try? FileManager.default.removeItem(atPath: file + suffix) }
    }
    // The schema as the app makes it: tables, indexes, search index, counts and their triggers.
    try AppDatabase.open(path: building, completesInterruptedCompletions: false).close()
    // The rows through a plain connection: no temporary triggers, and the search index's
    // triggers set aside, so that the index is filled once at the end instead of row by row. The
    // persistent count triggers run for every row.
    // Without a journal while it is made (a failed build is thrown away), then in WAL mode as
    // the app keeps it.
    let queue = try DatabaseQueue(path: building, configuration: AppDatabase.configuration)
    try queue.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -1000000")
      try db.inTransaction(.immediate) {
        // The app's indexes are made again after the rows, from sorted keys, instead of growing
        // one random insert at a time.
        let indexes = try Row.fetchAll(
          db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
        for index in indexes { try db.execute(sql: "DROP INDEX \"\(index[0].textValue)\"") }
        // The search index's triggers too: each tagging's would read the reminder's taggings
        // without the index dropped above. The index is filled once at the end instead.
        let searchTriggers = try Row.fetchAll(
          db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'reminderTexts%'"
        )
        for trigger in searchTriggers { try db.execute(sql: "DROP TRIGGER \"\(trigger[0].textValue)\"") }
        var generator = Generator(seed: 20_260_310)
        let rows = try ContinuousClock().measure { try generator.insertRows(db) }
        let indexing = try ContinuousClock().measure {
          for index in indexes { try db.execute(sql: index[1].textValue) }
        }
        let search = try ContinuousClock().measure {
          try fillSearchIndex(db)
          for trigger in searchTriggers { try db.execute(sql: trigger[1].textValue) }
        }
        Console.printError(
          "sqlitedata-bench: rows in \(rows), indexes in \(indexing), search index in \(search)")
        return .commit
      }
      _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
    }
    queue.close()
    try FileManager.default.moveItem(atPath: building, toPath: path)
    for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: building + suffix) }
  }

  /// The search index from the reminders, as the app's triggers would have filled it.
  private static func fillSearchIndex(_ db: Database) throws {
    let texts = Reminder.select { ($0.rowid, $0.title, $0.searchableNotes, $0.tagsText) }
    try db.execute(
      sql: #"INSERT INTO "reminderTexts" ("rowid", "title", "notes", "tags") "# + texts.query.inlinedSQL
    )
  }

  /// FNV-1a: a stable name for the schema (Swift's `hashValue` changes with every run).
  private static func fnv1a(_ text: String) -> UInt64 {
    text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
  }
}

extension DatabaseValue {
  /// The text of a TEXT value, empty otherwise.
  fileprivate var textValue: String {
    if case .text(let text) = self { return text }
    return ""
  }
}

/// Makes the rows, from a seeded generator.
private struct Generator {
  var random: SplitMix64
  let now = Date()

  init(seed: UInt64) { random = SplitMix64(state: seed) }

  static let listNames = [
    "Personal", "Family", "Work", "Groceries", "Home", "Garden", "Travel", "Books", "Movies", "Errands",
    "Health", "Finance", "School", "Projects", "Gifts", "Car", "Pets", "Music", "Recipes", "Ideas",
  ]
  static let verbs = [
    "Call", "Email", "Buy", "Book", "Pay", "Fix", "Clean", "Return", "Order", "Plan", "Review", "Send",
    "Pick up", "Drop off", "Renew", "Schedule", "Check", "Update", "Prepare", "Water",
  ]
  static let objects = [
    "mom", "the dentist", "groceries", "car insurance", "the plumber", "birthday gift", "library books",
    "flight to Lisbon", "tax return", "team report", "the garden", "bike", "passport", "electricity bill",
    "kitchen", "slides for Monday", "the landlord", "dry cleaning", "vet appointment", "school forms",
    "concert tickets", "printer ink", "photos", "budget", "plants", "gym membership", "coffee beans",
    "the newsletter", "invoice", "Grandma",
  ]
  static let noteLines = [
    "Ask about the price", "Before 5pm", "Bring the receipt", "Code 4521 at the door",
    "Check the other store too",
    "See the email from Sam", "Second floor, left", "Not the blue one", "Keep the box", "Twice if needed",
  ]

  /// A number in 0..<count, most often small: lists and tags are used unevenly.
  mutating func skewed(_ count: Int, power: Double) -> Int {
    min(count - 1, Int(pow(Double.random(in: 0..<1, using: &random), power) * Double(count)))
  }

  /// A random version-4 UUID as lowercase text, as `uuid()` makes them.
  mutating func uuid() -> String {
    let high = (random.next() & ~0xf000) | 0x4000
    let low = (random.next() & ~(0xc << 60)) | (0x8 << 60)
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(36)
    for (index, nibble) in (0..<32).enumerated() {
      if [8, 12, 16, 20].contains(index) { text.append(UInt8(ascii: "-")) }
      let word = nibble < 16 ? high : low
      text.append(digits[Int((word >> UInt64(60 - (nibble % 16) * 4)) & 0xf)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  mutating func insertRows(_ db: Database) throws {
    let listIDs = (0..<AppDataset.listCount).map { _ in uuid() }
    let insertList = try db.cachedStatement(
      sql: #"INSERT INTO "remindersLists" ("id", "color", "position", "title") VALUES (?, ?, ?, ?)"#)
    for (position, id) in listIDs.enumerated() {
      let names = Self.listNames
      let title =
        position < names.count
        ? names[position] : "\(names[position % names.count]) \(position / names.count + 1)"
      let color = RemindersList.palette[position % RemindersList.palette.count].color
      try insertList.execute(id, color, position, title)
    }
    for title in AppDataset.tagTitles {
      try db.execute(sql: #"INSERT INTO "tags" ("title") VALUES (?)"#, arguments: [title])
    }
    let insertReminder = try db.cachedStatement(
      sql: """
        INSERT INTO "reminders" ("id", "dueDate", "isFlagged", "notes", "position", "priority",
          "remindersListID", "status", "title")
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
    let insertTagging = try db.cachedStatement(
      sql: #"INSERT INTO "remindersTags" ("id", "reminderID", "tagID") VALUES (?, ?, ?)"#)
    let twoYears: TimeInterval = 2 * 365 * 24 * 60 * 60
    for position in 1...AppDataset.reminderCount {
      let id = uuid()
      let due: Date? =
        Double.random(in: 0..<1, using: &random) < 0.4
        ? Date(
          timeIntervalSinceReferenceDate: ((now.timeIntervalSinceReferenceDate
            + Double.random(in: -twoYears...twoYears, using: &random)) / 300).rounded(.down) * 300) : nil
      // Overdue reminders are mostly done, future ones mostly not: about 70% in all.
      let completedShare = due.map { $0 < now ? 0.85 : 0.35 } ?? 0.75
      let isCompleted = Double.random(in: 0..<1, using: &random) < completedShare
      var title =
        Self.verbs.randomElement(using: &random)! + " " + Self.objects.randomElement(using: &random)!
      if Int.random(in: 0..<5, using: &random) == 0 { title += " \(Int.random(in: 2...40, using: &random))" }
      let notes =
        Int.random(in: 0..<100, using: &random) < 15
        ? (0..<Int.random(in: 1...3, using: &random)).map { _ in Self.noteLines.randomElement(using: &random)!
        }
        .joined(separator: "\n") : ""
      let priority: Int? =
        Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 1...3, using: &random) : nil
      let arguments: [(any DatabaseValueConvertible)?] = [
        id, due, Int.random(in: 0..<20, using: &random) == 0, notes, position, priority,
        listIDs[skewed(AppDataset.listCount, power: 1.5)], isCompleted ? 1 : 0, title,
      ]
      try insertReminder.execute(arguments: StatementArguments(arguments))
      guard Int.random(in: 0..<10, using: &random) < 3 else { continue }
      let tagCount = [1, 1, 1, 1, 1, 1, 1, 2, 2, 3].randomElement(using: &random)!
      var tags: Set<Int> = []
      while tags.count < tagCount { tags.insert(skewed(AppDataset.tagTitles.count, power: 1.3)) }
      for tag in tags.sorted() { try insertTagging.execute(uuid(), id, AppDataset.tagTitles[tag]) }
    }
  }
}

/// A small deterministic generator, so that the dataset is the same on every machine.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
