import Foundation
import SQLiteData
import SQLiteDataTestSupport
import Testing

/// Three devices of one user make a few hundred random inserts, updates, deletes and moves, and
/// sync at random while the network fails and replies get lost. Once everything syncs without
/// faults, every device holds the same rows, and no outbox or buffer holds anything.
@Suite struct ConvergenceTests {
  @Test(
    "Random edits and faults converge", .timeLimit(.minutes(3)), arguments: Backend.allCases,
    [1, 2, 3] as [UInt64])
  func randomEditsConverge(backend: Backend, seed: UInt64) async throws {
    let folder = try TemporaryFolder("sync")
    let server = try await backend.makeServer()
    var random = SplitMix64(seed: seed)
    let faulty = (0..<3).map { _ in FaultyCloudDatabase(server.database(for: "alice")) }
    let devices = try (0..<3).map { index in
      try Device("D\(index)", folder: folder.url, cloud: faulty[index])
    }
    // Each device's clock runs on its own, some behind the others.
    let skews: [Int64] = [0, -40, 25]
    var time: Int64 = 1_000
    var log: [String] = []
    for step in 0..<300 {
      time += Int64(random.next(upTo: 5)) + 1
      let index = random.next(upTo: 3)
      let device = devices[index]
      device.clock.set(time + skews[index])
      let lists = try device.lists().map(\.id)
      let reminders = try device.reminders()
      let roll = random.next(upTo: 100)
      do {
        switch roll {
        case 0..<10:
          let id = "L\(step)"
          try device.write {
            try RemindersList.insert { RemindersList(id: id, title: "List \(step)") }.execute($0)
          }
          log.append("\(step) D\(index) add list \(id)")
        case 10..<35 where !lists.isEmpty:
          let list = lists[random.next(upTo: lists.count)]
          let id = "R\(step)"
          try device.write {
            try Reminder.insert { Reminder(id: id, title: "Reminder \(step)", remindersListID: list) }
              .execute($0)
          }
          log.append("\(step) D\(index) add \(id) to \(list)")
        case 35..<50 where !reminders.isEmpty:
          let reminder = reminders[random.next(upTo: reminders.count)]
          try device.write {
            try Reminder.find(reminder.id).update { $0.title = "Title \(step)" }.execute($0)
          }
          log.append("\(step) D\(index) retitle \(reminder.id)")
        case 50..<58 where !reminders.isEmpty:
          let reminder = reminders[random.next(upTo: reminders.count)]
          try device.write {
            try Reminder.find(reminder.id).update { $0.isCompleted = !reminder.isCompleted }.execute($0)
          }
          log.append("\(step) D\(index) toggle \(reminder.id)")
        case 58..<64 where !reminders.isEmpty && lists.count > 1:
          let reminder = reminders[random.next(upTo: reminders.count)]
          let list = lists[random.next(upTo: lists.count)]
          try device.write { try Reminder.find(reminder.id).update { $0.remindersListID = list }.execute($0) }
          log.append("\(step) D\(index) move \(reminder.id) to \(list)")
        case 64..<70 where !reminders.isEmpty:
          let reminder = reminders[random.next(upTo: reminders.count)]
          try device.write { try Reminder.find(reminder.id).delete().execute($0) }
          log.append("\(step) D\(index) delete \(reminder.id)")
        case 70..<73 where !lists.isEmpty:
          let list = lists[random.next(upTo: lists.count)]
          try device.write { try RemindersList.find(list).delete().execute($0) }
          log.append("\(step) D\(index) delete list \(list)")
        case 73..<76:
          try await server.setAvailable(false)
          log.append("\(step) server down")
        case 76..<82:
          try await server.setAvailable(true)
          log.append("\(step) server up")
        case 82..<85:
          faulty[index].faults.withLock { $0.lostReplies = 1 }
          log.append("\(step) D\(index) will lose a reply")
        default:
          log.append("\(step) D\(index) sync")
          try? await device.engine.syncChanges()
        }
      }
    }
    try await server.setAvailable(true)
    for device in faulty { device.faults.withLock { $0 = .init() } }
    for _ in 0..<3 {
      for device in devices { try await device.engine.syncChanges() }
    }
    let dumps = try devices.map { try $0.canonicalDump() }
    let context = "seed \(seed); the last steps:\n" + log.suffix(40).joined(separator: "\n")
    #expect(dumps[0] == dumps[1], "\(context)")
    #expect(dumps[1] == dumps[2], "\(context)")
    for device in devices {
      #expect(try device.outboxCount() == 0, "\(device.name), \(context)")
      #expect(try device.count("sqlitedata_icloud_unsyncedRecordIDs") == 0, "\(device.name), \(context)")
      #expect(try device.count("sqlitedata_icloud_pendingBatch") == 0, "\(device.name), \(context)")
      #expect(device.engine.problems.isEmpty, "\(device.name): \(device.engine.problems), \(context)")
    }
    #expect(!dumps[0].isEmpty)
  }
}

/// A small seeded generator, so that a failing run can be replayed from its seed.
struct SplitMix64 {
  var state: UInt64
  init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func next(upTo bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
