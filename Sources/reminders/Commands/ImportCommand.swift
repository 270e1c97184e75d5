import Foundation
import RemindersKit
import SQLiteData

/// `reminders import FILE [--format json|ics]`
enum ImportCommand: Subcommand {
  static let names = ["import"]
  static let summary = "Read reminders from JSON or iCalendar"
  static let help = """
    Usage: reminders import [--format json|ics] [--list NAME] FILE

    Adds what FILE holds (`-` for standard input) to the database, in one step:
      json   an export of this app: ids, positions and statuses are kept; reminders
             that exist are updated
      ics    iCalendar VTODOs from any calendar app

    The format comes from --format, else FILE's extension, else its content.

    Options:
      --format FORMAT   json or ics
      --list NAME       For iCalendar: the list for to-dos that name none (default: the
                        calendar's name, or "Imported")
      -h, --help        Show this help
    """

  static func run(_ arguments: [String], context: CommandContext) throws {
    guard let parsed = try parse(arguments, options: [.value("--format"), .value("--list")]) else { return }
    guard parsed.positional.count == 1 else {
      throw CommandError.usage("import needs one file (or - for standard input)", help: help)
    }
    let path = parsed.positional[0]
    let data = try path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : read(path)
    guard !data.isEmpty else {
      throw CommandError.failure(
        "\(path == "-" ? "standard input" : path) is empty: there is nothing to import")
    }
    let looksLikeCalendar = data.prefix(64).range(of: Data("BEGIN:VCALENDAR".utf8)) != nil
    let format = try InterchangeFormat(
      option: parsed.value("--format"), path: path == "-" ? nil : path,
      fallback: looksLikeCalendar ? .iCalendar : .json, help: help)
    let archive: RemindersArchive
    do {
      switch format {
      case .json:
        archive = try RemindersArchive(jsonData: data)
      case .iCalendar:
        guard let text = String(data: data, encoding: .utf8) else {
          throw CommandError.failure("\(path) is not UTF-8 text, as iCalendar files must be")
        }
        archive = try RemindersArchive(
          iCalendar: text, listTitle: parsed.value("--list"))
      }
    } catch let error as CommandError {
      throw error
    } catch {
      throw CommandError.failure("cannot import \(path): \(error)")
    }
    let summary = try context.database().writeAction { try $0.importArchive(archive) }
    Console.print("Imported \(path == "-" ? "standard input" : path): \(summary)")
  }

  /// The file's bytes, or why they cannot be read, in the system's words.
  private static func read(_ path: String) throws -> Data {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw CommandError.failure("cannot read \(path): there is no such file")
    }
    if isFolder.boolValue { throw CommandError.failure("cannot read \(path): it is a folder, not a file") }
    do {
      // A pipe or a device (`<(…)`, /dev/stdin) has no size to read up to: it is read to its end.
      let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
      if let type, type != .typeRegular, let handle = FileHandle(forReadingAtPath: path) {
        defer { try? handle.close() }
        return try handle.readToEnd() ?? Data()
      }
      return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw CommandError.failure("cannot read \(path): \(fileErrorReason(error))")
    }
  }
}
