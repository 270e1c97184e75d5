import Foundation
import RemindersKit
import RemindersTUI
import SQLiteData

/// `reminders [--db PATH]`: opens the Reminders database and reports what it holds.
let usage = """
  Usage: reminders [--db PATH]

  Opens the Reminders database and reports what it holds.

  Options:
    --db PATH   The database file (default: \(DatabaseLocation.defaultPath()))
    -h, --help  Show this help
  """

var arguments = CommandLine.arguments.dropFirst()
var path = DatabaseLocation.defaultPath()
while let argument = arguments.popFirst() {
  switch argument {
  case "-h", "--help":
    print(usage)
    exit(0)
  case "--db":
    guard let value = arguments.popFirst(), !value.isEmpty else {
      FileHandle.standardError.write(Data("reminders: --db needs a path\n\n\(usage)\n".utf8))
      exit(2)
    }
    path = value
  default:
    FileHandle.standardError.write(Data("reminders: unknown argument '\(argument)'\n\n\(usage)\n".utf8))
    exit(2)
  }
}

do {
  try DatabaseLocation.prepareFolder(for: path)
  let database = try AppDatabase.open(path: path)
  prepareDependencies { $0.defaultDatabase = database }
  exit(try await RemindersTerminal.run(database: database))
} catch {
  FileHandle.standardError.write(Data("reminders: \(error)\n".utf8))
  exit(1)
}
