import Foundation
import TerminalUITestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// SIGKILL stops a program at any instruction, with no handler and no cleanup: in the middle of an
/// import's transaction, of a commit's writes to the WAL, of the checkpoint on close. SQLite
/// promises that a transaction is then wholly there or not there at all, and the schema keeps its
/// derived data (the live counts, the search index) with persistent triggers inside the same
/// transactions, so after any kill the file must still hold every change a command reported, each
/// import whole or absent, and derived data equal to a computation from scratch. Real `reminders`
/// processes write one file while the test kills them at random moments, round after round; fresh
/// processes (the `sqlite3` shell, which shares no code with the app, and the app itself) check it.
@Suite("Crash safety of the command line")
struct CrashSafetyTests {
  /// The seed of the commands, archive sizes and kill delays, printed with every failure;
  /// `REMINDERS_CRASH_SEED=n` runs another. The delays are durations, so where each kill lands in
  /// the work still depends on the machine's speed: a seed replays the same commands, not the
  /// same kills.
  static let seed: UInt64 = {
    if let text = ProcessInfo.processInfo.environment["REMINDERS_CRASH_SEED"], let seed = UInt64(text) {
      return seed
    }
    return 0xC0FF_EE15_DEAD
  }()

  /// Rounds go on until this many kills have landed on a running writer (a writer that finished
  /// before its moment was not killed), up to `maximumRounds`.
  static let requiredKills = 50
  static let maximumRounds = 150
  static let checkEvery = 10

  @Test func killedWritersLoseNoAcknowledgedChangeAndLeaveDerivedDataRight() throws {
    let seed = Self.seed
    let executable = try #require(CommandRunner.executable, "the reminders executable is not built")
    let cli = CommandRunner()
    let folder = (cli.databasePath as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { cli.removeDatabase() }
    var work = CrashWork(executable: executable, cli: cli, folder: folder, seed: seed)
    try work.setUp()
    var round = 0
    while work.stats.kills < Self.requiredKills, round < Self.maximumRounds {
      round += 1
      try work.round(round)
      let isLast = work.stats.kills >= Self.requiredKills || round == Self.maximumRounds
      guard round % Self.checkEvery == 0 || isLast else { continue }
      let problems = try work.problems()
      guard problems.isEmpty else {
        Issue.record(
          """
          seed \(seed), after round \(round): \(problems.count) problem(s)
          \(problems.prefix(20).joined(separator: "\n"))
          last steps:
          \(work.log.suffix(12).joined(separator: "\n"))
          """)
        return
      }
    }
    // The run did work worth checking: commands reported changes, and kills landed on running
    // writers (how many inside a transaction depends on the machine's speed, so it is reported,
    // not required).
    #expect(work.acknowledged > 0, "seed \(seed): no command reported a change\n\(work.log.suffix(12))")
    #expect(
      work.stats.kills >= Self.requiredKills,
      "seed \(seed): \(work.stats.kills) kills landed on running writers in \(round) rounds")
    print("Crash safety, seed \(seed): \(work.summary)")
  }
}

/// The writers, the kills, and what the commands acknowledged, on one database file.
private struct CrashWork {
  let executable: String
  let cli: CommandRunner
  let folder: String
  var random: SeededGenerator

  /// Each step, for failure messages.
  var log: [String] = []
  var stats = Stats()
  /// Commands that ended by themselves without succeeding, or crashed: none should.
  var unexpected: [String] = []
  var acknowledged = 0
  var step = 0

  // What commands acknowledged: they exited 0 after printing their confirmation.

  /// Titles of reminders added to the "Crash" list: each must stay.
  var added: Set<String> = []
  /// Titles completed: each must stay completed (nothing reopens them).
  var completed: Set<String> = []
  /// Titles flagged, tagged "edited" and given notes: each must stay so.
  var edited: Set<String> = []
  /// Lists created and not chosen for removal yet.
  var temporaryLists: [String] = []
  /// Lists removed: each must be gone, with its reminders.
  var removedLists: [String] = []
  var imports: [ImportRecord] = []
  /// Reminders found per import at the last check, by title prefix.
  var importCounts: [String: Int] = [:]

