import Foundation
import SQLiteData

extension RemindersArchive {
  /// Reads the VTODOs of an iCalendar text (one or more VCALENDARs) into an archive of reminders,
  /// their lists and their tags; everything else (events, alarms, time-zone definitions, unknown
  /// properties) is skipped. What `iCalendar(stamp:)` writes comes back field for field, except
  /// that a completing reminder comes back completed and the rows joining reminders to tags get
  /// new ids.
  ///
  /// From other apps: a UID that is not a UUID, or repeats, gets a name-based UUID (so that the
  /// same file imported again updates its to-dos), a VTODO without one a new id from `uuid`; a floating
  /// DUE is on the clock of `timeZone`, one with a TZID this system does not know too; a DUE that
  /// is a DATE is at `DueDateParser.defaultTime`; PRIORITY 1–4 is high, 5 medium, 6–9 low, 0 none;
  /// STATUS COMPLETED or CANCELLED (or a COMPLETED date) is completed, at its COMPLETED date when
  /// it has one. A VTODO without list properties goes into `listTitle` when it is given, else the
  /// list named by its calendar's X-WR-CALNAME, else `defaultListTitle`. A list without a
  /// position goes after the lists already in the database.
  public init(
    iCalendar text: String, timeZone: TimeZone = DependencyValues.current.timeZone,
    listTitle: String? = nil, defaultListTitle: String = "Imported",
    uuid: () -> UUID = { DependencyValues.current.uuid() }
  ) throws(ICalendarError) {
    var builder = ICalendarArchiveBuilder(
      timeZone: timeZone, chosenListTitle: listTitle, defaultListTitle: defaultListTitle)
    var text = Substring(text)
    if text.unicodeScalars.first == "\u{FEFF}" { text = Substring(text.unicodeScalars.dropFirst()) }
    let lines = ICalendarSyntax.unfold(String(text))
    guard !lines.isEmpty else { throw ICalendarError(line: nil, message: "the text is empty") }
    var open: [(name: String, line: Int)] = []
    var properties: [ICalendarContentLine] = []
    var calendarName: String?
    for (line, number) in lines {
      if open.isEmpty, line.trimmingCharacters(in: .whitespaces).uppercased() != "BEGIN:VCALENDAR" {
        throw ICalendarError(
          line: number,
          message: "expected BEGIN:VCALENDAR, found “\(line.prefix(40))”: this is not an iCalendar text")
      }
      // Text ends at a NUL for SQLite's functions and the search index: refused, as RFC 5545
      // refuses control characters in text.
      if line.unicodeScalars.contains("\0") {
        throw ICalendarError(line: number, message: "the line holds a NUL character (U+0000): remove it")
      }
      let property = try ICalendarSyntax.contentLine(line, number: number)
      let component = property.value.trimmingCharacters(in: .whitespaces).uppercased()
      switch property.name {
      case "BEGIN":
        if component == "VCALENDAR", let outer = open.last {
          throw ICalendarError(line: number, message: "a VCALENDAR cannot be inside \(outer.name)")
        }
        if component == "VTODO" {
          guard open.last?.name == "VCALENDAR" else {
            throw ICalendarError(line: number, message: "a VTODO must be directly inside a VCALENDAR")
          }
          properties = []
        }
        if component == "VCALENDAR" { calendarName = nil }
        open.append((component, number))
      case "END":
        guard let innermost = open.last else {
          throw ICalendarError(line: number, message: "END:\(component) has no BEGIN:\(component)")
        }
        guard innermost.name == component else {
          throw ICalendarError(
            line: number,
            message: "END:\(component) cannot close BEGIN:\(innermost.name) of line \(innermost.line)")
        }
        open.removeLast()
        if component == "VTODO" { try builder.add(properties, calendarName: calendarName, uuid: uuid) }
      default:
        if open.last?.name == "VTODO" {
          properties.append(property)
        } else if open.last?.name == "VCALENDAR", property.name == "X-WR-CALNAME" {
          calendarName = ICalendarSyntax.unescape(Substring(property.value).unicodeScalars)
        }
      }
    }
    if let innermost = open.last {
      throw ICalendarError(
        line: innermost.line,
        message: "BEGIN:\(innermost.name) has no END:\(innermost.name) (the text is cut short)")
    }
    self = builder.archive
  }
}

/// Gathers reminders, lists and tags from VTODOs, one at a time.
private struct ICalendarArchiveBuilder {
  let timeZone: TimeZone
  /// The list the user chose for VTODOs that name none, over their calendar's name.
  let chosenListTitle: String?
  let defaultListTitle: String
  var archive = RemindersArchive()

  private enum ListKey: Hashable {
    case id(UUID)
    case title(String)
  }

  private var listIndexes: [ListKey: Int] = [:]
  private var reminderIDs: Set<UUID> = []
  /// How many to-dos so far had each UID.
  private var uidCounts: [String: Int] = [:]

  init(timeZone: TimeZone, chosenListTitle: String?, defaultListTitle: String) {
    self.timeZone = timeZone
    self.chosenListTitle = chosenListTitle
    self.defaultListTitle = defaultListTitle
  }

  /// The moment a DUE or COMPLETED value names: on the clock of its TZID, else `timeZone` for a
  /// floating one; within the years the database stores.
  private func moment(of property: ICalendarContentLine, _ value: String) throws(ICalendarError) -> Date {
    let zone = property.parameters["TZID"].flatMap { TimeZone(identifier: $0) } ?? timeZone
    guard let date = ICalendarSyntax.date(value, timeZone: zone) else {
      throw ICalendarError(
        line: property.lineNumber,
        message:
          "\(property.name) “\(value.prefix(40))” is not a date-time such as 20260314T170000Z or a date such "
          + "as 20260314")
    }
    guard Reminder.dueDates.contains(date) else {
      throw ICalendarError(
        line: property.lineNumber,
        message: "\(property.name) “\(value)” falls outside the years 1 to 9999 in UTC")
    }
    return date
  }

