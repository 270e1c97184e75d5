import Foundation
import SQLiteData

/// Where this device stands with the sync server, as the status line says it: synced, changes
/// waiting, offline since when, or what went wrong.
public struct SyncState: Hashable, Sendable {
  /// How the engine's last exchange with the server went.
  public var status: SyncStatus = .idle
  /// Whether changes are being sent or fetched right now.
  public var isSynchronizing = false
  /// When the server stopped answering, while it does not.
  public var offlineSince: Date?
  /// How many changes the server refused for want of permission (each undone here), since the
  /// engine was made.
  public var refusedChanges = 0

  public init(status: SyncStatus = .idle, isSynchronizing: Bool = false, offlineSince: Date? = nil) {
    self.status = status
    self.isSynchronizing = isSynchronizing
    self.offlineSince = offlineSince
  }

  /// The state after the engine reported `status` at `now`: the time the server went away is kept
  /// until it answers again.
  public func updated(status: SyncStatus, isSynchronizing: Bool, at now: Date) -> SyncState {
    var next = self
    next.status = status
    next.isSynchronizing = isSynchronizing
    if case .offline = status {
      next.offlineSince = offlineSince ?? now
    } else if case .upToDate = status {
      next.offlineSince = nil
    }
    return next
  }

  /// What both front ends say when the server refused `count` changes: why, and that they were
  /// undone.
  public static func refusalMessage(_ count: Int) -> String {
    "the server refused \(count: count, "change") for want of permission (a list shared with you "
      + "was made read-only, or is no longer shared): \(count == 1 ? "it was" : "they were") undone here"
  }

  /// The status line's words, with `pending` changes waiting to be sent; times in `timeZone`.
  public func summary(pending: Int, now: Date, calendar: Calendar, timeZone: TimeZone) -> String {
    let waiting = "\(count: pending, "change") waiting"
    switch status {
    case .offline(.noAccount):
      return "not logged in · " + waiting
    case .offline(.notAuthenticated):
      // What the server said is in `reminders account status`; here, what to do.
      return "login refused: reminders account login" + (pending > 0 ? " · " + waiting : "")
    case .offline(let error):
      let since = offlineSince.map {
        " since " + Self.time($0, now: now, calendar: calendar, timeZone: timeZone)
      }
      // An unreachable server is what "offline" says; other refusals say why.
      let reason: String = if case .unavailable = error { "" } else { " (\(error.reason))" }
      return "offline" + (since ?? "") + reason + (pending > 0 ? " · " + waiting : "")
    case .failed(let message):
      return "sync failed: " + message.split(whereSeparator: \.isNewline).joined(separator: " ")
    case .idle, .upToDate:
      if isSynchronizing { return pending > 0 ? "syncing · " + waiting : "syncing…" }
      if pending > 0 { return waiting }
      if case .idle = status { return "connecting…" }
      return "synced"
    }
  }

  /// `14:05` today, `Dec 1 14:05` on another day.
  static func time(_ date: Date, now: Date, calendar: Calendar, timeZone: TimeZone) -> String {
    var calendar = calendar
    calendar.timeZone = timeZone
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat = calendar.isDate(date, inSameDayAs: now) ? "HH:mm" : "MMM d HH:mm"
    return formatter.string(from: date)
  }
}
