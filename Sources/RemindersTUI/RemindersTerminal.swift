import Foundation
import RemindersKit
import SQLiteData
import TerminalUI

/// The full-screen Reminders app.
public enum RemindersTerminal {
  /// Runs the app on `database` (already prepared by RemindersKit and set as the default
  /// database), syncing through `syncEngine` when it has one, until the user quits, and returns the exit status. Throws the toolkit's
  /// `TerminalError` when standard input or output is not a terminal.
  @MainActor
  public static func run(database: any DatabaseWriter, syncEngine: SyncEngine? = nil) async throws -> Int32 {
    let app = RemindersApp(syncEngine: syncEngine)
    let loop = try MainLoop(application: app)
    app.loop = loop
    app.followTheDay()
    let reason = try await loop.run()
    let unsaved = await app.settleWrites(beforeExitingFor: reason)
    if unsaved > 0 {
      let message =
        "reminders: interrupted before \(count: unsaved, "change") waiting for the database could be saved: "
        + "\(unsaved == 1 ? "it was" : "they were") not saved\n"
      FileHandle.standardError.write(Data(message.utf8))
    }
    return reason.exitStatus
  }
}
