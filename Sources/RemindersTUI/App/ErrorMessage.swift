import RemindersKit
import SQLiteData

/// An error as the screen shows it: in words a user can act on, naming the database file.
func message(for error: any Error) -> String {
  @Dependency(\.defaultDatabase) var database
  return ProblemMessage.describe(error, databasePath: database.path)
}
