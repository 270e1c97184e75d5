import Foundation
import SQLiteData

/// The lossless JSON form: tables under their database names, rows under their column names,
/// keys sorted, pretty-printed, ending in a newline. Dates are in the storage format
/// (`2026-03-14 17:00:00.000`, UTC, to the millisecond like the database), UUIDs lowercase,
/// colours `#rrggbbaa` (or the number, for a value that does not fit in 32 bits), priorities and
/// statuses by name. Writing what was read gives
/// the same bytes.
///
/// Reading is more tolerant: missing tables are empty, missing columns take the database's
/// defaults in a new row (except identifiers, references and tag titles; a reminder already in
/// the database keeps its own values for them), colours may be `#rrggbb` or numbers, priorities
/// and statuses their numbers.
extension RemindersArchive: Codable {
  enum CodingKeys: String, CodingKey {
    case version
    case lists = "remindersLists"
    case listAssets = "remindersListAssets"
    case reminders
    case tags
    case reminderTags = "remindersTags"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let version = try container.decodeWholeNumber(.version)
    guard version >= 1, version <= Self.currentVersion else {
      throw DecodingError.dataCorruptedError(
        forKey: .version, in: container,
        debugDescription:
          "version \(version) is not one this app reads (1 to \(Self.currentVersion)); a newer app wrote it")
    }
    let reminders = try container.decodeIfPresent([ReminderRecord].self, forKey: .reminders) ?? []
    let lists = try container.decodeIfPresent([ListRecord].self, forKey: .lists) ?? []
    self.init(
      version: version,
      lists: lists.map(\.value),
      listAssets: try container.decodeIfPresent([ListAssetRecord].self, forKey: .listAssets)?.map(\.value)
        ?? [],
      reminders: reminders.map(\.value),
      tags: try container.decodeIfPresent([TagRecord].self, forKey: .tags)?.map(\.value) ?? [],
      reminderTags: try container.decodeIfPresent([ReminderTagRecord].self, forKey: .reminderTags)?.map(
        \.value)
        ?? [])
    listsWithoutPosition = Set(lists.filter { !$0.statesPosition }.map(\.value.id))
    for record in reminders where !record.unstated.isEmpty {
      unstatedReminderColumns[record.value.id] = record.unstated
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(lists.map(ListRecord.init), forKey: .lists)
    try container.encode(listAssets.map(ListAssetRecord.init), forKey: .listAssets)
    try container.encode(reminders.map(ReminderRecord.init), forKey: .reminders)
    try container.encode(tags.map(TagRecord.init), forKey: .tags)
    try container.encode(reminderTags.map(ReminderTagRecord.init), forKey: .reminderTags)
  }

  /// The archive as JSON text (UTF-8), safe to show on a terminal (``TerminalSafeJSON``).
  public func jsonData() throws(RemindersArchiveError) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      return TerminalSafeJSON.escaping(try encoder.encode(self)) + Data("\n".utf8)
    } catch {
      throw RemindersArchiveError(path: "", message: "could not be written as JSON: \(error)")
    }
  }

  /// Reads an archive written by `jsonData()` (or by hand, see above). Errors name the place:
  /// `reminders[2].dueDate: “soon” is not a date …`.
  public init(jsonData: Data) throws(RemindersArchiveError) {
    try JSONPrecheck.check(jsonData)
    do {
      self = try JSONDecoder().decode(RemindersArchive.self, from: jsonData)
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      throw RemindersArchiveError.syntax(of: jsonData)
    } catch let error as DecodingError {
      throw RemindersArchiveError(error)
    } catch {
      throw RemindersArchiveError(path: "", message: "could not be read: \(error)")
    }
  }
}

// MARK: - Rows

private struct ListRecord: Codable {
  var value: RemindersList
  /// Whether the record gives the list's position (a hand-written one may not).
  var statesPosition = true
  init(_ value: RemindersList) { self.value = value }

  enum CodingKeys: String, CodingKey { case id, color, position, title }

  init(from decoder: any Decoder) throws {
    let row = try decoder.container(keyedBy: CodingKeys.self)
    statesPosition = row.contains(.position)
    value = RemindersList(
      id: try row.decodeUUID(.id),
      color: try row.decodeColorIfPresent(.color) ?? RemindersList.defaultColor,
      position: try row.decodeWholeNumberIfPresent(.position) ?? 0,
      title: try row.decodeTextIfPresent(.title) ?? "")
  }

  func encode(to encoder: any Encoder) throws {
    var row = encoder.container(keyedBy: CodingKeys.self)
    try row.encode(value.id.lowercased, forKey: .id)
    try row.encodeColor(value.color, forKey: .color)
    try row.encode(value.position, forKey: .position)
    try row.encode(value.title, forKey: .title)
  }
}

