import Foundation
import RemindersKit
import SQLiteData
import Testing

/// The status line's words for where sync stands.
@Suite struct SyncStateTests {
  let calendar = Calendar(identifier: .gregorian)
  let timeZone = TimeZone(identifier: "Europe/Paris")!
  /// Tuesday 3 March 2026, 10:00 in Paris.
  let now = Date(timeIntervalSince1970: 1_772_528_400)

  func summary(_ state: SyncState, pending: Int = 0, at date: Date? = nil) -> String {
    state.summary(pending: pending, now: date ?? now, calendar: calendar, timeZone: timeZone)
  }

  @Test func syncedSyncingAndWaiting() {
    let synced = SyncState().updated(status: .upToDate(now), isSynchronizing: false, at: now)
    #expect(summary(synced) == "synced")
    #expect(summary(synced, pending: 1) == "1 change waiting")
    #expect(summary(synced, pending: 3) == "3 changes waiting")
    let syncing = synced.updated(status: .upToDate(now), isSynchronizing: true, at: now)
    #expect(summary(syncing) == "syncing…")
    #expect(summary(syncing, pending: 2) == "syncing · 2 changes waiting")
    #expect(summary(SyncState()) == "connecting…")
  }

  @Test func offlineSinceTheFirstFailureUntilTheServerAnswers() {
    let down = CloudError.unavailable("connection refused")
    var state = SyncState().updated(status: .offline(down), isSynchronizing: false, at: now)
    // Failing again later keeps the time it started.
    state = state.updated(status: .offline(down), isSynchronizing: false, at: now.addingTimeInterval(600))
    #expect(state.offlineSince == now)
    #expect(summary(state, pending: 2) == "offline since 10:00 · 2 changes waiting")
    #expect(summary(state, at: now.addingTimeInterval(86_400)) == "offline since Mar 3 10:00")
    state = state.updated(status: .upToDate(now), isSynchronizing: false, at: now.addingTimeInterval(700))
    #expect(state.offlineSince == nil)
    #expect(summary(state) == "synced")
  }

  @Test func refusalsSayWhy() {
    let refused = SyncState().updated(
      status: .offline(.notAuthenticated("password authentication failed")), isSynchronizing: false, at: now)
    #expect(summary(refused) == "login refused: reminders account login")
    #expect(
      summary(refused, pending: 2) == "login refused: reminders account login · 2 changes waiting")
    let noAccount = SyncState().updated(status: .offline(.noAccount), isSynchronizing: false, at: now)
    #expect(summary(noAccount, pending: 1) == "not logged in · 1 change waiting")
    let failed = SyncState().updated(
      status: .failed("schema mismatch\non reminders"), isSynchronizing: false, at: now)
    #expect(summary(failed) == "sync failed: schema mismatch on reminders")
  }
}
