import Foundation
import RemindersKit
import SQLiteData
import Testing

/// Damaged files through both importers: a small valid archive and a small valid calendar, each
/// with lines deleted, repeated, swapped or cut off, values swapped for extreme ones (`1e999`,
/// 2⁶⁴, dates past the year 9999, NUL, deep nesting, the wrong type), and bytes deleted, inserted
/// or replaced (invalid UTF-8 among them). Files come from other apps, old backups and hand edits;
/// an import must never crash, must say what is wrong in its own words (never the decoder's), and
/// what it does accept must be an archive the database can take.
///
/// Each document comes from the seed and its iteration number alone, so a failure replays without
/// the documents before it. Documents stay under 2,000 bytes so that 20,000 of each run in
/// about a second.
///
/// The loop gives way to other tests every 500 inputs: the cooperative pool has one thread per
/// core, and a fuzz loop holding both would stall the tests beside it that wait on a timer.
@Suite("Importers survive damaged files")
struct ImporterFuzzTests {
  static let seed: UInt64 = 0x5EED_0000_1A70_0001
  static let iterations = 20_000

  @Test func theUndamagedDocumentsImport() throws {
    let archive = try RemindersArchive(jsonData: Data(DocumentMutator.jsonLines.joined(separator: "\n").utf8))
    try archive.validate()
    #expect(archive.reminders.count == 1 && archive.lists.count == 1 && archive.reminderTags.count == 1)
    var made: UInt64 = 0
    let calendar = try RemindersArchive(
      iCalendar: DocumentMutator.iCalendarLines.joined(separator: "\r\n") + "\r\n", timeZone: newYork,
      uuid: {
        made += 1
        return Self.madeID(made)
      })
    try calendar.validate()
    #expect(
      calendar.reminders.map(\.title) == ["Call mom, dad; and \\ grandma", "Quarterly report 日本", "Someday"])
  }

  @Test func jsonArchivesReadOrSayWhatIsWrong() async {
    var checks = FuzzChecks(seed: Self.seed)
    var decoded = 0
    for iteration in 0..<Self.iterations {
      if iteration.isMultiple(of: 500) { await Task.yield() }
      var mutator = DocumentMutator(seed: Self.seed, iteration: iteration)
      let bytes = mutator.json()
      checks.iteration = iteration
      checks.describeInput = {
        String(decoding: bytes, as: UTF8.self).debugDescription
          + " (base64 \(Data(bytes).base64EncodedString()))"
      }
      let archive: RemindersArchive
      do {
        archive = try RemindersArchive(jsonData: Data(bytes))
      } catch {
        check(error, &checks)
        continue
      }
      decoded += 1
      checks.expect(
        archive.version == RemindersArchive.currentVersion, "read an archive of version \(archive.version)")
      checkTextAndDates(of: archive, &checks)
      do {
        try archive.validate()
      } catch {
        check(error, &checks)
      }
      // What was read is written losslessly: writing it and reading it back gives it again
      // (every tenth, to keep the run short).
      guard iteration % 10 == 0 else { continue }
      do {
        let again = try RemindersArchive(jsonData: archive.jsonData())
        checks.expect(again == archive, "writing and reading again changed the archive")
      } catch {
        checks.expect(false, "writing and reading again failed: \(error.description)")
      }
    }
    checks.recordUnreported()
    // The damage leaves some documents readable, so the checks of what is read run too.
    #expect(decoded > Self.iterations / 100, "\(decoded) documents read")
  }

  @Test func iCalendarTextsImportOrSayWhatIsWrong() async {
    let seed = Self.seed ^ 0x1CA1
    var checks = FuzzChecks(seed: seed)
    var imported = 0
    for iteration in 0..<Self.iterations {
      if iteration.isMultiple(of: 500) { await Task.yield() }
      var mutator = DocumentMutator(seed: seed, iteration: iteration)
      let text = mutator.iCalendar()
      checks.iteration = iteration
      checks.describeInput = { text.debugDescription }
      var made: UInt64 = 0
      let archive: RemindersArchive
      do {
        archive = try RemindersArchive(
          iCalendar: text, timeZone: newYork, defaultListTitle: "Imported",
          uuid: {
            made += 1
            return Self.madeID(made)
          })
      } catch {
        check(error, in: text, &checks)
        continue
      }
      imported += 1
      checkTextAndDates(of: archive, &checks)
      // The importer makes the ids and merges tags itself: what it builds is consistent.
      do {
        try archive.validate()
      } catch {
        checks.expect(false, "an import the database would refuse: \(error.description)")
      }
      // What an import gives, an export writes and an import reads again, with the same ids and due
      // dates (every twentieth, to keep the run short).
      if iteration % 20 == 0 {
        let exported = archive.iCalendar(stamp: fixedNow)
        do {
          var madeAgain: UInt64 = 0
          let again = try RemindersArchive(
            iCalendar: exported, timeZone: newYork,
            uuid: {
              madeAgain += 1
              return Self.madeID(madeAgain)
            })
          checks.expect(
            again.reminders.map(\.id) == archive.reminders.map(\.id)
              && again.reminders.map(\.dueDate) == archive.reminders.map(\.dueDate),
            "exporting and importing again changed ids or due dates: \(exported.debugDescription)")
        } catch {
          checks.expect(false, "the export of an import does not import: \(error.description)")
        }
      }
    }
    checks.recordUnreported()
    #expect(imported > Self.iterations / 20, "\(imported) texts imported")
  }

  // MARK: - Properties

  /// The top-level keys of an archive: where an error's path starts, when it names a place.
  static let tables: Set<String> = [
    "version", "remindersLists", "remindersListAssets", "reminders", "tags", "remindersTags",
  ]

  /// What any archive error promises: a sentence in the app's words that names a place in the
  /// archive, or none.
  private func check(_ error: RemindersArchiveError, _ checks: inout FuzzChecks) {
    let description = error.description
    checks.expect(!error.message.isEmpty, "an error without a message: \(description.debugDescription)")
    checks.expect(
      description.hasSuffix(".") && !description.hasSuffix(".."),
      "not one sentence: \(description.debugDescription)")
    if let leak = leak(in: description) {
      checks.expect(false, "the error shows “\(leak)”: \(description.debugDescription)")
    }
    let table = String(error.path.prefix { $0 != "[" && $0 != "." })
    checks.expect(
      error.path.isEmpty || Self.tables.contains(table),
      "the path \(error.path.debugDescription) is no place in an archive: \(description.debugDescription)")
  }

  /// What any iCalendar error promises: a sentence in the app's words, at a line of the text.
  private func check(_ error: ICalendarError, in text: String, _ checks: inout FuzzChecks) {
    let description = error.description
    checks.expect(!error.message.isEmpty, "an error without a message: \(description.debugDescription)")
    checks.expect(description.hasSuffix("."), "not a sentence: \(description.debugDescription)")
    if let leak = leak(in: description) {
      checks.expect(false, "the error shows “\(leak)”: \(description.debugDescription)")
    }
    if let line = error.line {
      let lines = text.utf8.count(where: { $0 == UInt8(ascii: "\n") }) + 1
      checks.expect((1...lines).contains(line), "line \(line) of \(lines): \(description.debugDescription)")
    }
  }

  /// What both importers refuse: NUL in text (SQLite and the search index stop at it), and due
  /// dates a reminder cannot have.
  private func checkTextAndDates(of archive: RemindersArchive, _ checks: inout FuzzChecks) {
    var texts = archive.lists.map(\.title)
    texts += archive.reminders.flatMap { [$0.title, $0.notes] }
    texts += archive.tags.map(\.title)
    texts += archive.reminderTags.map(\.tagID)
    if let text = texts.first(where: { $0.unicodeScalars.contains("\0") }) {
      checks.expect(false, "imported text holds a NUL: \(text.debugDescription)")
    }
    for reminder in archive.reminders {
      if let dueDate = reminder.dueDate {
        checks.expect(Reminder.dueDates.contains(dueDate), "due date \(dueDate) is outside Reminder.dueDates")
        let stored = DatabaseDateFormat.string(from: dueDate)
        checks.expect(
          storageYear(of: dueDate).map { (1...9999).contains($0) } == true,
          "due date \(dueDate) is stored as \(stored), outside the years 1 to 9999")
      }
    }
  }

  /// Swift's or Foundation's own words in a message meant for people, if any.
  private func leak(in description: String) -> String? {
    ["Optional(", "Optional<", "Swift.", "NSCocoaErrorDomain", "DecodingError", "Error Domain="].first {
      description.contains($0)
    }
  }

  /// The year a date is stored with: `DatabaseDateFormat` writes UTC, in the proleptic Gregorian
  /// calendar, with the year before the first `-`.
  private func storageYear(of date: Date) -> Int? {
    let text = DatabaseDateFormat.string(from: date)
    guard let end = text.dropFirst().firstIndex(of: "-") else { return nil }
    return Int(text[..<end])
  }

  /// Ids for what the iCalendar import makes (`f0220000-0000-4000-8000-…`): no document here uses
  /// them, so they collide with none of its ids.
  static func madeID(_ number: UInt64) -> UUID {
    func byte(_ shift: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: number >> shift) }
    return UUID(uuid: (0xF0, 0x22, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, byte(24), byte(16), byte(8), byte(0)))
  }
}

