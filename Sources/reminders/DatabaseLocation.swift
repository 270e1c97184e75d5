import Foundation

/// Where the app keeps its database: `$XDG_DATA_HOME/reminders/reminders.sqlite`, falling back on
/// `~/.local/share/reminders/reminders.sqlite` as the XDG base directory specification says.
enum DatabaseLocation {
  static func defaultPath() throws -> String {
    let dataHome: String
    if let xdg = try SystemText.environment("XDG_DATA_HOME"), xdg.hasPrefix("/") {
      dataHome = xdg
    } else {
      let home = try SystemText.environment("HOME") ?? NSHomeDirectory()
      dataHome = (home as NSString).appendingPathComponent(".local/share")
    }
    return (dataHome as NSString).appendingPathComponent("reminders/reminders.sqlite")
  }

  /// The default path for the help, or what it is made of when the environment cannot say.
  static var description: String {
    (try? defaultPath()) ?? "$XDG_DATA_HOME/reminders/reminders.sqlite"
  }
}