  struct ImportRecord {
    var prefix: String
    var reminders: Int
    var taggings: Int
    var acknowledged: Bool
  }

  struct Stats {
    var kills = 0
    var killsInsideTransaction = 0
    var killsCheckpointing = 0
    var importKills = 0
    var importKillsInsideTransaction = 0
  }

  init(executable: String, cli: CommandRunner, folder: String, seed: UInt64) {
    self.executable = executable
    self.cli = cli
    self.folder = folder
    random = SeededGenerator(state: seed)
  }

  static let editedNotes = "edited\nnotes"

  func setUp() throws {
    for arguments in [["seed"], ["lists", "add", "Crash"]] {
      let output = try cli.run(arguments: arguments)
      guard output.status == 0 else { throw CommandFailed(output: output) }
    }
  }

  /// A third of the rounds import an archive, the others run a stream of small commands; each
  /// round's writer is killed after a random delay of up to 150 ms unless it is done by then.
  mutating func round(_ round: Int) throws {
    rounds = round
    let delay = Duration.microseconds(Int.random(in: 0...150_000, using: &random))
    if round % 3 == 1 {
      try importRound(round, delay: delay)
    } else {
      try commandsRound(round, delay: delay)
    }
  }

  /// One import: a single transaction of 20 to 600 reminders with their taggings, long enough
  /// (tens of milliseconds in a debug build) for kills to land inside it.
  mutating func importRound(_ round: Int, delay: Duration) throws {
    let count = Int.random(in: 20...600, using: &random)
    let prefix = "import r\(round)"
    let archive = Self.archive(prefix: prefix, count: count, roundTag: "r\(round)")
    let path = folder + "/import-\(round).json"
    try archive.json.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let outcome = try run(["import", path], until: ContinuousClock.now + delay)
    if outcome.killed {
      stats.importKills += 1
      if outcome.phase == .writing { stats.importKillsInsideTransaction += 1 }
    }
    let isAcknowledged = outcome.succeeded && outcome.stdout.hasPrefix("Imported")
    if isAcknowledged { acknowledged += 1 }
    imports.append(
      ImportRecord(prefix: prefix, reminders: count, taggings: archive.taggings, acknowledged: isAcknowledged)
    )
    note(round, "import \(count) reminders as \(prefix)", outcome)
  }

  /// Commands one after another, as a script runs them: the first to its end, so that every round
  /// acknowledges something even on a slow machine, then more until the delay is over, and the
  /// one running then is killed.
  mutating func commandsRound(_ round: Int, delay: Duration) throws {
    let first = nextCommand(round)
    guard try perform(first, round, until: ContinuousClock.now + .seconds(60)) else { return }
    let deadline = ContinuousClock.now + delay
    while ContinuousClock.now < deadline {
      let command = nextCommand(round)
      guard try perform(command, round, until: deadline) else { return }
    }
  }

  /// Runs a command until `deadline`; false when it was killed.
  mutating func perform(_ command: Command, _ round: Int, until deadline: ContinuousClock.Instant) throws
    -> Bool
  {
    let outcome = try run(command.arguments, until: deadline)
    note(round, command.arguments.joined(separator: " ").debugDescription, outcome)
    if outcome.succeeded && outcome.stdout.hasPrefix(command.confirmation) { acknowledge(command) }
    return !outcome.killed
  }

  enum Command {
    case add(title: String, tag: String, notes: String?)
    case complete(String)
    case edit(String)
    case addList(String)
    case addToList(title: String, list: String)
    case removeList(String)

    var arguments: [String] {
      switch self {
      case .add(let title, let tag, let notes):
        ["add", "\(title) #\(tag) @Crash"] + (notes.map { ["--notes", $0] } ?? [])
      case .complete(let title): ["done", title]
      case .edit(let title):
        ["edit", title, "--add-tag", "edited", "--flag", "--notes", CrashWork.editedNotes]
      case .addList(let title): ["lists", "add", title]
      case .addToList(let title, let list): ["add", "\(title) #t\(title.count % 3)", "--list", list]
      case .removeList(let title): ["lists", "rm", title, "--yes"]
      }
    }