/// Damaged copies of a small archive and a small calendar, each from a seed and an iteration
/// number alone: one to three edits of whole lines, then up to two of single bytes.
private struct DocumentMutator {
  var random: SplitMix64

  init(seed: UInt64, iteration: Int) { random = SplitMix64(seed: seed, iteration: iteration) }

  mutating func below(_ bound: Int) -> Int { random.below(bound) }

  mutating func pick<Element>(_ elements: [Element]) -> Element { random.pick(elements) }

  // MARK: JSON

  mutating func json() -> [UInt8] {
    var lines = Self.jsonLines
    for _ in 0..<(1 + below(3)) {
      let index = below(lines.count)
      switch below(12) {
      case 0 where lines.count > 1: lines.remove(at: index)
      case 1: lines.insert(lines[index], at: index)
      case 2: lines.swapAt(index, below(lines.count))
      case 3, 4, 5, 6: lines[index] = withJSONValue(lines[index], pick(Self.jsonValues))
      case 7: lines[index] = withJSONValue(lines[index], nested())
      case 8: lines[index] = withJSONKey(lines[index], pick(Self.jsonKeys))
      case 9: lines.removeSubrange(max(index, 1)...)
      case 10: lines = ["[" + lines.joined(separator: "\n") + "]"]
      default: lines.insert(pick(Self.jsonValues) + pick([",", "", ":"]), at: index)
      }
    }
    var bytes = Array(lines.joined(separator: pick(["\n", "\n", "\n", "\r\n", "", " "])).utf8)
    editBytes(&bytes)
    return bytes
  }