  /// The namespace of the ids made from UIDs that are not UUIDs (itself a random UUID, fixed).
  static let uidNamespace = UUID(uuidString: "5b7e6a52-3f0e-4c55-9d1a-2f6c8e4b9a10")!

  mutating func add(
    _ properties: [ICalendarContentLine], calendarName: String?, uuid: () -> UUID
  ) throws(ICalendarError) {
    var uid: String?
    var title = ""
    var notes = ""
    var dueDate: Date?
    var priority: Reminder.Priority?
    var status: Reminder.Status?
    var completedAt: Date?
    var tags: [String] = []
    var isFlagged = false
    var position: Int?
    var listID: UUID?
    var listTitle: String?
    var listColor: Int?
    var listPosition: Int?

    for property in properties {
      let value = property.value.trimmingCharacters(in: .whitespaces)
      let text = { ICalendarSyntax.unescape(Substring(property.value).unicodeScalars) }
      func invalid(_ expected: String) -> ICalendarError {
        ICalendarError(
          line: property.lineNumber, message: "\(property.name) “\(value.prefix(40))” is not \(expected)")
      }
      switch property.name {
      case "UID":
        uid = value.isEmpty ? nil : value
      case "SUMMARY":
        title = text()
      case "DESCRIPTION":
        notes = text()
      case "DUE":
        dueDate = try moment(of: property, value)
      case "PRIORITY":
        guard let number = Int(value), (0...9).contains(number) else { throw invalid("a number from 0 to 9") }
        priority = number == 0 ? nil : number <= 4 ? .high : number == 5 ? .medium : .low
      case "STATUS":
        // A cancelled to-do is not to be done any more: it counts as completed, not as open.
        status = ["COMPLETED", "CANCELLED"].contains(value.uppercased()) ? .completed : .incomplete
      case "COMPLETED":
        completedAt = try moment(of: property, value)
      case "CATEGORIES":
        for tag in ICalendarSyntax.unescapeList(property.value) {
          let tag = tag.trimmingCharacters(in: .whitespaces)
          if !tag.isEmpty, !tags.contains(where: { $0.caseInsensitiveCompare(tag) == .orderedSame }) {
            tags.append(tag)
          }
        }
      case ICalendarProperty.flagged:
        isFlagged = value.uppercased() == "TRUE"
      case ICalendarProperty.position:
        guard let number = Int(value) else { throw invalid("a whole number") }
        position = number
      case ICalendarProperty.listID:
        guard let uuid = UUID(uuidString: value) else { throw invalid("a UUID") }
        listID = uuid
      case ICalendarProperty.listTitle:
        listTitle = text()
      case ICalendarProperty.listColor:
        guard let color = Int(value) ?? ListColorPalette.value(fromHex: value) else {
          throw invalid("a colour such as #4a99efff")
        }
        listColor = color
      case ICalendarProperty.listPosition:
        guard let number = Int(value) else { throw invalid("a whole number") }
        listPosition = number
      default:
        continue
      }
    }

    let reminderID = reminderID(uid: uid, uuid: uuid)
    let remindersListID = list(
      id: listID, title: listTitle ?? chosenListTitle ?? calendarName ?? defaultListTitle, color: listColor,
      position: listPosition,
      uuid: uuid)
    let finalStatus = status ?? (completedAt != nil ? .completed : .incomplete)
    archive.reminders.append(
      Reminder(
        id: reminderID, dueDate: dueDate, isFlagged: isFlagged, notes: notes,
        position: position ?? archive.reminders.count, priority: priority, remindersListID: remindersListID,
        status: finalStatus, title: title, completedAt: finalStatus == .completed ? completedAt : nil))
    for tag in tags {
      let title =
        archive.tags.first { $0.title.caseInsensitiveCompare(tag) == .orderedSame }?.title
        ?? {
          archive.tags.append(Tag(title: tag))
          return tag
        }()
      archive.reminderTags.append(ReminderTag(id: uuid(), reminderID: reminderID, tagID: title))
    }
  }

  /// The id of a to-do with `uid`: the UID itself when it is a UUID, else the name-based UUID of
  /// its text; the second to-do with a UID, the name-based UUID of the UID and its count. The same
  /// file thus gives the same ids each time it is read. A to-do without a UID gets a new id.
  private mutating func reminderID(uid: String?, uuid: () -> UUID) -> UUID {
    var id: UUID?
    if let uid {
      let count = uidCounts[uid, default: 0] + 1
      uidCounts[uid] = count
      id =
        count == 1
        ? UUID(uuidString: uid) ?? UUID(name: uid, namespace: Self.uidNamespace)
        : UUID(name: "\(uid) \(count)", namespace: Self.uidNamespace)
    }
    if let id, reminderIDs.insert(id).inserted { return id }
    let fresh = uuid()
    reminderIDs.insert(fresh)
    return fresh
  }

  /// The id of the list a VTODO names, made on first sight: by id when it has one, else by title.
  private mutating func list(id: UUID?, title: String, color: Int?, position: Int?, uuid: () -> UUID) -> UUID
  {
    let key = id.map(ListKey.id) ?? .title(title)
    if let index = listIndexes[key] { return archive.lists[index].id }
    let list = RemindersList(
      id: id ?? uuid(), color: color ?? RemindersList.defaultColor, position: position ?? archive.lists.count,
      title: title)
    listIndexes[key] = archive.lists.count
    archive.lists.append(list)
    if position == nil { archive.listsWithoutPosition.insert(list.id) }
    return list.id
  }
}