    /// How the command's output starts when it succeeds.
    var confirmation: String {
      switch self {
      case .add, .addToList: "Added "
      case .complete: "Completed "
      case .edit: "Changed "
      case .addList: "Added list "
      case .removeList: "Deleted list "
      }
    }
  }

  /// Mostly adds; completes and edits of acknowledged reminders; temporary lists created, given a
  /// reminder and removed with it (a cascade through the counts and the search index). Titles
  /// never repeat, and hold no word that quick-add reads as a date.
  mutating func nextCommand(_ round: Int) -> Command {
    step += 1
    // Sorted: a set's order changes from run to run, and the seed must replay the same choices.
    let incomplete = added.subtracting(completed).sorted()
    switch Int.random(in: 0..<20, using: &random) {
    case 10..<13 where !incomplete.isEmpty:
      return .complete(incomplete[Int.random(in: incomplete.indices, using: &random)])
    case 13..<16 where !incomplete.isEmpty:
      return .edit(incomplete[Int.random(in: incomplete.indices, using: &random)])
    case 16..<18:
      return .addList("Tmp r\(round) n\(step)")
    case 18..<20 where !temporaryLists.isEmpty:
      let index = Int.random(in: temporaryLists.indices, using: &random)
      if Bool.random(using: &random) {
        let list = temporaryLists[index]
        return .addToList(title: "\(list.lowercased()) k\(step)", list: list)
      }
      // Chosen once, whatever happens: a removal killed after its commit leaves nothing to remove.
      return .removeList(temporaryLists.remove(at: index))
    default:
      return .add(
        title: "crash r\(round) n\(step)", tag: "c\(step % 5)", notes: step % 3 == 0 ? "first\nsecond" : nil)
    }
  }

  mutating func acknowledge(_ command: Command) {
    acknowledged += 1
    switch command {
    case .add(let title, _, _): added.insert(title)
    case .complete(let title): completed.insert(title)
    case .edit(let title): edited.insert(title)
    case .addList(let title): temporaryLists.append(title)
    case .addToList: break  // its list may go later
    case .removeList(let title): removedLists.append(title)
    }
  }

  mutating func note(_ round: Int, _ what: String, _ outcome: Outcome) {
    log.append("round \(round): \(what): \(outcome)")
    if !outcome.killed && !outcome.succeeded {
      unexpected.append("\(what) failed by itself: \(outcome)\n\(outcome.stderr)")
    }
  }

  // MARK: - Running and killing

  struct Outcome: CustomStringConvertible {
    var killed: Bool
    var status: Int32
    var stdout: String
    var stderr: String
    var elapsed: Duration
    /// Where the process was in its work when it was killed, if in a transaction or checkpoint.
    var phase: Phase?

    var succeeded: Bool { !killed && status == 0 }

    var description: String {
      let milliseconds =
        elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
      guard killed else {
        return status == 0
          ? "exit 0 after \(milliseconds) ms" : "ended with \(status) after \(milliseconds) ms"
      }
      return "killed after \(milliseconds) ms" + (phase.map { " \($0.rawValue)" } ?? "")
    }
  }

  /// Runs `reminders --db <file> arguments…` until it exits or `deadline` passes, whichever comes
  /// first. At the deadline the process is stopped, its locks are read (to report where the kill
  /// landed), and it is killed with SIGKILL; then it is waited for, so that it has let go of the
  /// file before anything else opens it.
  mutating func run(_ arguments: [String], until deadline: ContinuousClock.Instant) throws -> Outcome {
    let start = ContinuousClock.now
    var phase: Phase?
    // Waited for until it ends (no writer outlives this call): at the deadline, stopped, its
    // phase read, and killed.
    let result = try Subprocess.run(
      [executable, "--db", cli.databasePath] + arguments, environment: ["NO_COLOR": "1"],
      deadline: deadline
    ) { pid in
      kill(pid, SIGSTOP)
      phase = self.phase(of: pid)
      kill(pid, SIGKILL)
    }
    let elapsed = start.duration(to: .now)
    let killed = result.signal == SIGKILL
    if killed {
      stats.kills += 1
      if phase == .writing { stats.killsInsideTransaction += 1 }
      if phase == .checkpointing { stats.killsCheckpointing += 1 }
    }
    return Outcome(
      killed: killed,
      status: killed ? SIGKILL : result.status, stdout: result.output, stderr: result.errors,
      elapsed: elapsed, phase: killed ? phase : nil)
  }