  /// The line with its value (after `": `) replaced, its trailing comma kept; a line without a
  /// key is replaced whole.
  private func withJSONValue(_ line: String, _ value: String) -> String {
    guard let colon = line.range(of: "\": ") else { return value }
    return String(line[..<colon.upperBound]) + value + (line.hasSuffix(",") ? "," : "")
  }

  private func withJSONKey(_ line: String, _ key: String) -> String {
    guard let colon = line.range(of: "\": ") else { return line }
    return "\"\(key)" + String(line[colon.lowerBound...])
  }

  /// A value inside arrays nested around or past the decoder's limit.
  private mutating func nested() -> String {
    let depth = pick([2, 100, 511, 512, 513, 600])
    return String(repeating: "[", count: depth) + pick(["1", "\"x\"", "{}", ""])
      + String(repeating: "]", count: depth)
  }

  // MARK: iCalendar

  mutating func iCalendar() -> String {
    var lines = Self.iCalendarLines
    for _ in 0..<(1 + below(3)) {
      let index = below(lines.count)
      let line = lines[index]
      switch below(12) {
      case 0 where lines.count > 1: lines.remove(at: index)
      case 1: lines.insert(line, at: index)
      case 2: lines.swapAt(index, below(lines.count))
      case 3, 4, 5: lines[index] = withICalendarValue(line, pick(Self.iCalendarValues))
      case 6: lines[index] = pick(Self.iCalendarNames) + String(line[nameEnd(of: line)...])
      case 7:
        var edited = line
        edited.insert(contentsOf: pick(Self.iCalendarParameters), at: nameEnd(of: edited))
        lines[index] = edited
      case 8:
        // Folded at a random character: the rest goes on a continuation line.
        let split = line.index(line.startIndex, offsetBy: below(line.count + 1))
        lines[index] = String(line[..<split])
        lines.insert(pick([" ", "\t", "  "]) + String(line[split...]), at: index + 1)
      case 9: lines[index] = below(2) == 0 ? line.lowercased() : line.uppercased()
      case 10: lines.removeSubrange(max(index, 1)...)
      default: lines.insert(pick(Self.iCalendarLines), at: index)
      }
    }
    let lineBreak = pick(["\r\n", "\r\n", "\r\n", "\n", "\r"])
    var bytes = Array((lines.joined(separator: lineBreak) + (below(4) == 0 ? "" : lineBreak)).utf8)
    if below(20) == 0 { bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: 0) }
    editBytes(&bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Where a content line's name ends: at its first `;` or `:`, or at its end.
  private func nameEnd(of line: String) -> String.Index {
    line.firstIndex { $0 == ";" || $0 == ":" } ?? line.endIndex
  }

  private func withICalendarValue(_ line: String, _ value: String) -> String {
    guard let colon = line.firstIndex(of: ":") else { return line + ":" + value }
    return String(line[...colon]) + value
  }

  // MARK: Bytes

  /// Up to two edits of single bytes or short runs, then a cut at 2,000 bytes.
  private mutating func editBytes(_ bytes: inout [UInt8]) {
    for _ in 0..<below(3) {
      let index = below(bytes.count + 1)
      switch below(8) {
      case 0 where index < bytes.count: bytes.remove(at: index)
      case 1: bytes.insert(UInt8(below(256)), at: index)
      case 2 where index < bytes.count: bytes[index] = UInt8(below(256))
      case 3, 4: bytes.insert(contentsOf: pick(Self.oddBytes), at: index)
      case 5: bytes.removeSubrange(index...)
      case 6 where index < bytes.count: bytes.removeSubrange(index..<min(bytes.count, index + 1 + below(16)))
      default: bytes.insert(UInt8(0x20 + below(0x5F)), at: index)
      }
    }
    if bytes.count > 2000 { bytes.removeSubrange(2000...) }
  }

  /// Bytes that are no UTF-8 or cut UTF-8 short, NUL, a BOM, and JSON and iCalendar syntax.
  static let oddBytes: [[UInt8]] = brokenUTF8 + syntax.map { Array($0.utf8) }

  private static let brokenUTF8: [[UInt8]] = [
    [0x00], [0xFF], [0xFE], [0xC3], [0xE2, 0x80], [0xF0, 0x9F, 0x98], [0xED, 0xA0, 0x80], [0xC0, 0x80],
    [0xF4, 0x90, 0x80, 0x80], [0xEF, 0xBB, 0xBF], [0x0D], [0x0A], [0x0D, 0x0A, 0x20], [0x09], [0x1B],
  ]

  private static let syntax: [String] = [
    "\\u0000", "\\", "\"", "{", "}", "[", "]", ",", ":", ";", "null", "1e999", "//", "=", "\\n",
  ]

  // MARK: Documents

  /// A small archive as `jsonData()` writes it, one key to a line so that lines are edits of keys.
  static let jsonLines: [String] = [
    #"{"#,
    #""version": 1,"#,
    #""remindersLists": ["#,
    #"{"#,
    #""id": "4a99ef00-0000-4000-8000-000000000001","#,
    ##""color": "#4a99efff","##,
    #""position": 1,"#,
    #""title": "Personal""#,
    #"}"#,
    #"],"#,
    #""remindersListAssets": ["#,
    #"{"#,
    #""remindersListID": "4a99ef00-0000-4000-8000-000000000001","#,
    #""coverImage": "AAEC/v8=""#,
    #"}"#,
    #"],"#,
    #""reminders": ["#,
    #"{"#,
    #""id": "aaaaaaaa-0000-4000-8000-000000000001","#,
    #""dueDate": "2026-03-11 21:00:00.120","#,
    #""isFlagged": true,"#,
    #""notes": "Milk / Eggs\nbread \"fresh\"","#,
    #""position": 0,"#,
    #""priority": "high","#,
    #""remindersListID": "4a99ef00-0000-4000-8000-000000000001","#,
    #""status": "incomplete","#,
    #""title": "Groceries 🥛""#,
    #"}"#,
    #"],"#,
    #""tags": ["#,
    #"{"#,
    #""title": "someday""#,
    #"}"#,
    #"],"#,
    #""remindersTags": ["#,
    #"{"#,
    #""id": "bbbbbbbb-0000-4000-8000-000000000001","#,
    #""reminderID": "aaaaaaaa-0000-4000-8000-000000000001","#,
    #""tagID": "someday""#,
    #"}"#,
    #"]"#,
    #"}"#,
  ]

  /// JSON values of every type, numbers that fit no field, text with NUL and lone surrogates, dates
  /// at and past the ends of the years 1 to 9999, and ids that are in the archive already.
  static let jsonValues: [String] = [
    "1e999", "-1e999", "-1", "0", "1", "2", "7", "2.5", "1e2", "1E+2", "-0", "01", "0x10", "NaN", "Infinity",
    "18446744073709551616", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
    "-9223372036854775809", "4294967295", "4294967296", "null", "true", "false", #""""#, #""x""#, "[]", "{}",
    "[1, 2]", #"{"a": 1}"#, "[null]", "[{}]", #""\u0000""#, #""a\u0000b""#, #""\ud800""#, #""\udfff\ud800""#,
    #""\uD83D\uDE00""#, #""\x41""#, #""\""#, #""9999-12-31 23:59:59.999""#, #""10000-01-01 00:00:00.000""#,
    #""0000-12-31 23:59:59.999""#, #""0001-01-01 00:00:00.000""#, #""0001-01-01 00:00:00.000+00:01""#,
    #""9999-12-31 23:59:59.999-00:01""#, #""2026-02-31 23:59:60.9999""#, #""2026-03-14T17:00:00+14:00""#,
    #""2026-03-14""#, #""soon""#, ##""#ffffff""##, ##""#FFFFFFFF""##, ##""#zzzzzzzz""##, ##""#""##,
    ##""#fff""##,
    #""HIGH""#, #""completing""#, #""urgent""#, #""00000000-0000-0000-0000-000000000000""#,
    #""4A99EF00-0000-4000-8000-000000000001""#, #""aaaaaaaa-0000-4000-8000-000000000001""#,
    #""bbbbbbbb-0000-4000-8000-000000000001""#, #""someday""#, #""SOMEDAY""#, #""not base64!""#, #""=""#,
    #""AAEC/v8""#, "\"" + String(repeating: "a", count: 300) + "\"", #""é""#, #""e\u0301""#, "\"\u{FFFD}\"",
    "\"\u{202E}\"", #""\n\r\t""#,
  ]

  static let jsonKeys: [String] = [
    "version", "remindersLists", "remindersListAssets", "reminders", "tags", "remindersTags", "id", "color",
    "position", "title", "coverImage", "dueDate", "isFlagged", "notes", "priority", "remindersListID",
    "status",
    "reminderID", "tagID", "", "Title", "unknown", "\\u0000",
  ]

  /// A small calendar: a VTODO with every property the export writes, one from another app with a
  /// TZID, a folded line and an alarm, and one with a DATE.
  static let iCalendarLines: [String] = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//SQLiteData//Reminders//EN",
    #"X-WR-CALNAME:Home\, mostly"#,
    "BEGIN:VTODO",
    "UID:aaaaaaaa-0000-4000-8000-000000000001",
    "DTSTAMP:20260310T180000Z",
    #"SUMMARY:Call mom\, dad\; and \\ grandma"#,
    #"DESCRIPTION:Milk\nEggs"#,
    "DUE:20260311T210000Z",
    "PRIORITY:5",
    "STATUS:NEEDS-ACTION",
    "CATEGORIES:family,someday",
    "X-REMINDERS-LIST-ID:4a99ef00-0000-4000-8000-000000000001",
    "X-REMINDERS-LIST:Personal",
    "X-REMINDERS-LIST-COLOR:#4a99efff",
    "X-REMINDERS-LIST-POSITION:1",
    "X-REMINDERS-FLAGGED:TRUE",
    "X-REMINDERS-POSITION:2",
    "END:VTODO",
    "BEGIN:VTODO",
    "UID:20260314-abc@example.com",
    "SUMMARY;LANGUAGE=en:Quarterly report 日本",
    "DESCRIPTION:Draft the numbers for the board; this line is long enough that",
    "  it is folded here.",
    "DUE;TZID=Europe/Paris:20260314T090000",
    "COMPLETED:20260312T100000Z",
    "CATEGORIES:Family,q1",
    "BEGIN:VALARM",
    "ACTION:DISPLAY",
    "TRIGGER:-PT15M",
    "END:VALARM",
    "END:VTODO",
    "BEGIN:VTODO",
    "SUMMARY:Someday",
    "DUE;VALUE=DATE:20260320",
    "END:VTODO",
    "END:VCALENDAR",
  ]