private struct ListAssetRecord: Codable {
  var value: RemindersListAsset
  init(_ value: RemindersListAsset) { self.value = value }

  enum CodingKeys: String, CodingKey { case remindersListID, coverImage }

  init(from decoder: any Decoder) throws {
    let row = try decoder.container(keyedBy: CodingKeys.self)
    var image: Data?
    if let text = try row.decodeIfPresent(String.self, forKey: .coverImage) {
      guard let data = Data(base64Encoded: text) else {
        throw DecodingError.dataCorruptedError(
          forKey: .coverImage, in: row, debugDescription: "the cover image is not base64 text")
      }
      image = data
    }
    value = RemindersListAsset(remindersListID: try row.decodeUUID(.remindersListID), coverImage: image)
  }

  func encode(to encoder: any Encoder) throws {
    var row = encoder.container(keyedBy: CodingKeys.self)
    try row.encode(value.remindersListID.lowercased, forKey: .remindersListID)
    if let image = value.coverImage {
      try row.encode(image.base64EncodedString(), forKey: .coverImage)
    } else {
      try row.encodeNil(forKey: .coverImage)
    }
  }
}

private struct ReminderRecord: Codable {
  var value: Reminder
  /// The columns the record leaves out (a hand-written one): a new reminder takes the defaults
  /// for them, one already in the database keeps its own.
  var unstated: Set<String> = []
  init(_ value: Reminder) { self.value = value }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case id, dueDate, isFlagged, notes, position, priority, remindersListID, status, title, completedAt
  }

  static let priorityNames: [Reminder.Priority: String] = [.low: "low", .medium: "medium", .high: "high"]
  static let statusNames: [Reminder.Status: String] = [
    .incomplete: "incomplete", .completed: "completed", .completing: "completing",
  ]

  init(from decoder: any Decoder) throws {
    let row = try decoder.container(keyedBy: CodingKeys.self)
    value = Reminder(
      id: try row.decodeUUID(.id),
      dueDate: try row.decodeDateIfPresent(.dueDate),
      isFlagged: try row.decodeIfPresent(Bool.self, forKey: .isFlagged) ?? false,
      notes: try row.decodeTextIfPresent(.notes) ?? "",
      position: try row.decodeWholeNumberIfPresent(.position) ?? 0,
      priority: try row.decodeNamedIfPresent(.priority, names: Self.priorityNames),
      remindersListID: try row.decodeUUID(.remindersListID),
      status: try row.decodeNamedIfPresent(.status, names: Self.statusNames) ?? .incomplete,
      title: try row.decodeTextIfPresent(.title) ?? "",
      completedAt: try row.decodeDateIfPresent(.completedAt))
    // `completedAt` is left out of every reminder completed before the dates were recorded: its
    // absence is a value, which `imported(over:keeping:)` treats apart.
    unstated = Set(
      CodingKeys.allCases.filter { $0 != .completedAt && !row.contains($0) }.map(\.stringValue))
  }

  func encode(to encoder: any Encoder) throws {
    var row = encoder.container(keyedBy: CodingKeys.self)
    try row.encode(value.id.lowercased, forKey: .id)
    if let dueDate = value.dueDate {
      try row.encode(DatabaseDateFormat.string(from: dueDate), forKey: .dueDate)
    } else {
      try row.encodeNil(forKey: .dueDate)
    }
    try row.encode(value.isFlagged, forKey: .isFlagged)
    try row.encode(value.notes, forKey: .notes)
    try row.encode(value.position, forKey: .position)
    if let priority = value.priority {
      try row.encode(Self.priorityNames[priority], forKey: .priority)
    } else {
      try row.encodeNil(forKey: .priority)
    }
    try row.encode(value.remindersListID.lowercased, forKey: .remindersListID)
    try row.encode(Self.statusNames[value.status], forKey: .status)
    try row.encode(value.title, forKey: .title)
    // Written only when known: archives of reminders completed before dates were recorded stay
    // as they were.
    if let completedAt = value.completedAt {
      try row.encode(DatabaseDateFormat.string(from: completedAt), forKey: .completedAt)
    }
  }
}

private struct TagRecord: Codable {
  var value: Tag
  init(_ value: Tag) { self.value = value }

  enum CodingKeys: String, CodingKey { case title }

  init(from decoder: any Decoder) throws {
    let row = try decoder.container(keyedBy: CodingKeys.self)
    value = Tag(title: try row.decodeTextIfPresent(.title) ?? row.decode(String.self, forKey: .title))
  }

  func encode(to encoder: any Encoder) throws {
    var row = encoder.container(keyedBy: CodingKeys.self)
    try row.encode(value.title, forKey: .title)
  }
}

