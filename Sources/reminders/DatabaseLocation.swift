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

  /// Creates the folder that will hold the database file.
  static func prepareFolder(for path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    guard !folder.isEmpty else { return }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }
}