  enum Phase: String {
    case writing = "inside a write transaction"
    case checkpointing = "while checkpointing"
  }

  /// Where a stopped process is in SQLite's work, from the write locks it holds on the database
  /// file and its WAL index (the `-shm` file) in /proc/locks (Linux; nil where it cannot be read):
  /// a writer holds byte 120 of the index from the start of its transaction to its commit (and
  /// while it recovers a WAL that a crash left); a checkpoint holds byte 121, and the last
  /// connection to close holds the file's exclusive lock (510 bytes from 2^30 + 2) while it copies
  /// the WAL into the file.
  func phase(of pid: Int32) -> Phase? {
    func inode(_ path: String) -> String? {
      var info = stat()
      return stat(path, &info) == 0 ? ":\(info.st_ino)" : nil
    }
    guard let table = FileHandle(forReadingAtPath: "/proc/locks")?.readDataToEndOfFile() else { return nil }
    let database = inode(cli.databasePath)
    let index = inode(cli.databasePath + "-shm")
    var held: Set<String> = []
    for line in String(decoding: table, as: UTF8.self).split(separator: "\n") {
      // "1: POSIX  ADVISORY  WRITE 4242 08:01:1234 120 120"; a waiter has "->" before POSIX.
      let fields = line.split(separator: " ")
      guard fields.count >= 8, fields[1] == "POSIX", fields[3] == "WRITE", fields[4] == "\(pid)" else {
        continue
      }
      if let index, fields[5].hasSuffix(index) { held.insert("index \(fields[6])") }
      if let database, fields[5].hasSuffix(database) { held.insert("file \(fields[6])") }
    }
    if held.contains("index 120") { return .writing }
    if held.contains("index 121") || held.contains("file \((1 << 30) + 2)") { return .checkpointing }
    return nil
  }

  // MARK: - Archives