private struct ReminderTagRecord: Codable {
  var value: ReminderTag
  init(_ value: ReminderTag) { self.value = value }

  enum CodingKeys: String, CodingKey { case id, reminderID, tagID }

  init(from decoder: any Decoder) throws {
    let row = try decoder.container(keyedBy: CodingKeys.self)
    value = ReminderTag(
      id: try row.decodeUUID(.id), reminderID: try row.decodeUUID(.reminderID),
      tagID: try row.decodeTextIfPresent(.tagID) ?? row.decode(String.self, forKey: .tagID))
  }

  func encode(to encoder: any Encoder) throws {
    var row = encoder.container(keyedBy: CodingKeys.self)
    try row.encode(value.id.lowercased, forKey: .id)
    try row.encode(value.reminderID.lowercased, forKey: .reminderID)
    try row.encode(value.tagID, forKey: .tagID)
  }
}

// MARK: - Columns

extension KeyedDecodingContainer {
  fileprivate func decodeUUID(_ key: Key) throws -> UUID {
    let text = try decode(String.self, forKey: key)
    guard let uuid = UUID(uuidString: text) else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self,
        debugDescription: "“\(text)” is not a UUID (like 0f8fad5b-d9cb-469f-a165-70867728950e)")
    }
    return uuid
  }

  fileprivate func decodeDateIfPresent(_ key: Key) throws -> Date? {
    guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
    guard let date = DatabaseDateFormat.date(from: text) else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self, debugDescription: "“\(text)” is not a date (UTC, like 2026-03-14 17:00:00.000)"
      )
    }
    guard Reminder.dueDates.contains(date) else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self, debugDescription: "“\(text)” falls outside the years 1 to 9999 in UTC")
    }
    return date
  }

  /// A whole number that fits: a number too large for one (`1e999`, 2⁶⁴) is said to be so, where
  /// the decoder would only say that the document is not valid JSON.
  fileprivate func decodeWholeNumberIfPresent(_ key: Key) throws -> Int? {
    do {
      return try decodeIfPresent(Int.self, forKey: key)
    } catch let error as DecodingError {
      throw error
    } catch {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self,
        debugDescription: "the number is not a whole number from \(Int.min) to \(Int.max)")
    }
  }

  fileprivate func decodeWholeNumber(_ key: Key) throws -> Int {
    guard let number = try decodeWholeNumberIfPresent(key) else {
      throw DecodingError.keyNotFound(
        key, DecodingError.Context(codingPath: codingPath, debugDescription: "the key is missing"))
    }
    return number
  }

  /// Text without NUL characters: SQLite's functions and the search index stop at one, so the
  /// rest of the text could never be found.
  fileprivate func decodeTextIfPresent(_ key: Key) throws -> String? {
    guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
    if let index = text.unicodeScalars.firstIndex(of: "\0") {
      let offset = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: index) + 1
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self,
        debugDescription: "the text holds a NUL character (U+0000) at character \(offset): remove it")
    }
    return text
  }

  fileprivate func decodeColorIfPresent(_ key: Key) throws -> Int? {
    guard contains(key), try !decodeNil(forKey: key) else { return nil }
    if let number = try? decode(Int.self, forKey: key) { return number }
    guard let text = try? decode(String.self, forKey: key), let value = ListColorPalette.value(fromHex: text)
    else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self, debugDescription: "a colour is “#rrggbbaa”, “#rrggbb” or a number")
    }
    return value
  }

  /// A value by name (`"high"`) or by its stored number (`3`).
  fileprivate func decodeNamedIfPresent<Value: RawRepresentable<Int>>(
    _ key: Key, names: [Value: String]
  ) throws -> Value? {
    guard contains(key), try !decodeNil(forKey: key) else { return nil }
    if let number = try? decode(Int.self, forKey: key), let value = Value(rawValue: number) { return value }
    if let name = try? decode(String.self, forKey: key),
      let value = names.first(where: { $0.value == name.lowercased() })?.key
    {
      return value
    }
    let choices = names.sorted { $0.key.rawValue < $1.key.rawValue }.map {
      "“\($0.value)” (\($0.key.rawValue))"
    }
    throw DecodingError.dataCorruptedError(
      forKey: key, in: self, debugDescription: "expected one of \(choices.joined(separator: ", "))")
  }
}

extension KeyedEncodingContainer {
  /// `#rrggbbaa` when the value fits in 32 bits, the number otherwise, so that any stored value
  /// comes back unchanged.
  fileprivate mutating func encodeColor(_ color: Int, forKey key: Key) throws {
    if (0...0xffff_ffff).contains(color) {
      try encode(ListColorPalette.hexString(color, includingAlpha: true), forKey: key)
    } else {
      try encode(color, forKey: key)
    }
  }
}
