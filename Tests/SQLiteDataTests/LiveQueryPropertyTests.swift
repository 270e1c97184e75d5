import Foundation
import SQLiteData
import SQLiteDataTestSupport
import TerminalUITestSupport
import Testing

/// Random work against a database, from this process and from a second one, with live queries
/// watching: whatever happens, each live value ends equal to a fresh fetch, and rolled-back work
/// never shows.
@Suite struct LiveQueryPropertyTests {
  @Table("entries")
  struct Entry: Equatable {
    let id: Int
    var amount = 0
    var bucket = 0
  }

  /// A small deterministic generator, so that a failing run can be replayed from its seed.
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

  /// A value whose `matches` reads the live value and a fresh fetch.
  struct Check {
    let name: String
    let matches: @Sendable () throws -> Bool
  }

  @Test(arguments: [1 as UInt64, 2, 3])
  func liveValuesEndEqualToAFreshFetch(seed: UInt64) async throws {
    let database = try DatabasePool.temporary()
    try await database.write { db in
      try #sql(
        #"CREATE TABLE "entries" ("id" INTEGER PRIMARY KEY, "amount" INTEGER NOT NULL, "bucket" INTEGER NOT NULL) STRICT"#
      )
      .execute(db)
      try #sql(#"CREATE TABLE "audit" ("id" INTEGER PRIMARY KEY, "entryID" INTEGER NOT NULL) STRICT"#)
        .execute(db)
      // Rows reach the audit table through a trigger only: its observers hear of trigger writes.
      try #sql(
        #"CREATE TRIGGER "audited" AFTER INSERT ON "entries" BEGIN INSERT INTO "audit" ("entryID") VALUES (NEW."id"); END"#
      )
      .execute(db)
    }

    try await withDependencies {
      $0.defaultDatabase = database
    } operation: {
      @FetchAll(Entry.order(by: \.id)) var entries
      @FetchAll(Entry.where { $0.bucket.eq(1) }.order { $0.amount.desc() }) var bucketOne
      @FetchOne(Entry.count()) var count = 0
      @FetchOne(Entry.select { $0.amount.sum() }) var total: Int? = nil
      @FetchOne(#sql("SELECT count(*) FROM audit", as: Int.self)) var audited = 0

      let checks = [
        Check(name: "entries") { try entries == database.read { try Entry.order(by: \.id).fetchAll($0) } },
        Check(name: "bucket one") {
          try bucketOne
            == database.read { try Entry.where { $0.bucket.eq(1) }.order { $0.amount.desc() }.fetchAll($0) }
        },
        Check(name: "count") { try count == database.read { try Entry.fetchCount($0) } },
        Check(name: "total") {
          try total == database.read { try Entry.select { $0.amount.sum() }.fetchOne($0) ?? nil }
        },
        Check(name: "audited") {
          try audited == database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM audit") }
        },
      ]

      // Rounds of three tasks writing at once (and the shell now and then), each round ending at a
      // quiescent point where every live value must equal a fresh fetch.
      for round in 0..<4 {
        try await withThrowingTaskGroup(of: Void.self) { group in
          for worker in 0..<3 {
            group.addTask {
              var random = SplitMix64(state: seed &* 1_000_003 &+ UInt64(round * 10 + worker))
              // Disjoint ids per task and round, so concurrent inserts never collide.
              var nextID = (round * 10 + worker + 1) * 100_000
              for step in 0..<12 {
                try await Self.randomStep(
                  database: database, path: database.path, random: &random, nextID: &nextID, step: step)
              }
            }
          }
          try await group.waitForAll()
        }
        try await settle(checks, seed: seed, step: (round + 1) * 36)
      }
    }
  }

  /// One random piece of work: an insert, update or delete, a rolled-back savepoint or
  /// transaction, or a commit by the `sqlite3` shell.
  private static func randomStep(
    database: DatabasePool, path: String, random: inout SplitMix64, nextID: inout Int, step: Int
  ) async throws {
    let existing = try await database.read { db in try Int.fetchAll(db, sql: "SELECT id FROM entries") }
    switch Int.random(in: 0..<10, using: &random) {
    case 0...2:
      let rows = (0..<Int.random(in: 1...3, using: &random)).map { _ in
        defer { nextID += 1 }
        return Entry(
          id: nextID, amount: Int.random(in: -50...50, using: &random),
          bucket: Int.random(in: 0...2, using: &random))
      }
      try await database.write { db in try Entry.insert { rows }.execute(db) }
    case 3, 4:
      guard let id = existing.randomElement(using: &random) else { return }
      let amount = Int.random(in: -50...50, using: &random)
      try await database.write { db in try Entry.find(id).update { $0.amount = amount }.execute(db) }
    case 5:
      guard let id = existing.randomElement(using: &random) else { return }
      try await database.write { db in try Entry.find(id).delete().execute(db) }
    case 6:
      // A savepoint rolled back inside a committed transaction: only the outer work shows.
      let kept = Entry(id: nextID, amount: 7, bucket: 1)
      let dropped = Entry(id: nextID + 1, amount: 9, bucket: 1)
      nextID += 2
      try await database.write { db in
        try Entry.insert { kept }.execute(db)
        try db.inSavepoint {
          try Entry.insert { dropped }.execute(db)
          return .rollback
        }
      }
    case 7:
      // A whole transaction rolled back.
      let doomed = Entry(id: nextID, amount: 1, bucket: 1)
      nextID += 1
      _ = try? await database.write { db in
        try Entry.insert { doomed }.execute(db)
        throw CancellationError()
      }
    default:
      // Another process commits: the sqlite3 shell on the same file.
      let id = nextID
      nextID += 1
      let shell = try Subprocess.run([
        "/usr/bin/sqlite3", path,
        "PRAGMA busy_timeout = 5000; INSERT INTO entries (id, amount, bucket) VALUES (\(id), \(step), 1); "
          + "UPDATE entries SET bucket = 2 WHERE id = (SELECT min(id) FROM entries);",
      ])
      #expect(shell.exitStatus == 0, "\(shell.errors)")
    }
  }

  /// Waits until every live value equals a fresh fetch, failing with the ones that never did.
  private func settle(_ checks: [Check], seed: UInt64, step: Int) async throws {
    // Woken by each change of a live value the checks read. Every check is read each time (no
    // stopping at the first that fails), so that every live value is watched: a value that
    // changes while the watch begins is read again once it has begun, and any later change of
    // any of them wakes the wait.
    let settled =
      (try? await waitUntil { checks.map { (try? $0.matches()) == true }.allSatisfy { $0 } }) != nil
    if !settled {
      let failing = try checks.filter { try !$0.matches() }.map(\.name)
      Issue.record("seed \(seed), step \(step): live values differ from the database: \(failing)")
    }
  }
}
