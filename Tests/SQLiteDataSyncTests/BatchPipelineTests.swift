import Foundation
import SQLiteData
import SQLiteDataTestSupport
import Testing

/// A large upload goes as several batches: the next is made while the server works on one, and
/// sent once that one is answered. The server still sees one batch at a time, in order; an answer
/// other than saved or deleted drops the batch made ahead, which is made again after it.
@Suite struct BatchPipelineTests {
  let folder: TemporaryFolder
  init() throws { folder = try TemporaryFolder("sync") }

  static let reminderCount = 1_300

  @Test(arguments: Backend.allCases)
  func batchesGoOneAtATimeAndAConflictRemakesTheNext(backend: Backend) async throws {
    let server = try await backend.makeServer()
    let cloud1 = FaultyCloudDatabase(server.database(for: "alice"))
    let a1 = try Device("A1", folder: folder.url, cloud: cloud1)
    let a2 = try Device("A2", folder: folder.url, cloud: server.database(for: "alice"))
    try a1.write(at: 10) { db in
      try RemindersList.insert { RemindersList(id: "L", title: "Groceries") }.execute(db)
    }
    try await a1.sync()
    try await a2.sync()
    // A2 makes a reminder that A1 will also make, earlier: it sits in A1's second batch.
    let contested = Self.id(700)
    try a2.write(at: 50) { db in
      try Reminder.insert { Reminder(id: contested, title: "A2's", remindersListID: "L") }.execute(db)
    }
    try await a2.sync()
    try a1.write(at: 100) { db in
      for index in 0..<Self.reminderCount {
        try Reminder.insert { Reminder(id: Self.id(index), title: "A1's \(index)", remindersListID: "L") }
          .execute(db)
      }
    }

    try await a1.sync()
    try await a2.sync()

    let sent = cloud1.sentBatches.withLock { $0 }
    // The list, three batches of reminders, the contested reminder and the batch remade after it.
    #expect(sent.count >= 5)
    #expect(Set(sent).count == sent.count, "no batch was sent twice")
    #expect(cloud1.batchesAtOnce.withLock { $0.most } == 1)
    let reminders = try a1.reminders()
    #expect(reminders.count == Self.reminderCount)
    #expect(reminders.first { $0.id == contested }?.title == "A1's 700")
    #expect(try a2.canonicalDump() == (try a1.canonicalDump()))
    for device in [a1, a2] {
      #expect(try device.outboxCount() == 0)
      #expect(try device.count("sqlitedata_icloud_pendingBatch") == 0)
      #expect(try device.syncedMetadataCount() == Self.reminderCount + 1)
    }
  }

  static func id(_ index: Int) -> String {
    "R" + String(repeating: "0", count: 4 - String(index).count) + "\(index)"
  }
}