  /// Dates at and past the ends of the years 1 to 9999 and impossible ones, numbers that fit no
  /// field, escapes, NUL, and component names.
  static let iCalendarValues: [String] = [
    "", " ", "99991231T235959Z", "99991231T230000", "99991231", "00010101T000000Z", "00010101T000000",
    "00010101", "00001231T235959Z", "20260230T090000Z", "20261314", "2026031", "20260314T250000",
    "20260314T235960", "20260314T235961", "20260314T0900", "20260314T090000X", "2026-03-14", "２０２６０３１４",
    "-1", "0", "4", "5", "9", "10", "18446744073709551616", "-9223372036854775808", "9223372036854775807",
    "1e999", "TRUE", "true", "#zzzzzz", "#ffffff", "#FFFFFFFF", "4294967296", "not-a-uuid",
    "4A99EF00-0000-4000-8000-000000000001", "aaaaaaaa-0000-4000-8000-000000000001", "\\", #"\n\N\;\,"#, ",,,",
    #"\,\,"#, "a\u{0}b", String(repeating: "x", count: 300), "日本語🥛", "\u{FFFD}", "\u{202E}", "e\u{301}",
    "VCALENDAR", "VTODO", "VALARM", "VEVENT", "vtodo", "COMPLETED", "CANCELLED",
  ]

  static let iCalendarNames: [String] = [
    "BEGIN", "END", "UID", "SUMMARY", "DESCRIPTION", "DUE", "PRIORITY", "STATUS", "COMPLETED", "CATEGORIES",
    "categories", "X-REMINDERS-LIST-ID", "X-REMINDERS-LIST", "X-REMINDERS-LIST-COLOR",
    "X-REMINDERS-LIST-POSITION",
    "X-REMINDERS-FLAGGED", "X-REMINDERS-POSITION", "X-WR-CALNAME", "", "-", "日本", "BEGIN;X=1",
  ]

  static let iCalendarParameters: [String] = [
    ";TZID=Europe/Paris", ";TZID=Mars/Olympus_Mons", ";TZID=", #";TZID="America/New_York""#, #";X="unclosed"#,
    ";=x", ";X", ";VALUE=DATE", #";X="a:b;c""#, ";TZID=\u{0}", ";TZID=../../etc/passwd",
  ]
}
