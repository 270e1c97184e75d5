import Foundation
import RemindersKit
import SQLiteData

/// `reminders export [--format json|ics] [--output FILE]`
enum ExportCommand: Subcommand {
  static let names = ["export"]
  static let summary = "Write everything as JSON or iCalendar"
  static let help = """
    Usage: reminders export [--format json|ics] [--output FILE]

    Writes the whole database to standard output (or FILE):
      json   every list, reminder and tag, losslessly (`reminders import` reads it back)
      ics    the reminders as iCalendar VTODOs, for calendar apps

    Options:
      --format FORMAT   json (default) or ics; FILE's extension picks it when given
      --output FILE     Write to FILE instead of standard output
      -h, --help        Show this help
    """

  static func run(_ arguments: [String], context: CommandContext) throws {
    guard let parsed = try parse(arguments, options: [.value("--format"), .value("--output", "-o")]) else {
      return
    }
    guard parsed.positional.isEmpty else {
      throw CommandError.usage("export takes no arguments (got '\(parsed.positional[0])')", help: help)
    }
    let output = parsed.value("--output")
    let format = try InterchangeFormat(option: parsed.value("--format"), path: output, help: help)
    let database = try context.existingDatabase()
    let archive = try database.archive()
    if !archive.textNotUTF8.isEmpty { try warn(of: archive.textNotUTF8, in: database) }
    let data: Data
    switch format {
    case .json:
      do {
        data = try archive.jsonData()
      } catch {
        throw CommandError.failure("cannot write the archive: \(error)")
      }
    case .iCalendar:
      data = Data(archive.iCalendar().utf8)
    }
    if let output {
      if Self.isDatabaseFile(output, database: context.databasePath) {
        throw CommandError.failure(
          "\(output) is the database itself (or one of its files): writing the export there would destroy it; "
            + "name another file")
      }
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: output, isDirectory: &isFolder), isFolder.boolValue {
        throw CommandError.failure(
          "cannot write \(output): it is a folder; name a file, such as \(output)/reminders.json")
      }
      do {
        try OutputFile.write(data, to: output)
      } catch {
        throw CommandError.failure("cannot write \(output): \(error)")
      }
      Console.error(
        "Exported \(count: archive.reminders.count, "reminder") in \(count: archive.lists.count, "list") to \(output)"
      )
    } else {
      Console.write(data)
    }
  }

  /// Says which rows hold text that is not UTF-8, which the export carries with U+FFFD in its place:
  /// by their short ids (their titles may show U+FFFD too), up to ten of them.
  static func warn(of rows: [TextNotUTF8], in database: DatabasePool) throws {
    let shown = rows.prefix(10)
    let (reminderIDs, listIDs) = try database.read { db in
      (
        try ShortIDs.reminders(
          shown.compactMap { if case .reminder(let id) = $0.row { id } else { nil } }, in: db),
        try ShortIDs.lists(shown.compactMap { if case .list(let id) = $0.row { id } else { nil } }, in: db)
      )
    }
    var lines = [
      "reminders: warning: \(count: rows.count, "row") \(rows.count == 1 ? "holds" : "hold") text that is not "
        + "UTF-8 (another program wrote it):"
    ]
    for row in shown {
      let name =
        switch row.row {
        case .reminder(let id): "reminder \(reminderIDs.of(id)) “\(row.title)”"
        case .list(let id): "list \(listIDs.of(id)) “\(row.title)”"
        case .tag: "tag “#\(row.title)”"
        }
      lines.append("  \(name): \(row.columns.joined(separator: ", "))")
    }
    if rows.count > shown.count { lines.append("  and \(rows.count - shown.count) more") }
    lines.append(
      "The export holds � (U+FFFD) where those bytes were, and importing it would store that �. To export "
        + "the text as it should read, correct it first (reminders edit, lists rename, or the app), then export again."
    )
    Console.error(lines.joined(separator: "\n"))
  }

  /// Whether `path` is the database file or its log, by identity: the same file under another
  /// name (a relative path, a link) counts too.
  static func isDatabaseFile(_ path: String, database: String) -> Bool {
    var target = stat()
    guard stat(path, &target) == 0 else { return false }
    return ["", "-wal", "-shm", "-journal"].contains { suffix in
      var file = stat()
      return stat(database + suffix, &file) == 0 && file.st_dev == target.st_dev
        && file.st_ino == target.st_ino
    }
  }
}

/// The two forms the database can be exported to and imported from.
enum InterchangeFormat {
  case json
  case iCalendar

  /// The format an option names, else the one a file's extension suggests, else `fallback`.
  init(option: String?, path: String?, fallback: Self = .json, help: String) throws {
    if let option {
      switch option.lowercased() {
      case "json": self = .json
      case "ics", "ical", "icalendar": self = .iCalendar
      default: throw CommandError.usage("unknown format '\(option)': use json or ics", help: help)
      }
    } else if let path, ["ics", "ical", "ifb"].contains((path as NSString).pathExtension.lowercased()) {
      self = .iCalendar
    } else {
      self = fallback
    }
  }
}
