import Foundation

/// Where the app keeps its database: `$XDG_DATA_HOME/reminders/reminders.sqlite`, falling back on
/// `~/.local/share/reminders/reminders.sqlite` as the XDG base directory specification says.
enum DatabaseLocation {
  static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    let dataHome: String
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      dataHome = xdg
    } else {
      let home = environment["HOME"] ?? NSHomeDirectory()
      dataHome = (home as NSString).appendingPathComponent(".local/share")
    }
    return (dataHome as NSString).appendingPathComponent("reminders/reminders.sqlite")
  }
}
