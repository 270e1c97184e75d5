import Foundation
import RemindersKit
import SQLiteData
import Synchronization

/// From a commit by bob, in a list alice shares with him, to the new reminder on alice's screen:
/// alice's `reminders` app runs in a real terminal with its engine on the server, bob's device
/// is an app database with its engine in this process, both syncing in the background on a
/// loopback server. There is no C counterpart.
func shareToScreenWorkload(_ adminURL: String) -> Workload {
  Workload(name: "sync.share-commit-to-owner-screen", unit: .milliseconds, iterationScale: 5) {
    try SyncServer.install(connectionString: adminURL)
    let directory = try TemporaryDirectory()
    let (alice, bob) = (try newUser(adminURL), try newUser(adminURL))
    let alicePath = try directory.freshDatabasePath(named: "alice.sqlite")
    let bobPath = try directory.freshDatabasePath(named: "bob.sqlite")

    // alice's list, on the server and shared read-write with bob, who accepts it.
    let aliceDatabase = try AppDatabase.open(path: alicePath, completesInterruptedCompletions: false)
    let list = try aliceDatabase.writeAction { try $0.saveList(RemindersList.Draft(title: "Family")) }
    let aliceEngine = try AppSync.engine(
      for: aliceDatabase, startImmediately: false,
      cloudDatabase: PostgresCloudDatabase(connectionString: userURL(adminURL, alice)))!
    let shareID = Mutex("")
    try blocking {
      try await aliceEngine.sendChanges()
      let share = try await aliceEngine.share(record: list).share
      try await aliceEngine.addParticipant(bob, permission: .readWrite, to: share)
      shareID.withLock { $0 = share.shareID }
    }
    let bobDatabase = try AppDatabase.open(path: bobPath, completesInterruptedCompletions: false)
    let bobEngine = try AppSync.engine(
      for: bobDatabase, startImmediately: true,
      cloudDatabase: PostgresCloudDatabase(connectionString: userURL(adminURL, bob)))!
    let id = shareID.withLock { $0 }
    try blocking { try await bobEngine.acceptShare(metadata: CKShare.Metadata(shareID: id)) }

    // alice's app, syncing as alice.
    let executable = try remindersExecutable()
    let screen = try TmuxScreen(
      width: 100, height: 30,
      command:
        "TERM=xterm-256color SQLITEDATA_SYNC_URL='\(userURL(adminURL, alice))' exec '\(executable)' --db '\(alicePath)'"
    )
    _ = try screen.wait("alice's app") { rows in rows.contains { $0.contains("─ Today ") } }
    var number = 0
    return Sides(
      ours: .measuring {
        withExtendedLifetime((directory, aliceEngine, bobEngine)) {}
        number += 1
        // Due at the start of today, each a millisecond before the last, so that it sorts first
        // in alice's Today pane.
        let title = "From bob \(number) \(UInt32.random(in: 0...UInt32.max))"
        var draft = Reminder.Draft(remindersListID: list.id)
        draft.title = title
        draft.dueDate = LocalDay.today.start.addingTimeInterval(Double(999 - min(number, 999)) / 1000)
        _ = try bobDatabase.writeAction { try $0.saveReminder(draft) }
        let committed = ContinuousClock.now
        let seen = try screen.wait("\(title) on alice's screen") { rows in
          rows.contains { $0.contains(title) }
        }
        return seen - committed
      },
      baseline: nil)
  }
}
