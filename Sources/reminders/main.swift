import Foundation
import RemindersKit
import RemindersTUI
import SQLiteData
import TerminalUI

// reminders [--db PATH] [COMMAND [ARGS]]: the full-screen app, or one command for scripts.

/// The command being run, for the hint after a usage error.
nonisolated(unsafe) var invocationCommandName: String?
/// The database it works on, for messages about errors that do not name it.
nonisolated(unsafe) var invocationDatabasePath: String?

// A standard stream the caller closed (`2>&-`) is opened on /dev/null: otherwise the next file
// opened (an export's) would take its number, and messages meant for the stream would go into it.
for descriptor in STDIN_FILENO...STDERR_FILENO where fcntl(descriptor, F_GETFD) == -1 {
  _ = open("/dev/null", O_RDWR)
}

do {
  let invocation = try Invocation(SystemText.arguments())
  invocationCommandName = invocation.command?.name
  invocationDatabasePath = try? invocation.databasePath()
  if invocation.wantsHelp {
    Console.printHelp(topLevelHelp)
    try Console.finishOutput()
    exit(ExitCode.success.rawValue)
  }
  if let command = invocation.command {
    try command.run(invocation.arguments, context: CommandContext(databasePath: invocation.databasePath()))
    try Console.finishOutput()
    exit(ExitCode.success.rawValue)
  }
  let path = try invocation.databasePath()
  // A database that synced before follows the login while the app runs, even from none.
  let cloudDatabase = try SyncLogin.cloudDatabase(keepsWatching: AppSync.hasSynced(path: path))
  let database: DatabasePool
  do {
    database = try AppDatabase.open(
      path: path, attachesMetadatabase: AppSync.attachesMetadatabase(path: path, cloudDatabase: cloudDatabase)
    )
  } catch {
    throw CommandError.cannotOpen(path, error)
  }
  // Sends this device's changes shortly after each commit and fetches the others' while the
  // app runs, when the database syncs (an account in SQLITEDATA_SYNC_URL, or synced before).
  let syncEngine = try AppSync.engine(
    for: database, startImmediately: true, cloudDatabase: cloudDatabase)
  prepareDependencies {
    $0.defaultDatabase = database
    if let syncEngine { $0.defaultSyncEngine = syncEngine }
    // The screen is drawn on the main actor: live values change between frames, never during one.
    $0.liveValueScheduler = .mainActor
  }
  exit(try await RemindersTerminal.run(database: database, syncEngine: syncEngine))
} catch let error as TerminalError {
  // The commands need no full screen.
  Console.error(
    "reminders: \(error)\nThe commands work without it: reminders ls, reminders add \"Buy milk tomorrow\" "
      + "(reminders --help lists them).")
  exit(ExitCode.failure.rawValue)
} catch let error as CommandError {
  // What the command printed before it failed comes first.
  try? Console.finishOutput()
  Console.error("reminders: \(error.message)")
  if let usage = error.usage {
    // The synopsis only, and where the rest is: a full help would bury the error.
    let synopsis = usage.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
    let command = invocationCommandName.map { " \($0)" } ?? ""
    Console.error(synopsis.joined(separator: "\n") + "\nRun 'reminders\(command) --help' for more.")
  }
  exit(error.code.rawValue)
} catch {
  try? Console.finishOutput()
  Console.error("reminders: \(ProblemMessage.describe(error, databasePath: invocationDatabasePath))")
  exit(ExitCode.failure.rawValue)
}
