import Foundation
import SQLiteData

/// Where the app keeps its database: `$XDG_DATA_HOME/reminders/reminders.sqlite`, falling back on
/// `~/.local/share/reminders/reminders.sqlite` as the XDG base directory specification says.
enum DatabaseLocation {
  static func defaultPath() throws -> String {
    let dataHome = try xdgDataHome(environment: SystemText.environment)
    return (dataHome as NSString).appendingPathComponent("reminders/reminders.sqlite")
  }

  /// The default path for the help, or what it is made of when the environment cannot say.
  static var description: String {
    (try? defaultPath()) ?? "$XDG_DATA_HOME/reminders/reminders.sqlite"
  }
}
