import Foundation
import SQLiteData

/// Live queries: how long a commit takes to reach an observer, how many writes per second go
/// through while observers follow them, and how long another process's commit takes to arrive.
/// There is no C counterpart: SQLite has no observation.
func liveWorkloads() -> [Workload] {
  [1, 10, 100].map(commitToDeliveryWorkload) + [throughputWorkload(), otherProcessWorkload()]
}

/// A file database of 50,000 reminders in 200 lists, indexed by list and completion as a
/// reminders app counts them, and `others` for unaffected observers.
private func makeLiveDatabase(_ directory: TemporaryDirectory) throws -> DatabasePool {
  let pool = try DatabasePool(path: try directory.freshDatabasePath(named: "live.sqlite"))
  try pool.write { db in
    try db.execute(
      sql: """
        CREATE TABLE reminders (id INTEGER PRIMARY KEY, listID INTEGER NOT NULL, title TEXT NOT NULL, isCompleted INTEGER NOT NULL);
        CREATE INDEX reminders_listID_isCompleted ON reminders(listID, isCompleted);
        CREATE TABLE others (id INTEGER PRIMARY KEY, value INTEGER NOT NULL);
        """)
    let insert = try db.cachedStatement(sql: LiveSQL.insertReminder)
    for id in 1...50_000 { try insert.execute(id, id % 200, "Reminder \(id)", id % 3 == 0) }
  }
  return pool
}

enum LiveSQL {
  static let insertReminder = "INSERT INTO reminders (id, listID, title, isCompleted) VALUES (?, ?, ?, ?)"
  /// The incomplete reminders of one list: an indexed count over the 50,000 rows.
  static let countIncomplete = "SELECT count(*) FROM reminders WHERE listID = 7 AND NOT isCompleted"
}

/// From the commit of one insert into `reminders` (the moment SQLite's commit completes) until the
/// observer of one list's incomplete count (an indexed count over 50,000 rows) has its new value;
/// the other observers watch a table the insert does not touch.
private func commitToDeliveryWorkload(observers: Int) -> Workload {
  Workload(name: "live.commit-to-delivery-\(observers)", unit: .microseconds, iterationScale: 20) {
    let directory = try TemporaryDirectory()
    let pool = try makeLiveDatabase(directory)
    let deliveries = Deliveries()
    let commits = LockedValue(ContinuousClock.now)
    // Told of each commit before the observers are: registered after them, it would hear of the
    // commit only once all of them had, and the time they take would go unmeasured.
    let commitClock = pool.observeCommits { _ in commits.set(ContinuousClock.now) }
    var cancellables: [DatabaseCancellable] = []
    cancellables.append(
      ValueObservation.tracking { db in try Int.fetchOne(db, sql: LiveSQL.countIncomplete) }
        .start(in: pool, onError: { _ in }) { _ in deliveries.deliver() })
    for _ in 1..<observers {
      cancellables.append(
        ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM others") }
          .start(in: pool, onError: { _ in }) { _ in })
    }
    var nextID = 100_000
    return Sides(
      ours: .measuring({
        let target = deliveries.delivered + 1
        nextID += 1
        try pool.write { db in
          try db.cachedStatement(sql: LiveSQL.insertReminder).execute(nextID, 7, "New", false)
        }
        try deliveries.wait(until: target)
        withExtendedLifetime((directory, cancellables, commitClock)) {}
        return deliveries.lastDeliveryTime - commits.value
      }),
      baseline: nil)
  }
}

/// 10,000 small write transactions, each observed by 10 observers of the table they write; timed
/// until the observers have the last value.
private func throughputWorkload() -> Workload {
  Workload(name: "live.10k-writes-10-observers") {
    let directory = try TemporaryDirectory()
    let pool = try makeLiveDatabase(directory)
    let last = Deliveries()
    let finalCount = LockedValue(0)
    var cancellables: [DatabaseCancellable] = []
    for _ in 0..<10 {
      cancellables.append(
        ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM others") ?? 0 }
          .start(in: pool, onError: { _ in }) { count in
            finalCount.set(count)
            last.deliver()
          })
    }
    var written = 0
    return Sides(
      ours: Timed {
        for _ in 0..<10_000 {
          written += 1
          try pool.write { db in
            try db.cachedStatement(sql: "INSERT INTO others (value) VALUES (?)").execute(written)
          }
        }
        // Every observer ends on the final count: coalescing may skip intermediate values.
        while finalCount.value != written { try last.wait(until: last.delivered + 1) }
        withExtendedLifetime((directory, cancellables)) {}
      },
      baseline: nil)
  }
}

/// A long-running `sqlite3` process commits an insert; timed from writing the statement to its
/// standard input until this process's observer has the new value.
private func otherProcessWorkload() -> Workload {
  Workload(name: "live.other-process-commit", unit: .microseconds, iterationScale: 4) {
    let directory = try TemporaryDirectory()
    let pool = try makeLiveDatabase(directory)
    let deliveries = Deliveries()
    let cancellable = ValueObservation.tracking { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM others")
    }
    .start(in: pool, onError: { _ in }) { _ in deliveries.deliver() }
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    shell.arguments = [pool.path]
    let input = Pipe()
    shell.standardInput = input
    shell.standardOutput = FileHandle.nullDevice
    try shell.run()
    let session = ShellSession(process: shell, input: input)
    try input.fileHandleForWriting.write(contentsOf: Data("PRAGMA busy_timeout = 5000;\n".utf8))
    return Sides(
      ours: Timed {
        let target = deliveries.delivered + 1
        try session.input.fileHandleForWriting.write(
          contentsOf: Data("INSERT INTO others (value) VALUES (1);\n".utf8))
        try deliveries.wait(until: target)
        withExtendedLifetime((directory, cancellable)) {}
      },
      baseline: nil)
  }
}

/// Ends the shell when the workload is done.
private final class ShellSession {
  let process: Process
  let input: Pipe

  init(process: Process, input: Pipe) {
    self.process = process
    self.input = input
  }

  deinit {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }
}