  /// An archive of `count` new reminders (fresh ids) titled "<prefix> <n>", in a list titled
  /// "Imported" (new the first time, matched by title afterwards), with every status, flags, due
  /// dates, notes on two lines and up to two tags each, one spelled in another case than the
  /// sample data's ("Car" for "car"), so that an import moves every count and fills the search
  /// index. Returns the JSON and the number of taggings.
  static func archive(prefix: String, count: Int, roundTag: String) -> (json: String, taggings: Int) {
    let tags = ["Car", "someday", "bulk", roundTag]
    let listID = UUID().uuidString.lowercased()
    var reminders: [String] = []
    var taggings: [String] = []
    for index in 0..<count {
      let id = UUID().uuidString.lowercased()
      let status = ["incomplete", "completed", "incomplete", "completing"][index % 4]
      let dueDate = index % 2 == 0 ? #""2026-03-14 17:00:00.000""# : "null"
      let notes = index % 5 == 0 ? #"line \#(index)\nnext"# : ""
      reminders.append(
        #"{"id":"\#(id)","remindersListID":"\#(listID)","title":"\#(prefix) \#(index)","#
          + #""notes":"\#(notes)","position":\#(index + 1),"status":"\#(status)","#
          + #""isFlagged":\#(index % 3 == 0),"dueDate":\#(dueDate)}"#)
      for offset in 0..<(index % 3) {
        let tagging = UUID().uuidString.lowercased()
        taggings.append(
          #"{"id":"\#(tagging)","reminderID":"\#(id)","tagID":"\#(tags[(index + offset) % tags.count])"}"#)
      }
    }
    let tagRows = tags.map { #"{"title":"\#($0)"}"# }.joined(separator: ",")
    let json =
      #"{"version":1,"remindersLists":[{"id":"\#(listID)","title":"Imported","position":9}],"#
      + #""tags":[\#(tagRows)],"reminders":[\#(reminders.joined(separator: ",\n"))],"#
      + #""remindersTags":[\#(taggings.joined(separator: ",\n"))]}"#
    return (json, taggings.count)
  }

  // MARK: - Checks

  /// What `sqlite3` reports: problems start with "!", facts for the ledger with a word.
  static let checkSQL = """
    SELECT '! integrity_check: ' || integrity_check FROM pragma_integrity_check
    WHERE integrity_check <> 'ok';
    SELECT '! foreign key', "table", rowid, parent, fkid FROM pragma_foreign_key_check;
    -- FTS5's own check: its index agrees with the text it stores (errors go to stderr).
    INSERT INTO reminderTexts (reminderTexts) VALUES ('integrity-check');

    -- Counts per list: incomplete, flagged and scheduled among the incomplete, completed
    -- (completing counts as completed); a row while any count is above zero.
    WITH stored AS (
      SELECT remindersListID, incompleteCount, flaggedCount, scheduledCount, completedCount
      FROM remindersListCounts
    ), fresh AS (
      SELECT remindersListID, sum(status = 0), sum(status = 0 AND isFlagged <> 0),
        sum(status = 0 AND dueDate IS NOT NULL), sum(status IN (1, 2))
      FROM reminders WHERE status IN (0, 1, 2) GROUP BY remindersListID
    )
    SELECT '! remindersListCounts has', * FROM (SELECT * FROM stored EXCEPT SELECT * FROM fresh)
    UNION ALL
    SELECT '! remindersListCounts lacks', * FROM (SELECT * FROM fresh EXCEPT SELECT * FROM stored);

    -- Taggings per tag, tags without regard to case.
    WITH stored AS (SELECT lower(tagID), remindersCount FROM tagCounts),
    fresh AS (SELECT lower(tagID), count(*) FROM remindersTags GROUP BY lower(tagID))
    SELECT '! tagCounts has', * FROM (SELECT * FROM stored EXCEPT SELECT * FROM fresh)
    UNION ALL
    SELECT '! tagCounts lacks', * FROM (SELECT * FROM fresh EXCEPT SELECT * FROM stored);

    -- The search index: a row per reminder under its rowid, with its title, its notes on one
    -- line and its tags as "#a #b" ordered without regard to case; no row without a reminder.
    WITH fresh AS (
      SELECT r.rowid AS id, r.title AS title,
        replace(replace(r.notes, char(13), ' '), char(10), ' ') AS notes,
        coalesce((SELECT group_concat('#' || tagID, ' ') FROM (
          SELECT tagID FROM remindersTags WHERE reminderID = r.id ORDER BY tagID COLLATE NOCASE)), '') AS tags
      FROM reminders r
    )
    SELECT '! reminderTexts missing or stale', f.id, f.title, t.title, t.notes, t.tags
    FROM fresh f LEFT JOIN reminderTexts t ON t.rowid = f.id
    WHERE t.rowid IS NULL OR t.title IS NOT f.title OR t.notes IS NOT f.notes OR t.tags IS NOT f.tags
    UNION ALL
    SELECT '! reminderTexts row without a reminder', t.rowid, t.title, t.notes, t.tags, NULL
    FROM reminderTexts t WHERE t.rowid NOT IN (SELECT rowid FROM reminders);

    SELECT 'crash', title FROM reminders WHERE title LIKE 'crash r%';
    SELECT 'import', rtrim(rtrim(r.title, '0123456789'), ' '), count(DISTINCT r.id), count(rt.id)
    FROM reminders r LEFT JOIN remindersTags rt ON rt.reminderID = r.id
    WHERE r.title LIKE 'import r%' GROUP BY 2;
    SELECT 'list', title FROM remindersLists;
    SELECT 'tmp', title FROM reminders WHERE title LIKE 'tmp r%';
    """

  /// Everything wrong with the file, empty when nothing is: the shell's checks of the file and of
  /// derived data, the acknowledged changes read back by the shell and by the app, and commands
  /// that failed by themselves.
  mutating func problems() throws -> [String] {
    var problems = unexpected
    let shell = try sqlite(Self.checkSQL)
    if !shell.errors.isEmpty { problems.append("sqlite3 said: \(shell.errors)") }
    var crashTitles: Set<String> = []
    var lists: Set<String> = []
    var temporaryTitles: [String] = []
    var found: [String: (reminders: Int, taggings: Int)] = [:]
    for line in shell.lines {
      let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
      switch fields[0] {
      case "crash" where fields.count == 2: crashTitles.insert(fields[1])
      case "list" where fields.count == 2: lists.insert(fields[1])
      case "tmp" where fields.count == 2: temporaryTitles.append(fields[1])
      case "import" where fields.count == 4:
        found[fields[1]] = (Int(fields[2]) ?? -1, Int(fields[3]) ?? -1)
      default: problems.append(line)  // "!" lines, and anything unexpected
      }
    }

    for title in added.subtracting(crashTitles).sorted() {
      problems.append("acknowledged add lost: \(title)")
    }
    importCounts = found.mapValues { $0.reminders }
    for record in imports {
      let (reminders, taggings) = found.removeValue(forKey: record.prefix) ?? (reminders: 0, taggings: 0)
      let whole = reminders == record.reminders && taggings == record.taggings
      let absent = reminders == 0 && taggings == 0
      // Acknowledged: whole. Killed: whole (the kill came after the commit) or absent.
      if !(whole || (absent && !record.acknowledged)) {
        let state = record.acknowledged ? "acknowledged" : "killed"
        problems.append(
          "\(record.prefix) (\(state)): \(reminders) of \(record.reminders) reminders and \(taggings) of "
            + "\(record.taggings) taggings")
      }
    }
    for prefix in found.keys.sorted() { problems.append("reminders of no import: \(prefix)") }
    for list in removedLists {
      if lists.contains(list) { problems.append("removed list still there: \(list)") }
      let prefix = list.lowercased() + " k"
      for title in temporaryTitles where title.hasPrefix(prefix) {
        problems.append("reminder of removed list \(list) still there: \(title)")
      }
    }

    // A fresh app process opens the file and reads the same.
    var listed: [String: [String: Any]] = [:]
    for row in try cli.reminders("--list", "Crash", "--all") {
      if let title = row["title"] as? String { listed[title] = row }
    }
    for title in added.sorted() where listed[title] == nil { problems.append("the app lacks \(title)") }
    for title in completed.sorted() where listed[title]?["isCompleted"] as? Bool != true {
      problems.append("the app shows \(title) not completed")
    }
    for title in edited.sorted() {
      let row = listed[title]
      if row?["isFlagged"] as? Bool != true || !((row?["tags"] as? [String]) ?? []).contains("edited")
        || row?["notes"] as? String != Self.editedNotes
      {
        problems.append("the app shows \(title) not edited: \(row.map { "\($0)" } ?? "missing")")
      }
    }
    // The app's search (the index) finds exactly the reminders whose title says "crash".
    let searched = try cli.json("search", "--all", "--json", "crash") as? [[String: Any]] ?? []
    let searchedTitles = Set(searched.compactMap { $0["title"] as? String })
    if searchedTitles != crashTitles {
      problems.append(
        "search finds \(searchedTitles.subtracting(crashTitles).sorted()) and misses "
          + "\(crashTitles.subtracting(searchedTitles).sorted())")
    }
    return problems
  }

  /// Runs SQL in the `sqlite3` shell on the file.
  func sqlite(_ sql: String) throws -> (lines: [String], errors: String) {
    let result = try Subprocess.run(["/usr/bin/sqlite3", "-batch", cli.databasePath], input: sql)
    return (result.output.split(separator: "\n").map(String.init), result.errors)
  }

  /// How many rounds ran.
  var rounds = 0

  var summary: String {
    let killedImports = imports.filter { !$0.acknowledged }
    let whole = killedImports.filter { importCounts[$0.prefix] == $0.reminders }.count
    return """
      \(rounds) rounds, \(acknowledged) acknowledged changes, \(stats.kills) kills \
      (\(stats.killsInsideTransaction) inside a write transaction, \(stats.killsCheckpointing) while \
      checkpointing); \(imports.count) imports: \(imports.count - killedImports.count) acknowledged, \
      \(killedImports.count) killed (\(stats.importKillsInsideTransaction) inside their transaction), \
      of which \(whole) found whole and \(killedImports.count - whole) absent
      """
  }
}

/// SplitMix64: a small generator whose sequence the seed fixes.
private struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
