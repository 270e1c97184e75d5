import Foundation
import Testing

@testable import SQLiteDataSync

/// The JSON the engine writes to the server and the metadatabase, and reads back.
@Suite struct WireJSONTests {
  static let awkwardText = "quote \" backslash \\ slash / newline \n tab \t bell \u{7} é 日本 👩‍👩‍👧 nul-free"

  @Test("A record with every kind of value comes back equal, whatever its text holds")
  func recordRoundTrip() throws {
    let stamp = HLCStamp(milliseconds: 1_764_000_000_000, counter: 7)
    let record = ServerRecord(
      id: RecordID(owner: "alice", zone: "sqlitedata.defaultZone", recordName: "R\"1:reminders"),
      recordType: "reminders", parent: "L:remindersLists",
      fields: [
        "title": RecordField(value: FieldValue(.text(Self.awkwardText)), stamp: stamp),
        "count": RecordField(value: FieldValue(.integer(.min)), stamp: stamp),
        "big": RecordField(value: FieldValue(.integer(.max)), stamp: stamp),
        "ratio": RecordField(value: FieldValue(.real(0.1 + 0.2)), stamp: stamp),
        "whole": RecordField(value: FieldValue(.real(3)), stamp: stamp),
        "far": RecordField(value: FieldValue(.real(-.infinity)), stamp: stamp),
        "photo": RecordField(value: FieldValue(.blob(Data([0, 1, 254, 255]))), stamp: stamp),
        "notes": RecordField(value: FieldValue(.null), stamp: .zero),
      ],
      deleted: true, deletedStamp: stamp, version: 42)
    let decoded = try WireJSON.decode(ServerRecord.self, from: WireJSON.encode(record))
    #expect(decoded == record)
    #expect(decoded.fields["whole"]?.value.databaseValue == .real(3))
  }

  @Test("The same value always gives the same text, with column names in order")
  func deterministic() {
    let fields = (0..<20).reduce(into: [String: RecordField]()) {
      $0["c\($1)"] = RecordField(value: FieldValue(.integer(Int64($1))), stamp: .zero)
    }
    let text = WireJSON.encode(fields)
    #expect(text == WireJSON.encode(fields.reduce(into: [:]) { $0[$1.key] = $1.value }))
    #expect(text.hasPrefix(#"{"c0":{"stamp":"0000000000000000","value":0},"c1":"#))
  }

  @Test("Stamps are 16 lowercase hex digits, zero-padded, in time order")
  func stampText() throws {
    let stamps = [
      HLCStamp.zero, HLCStamp(rawValue: 0xa), HLCStamp(milliseconds: 1_764_000_000_000, counter: 0xbeef),
      HLCStamp(rawValue: .max), HLCStamp(rawValue: -1),
    ]
    #expect(
      stamps.map(\.hex) == [
        "0000000000000000", "000000000000000a", "019ab697e800beef", "7fffffffffffffff", "ffffffffffffffff",
      ])
    for stamp in stamps {
      #expect(HLCStamp(hex: stamp.hex) == stamp)
      #expect(WireJSON.encode(stamp) == "\"\(stamp.hex)\"")
      #expect(try WireJSON.decode(HLCStamp.self, from: WireJSON.encode(stamp)) == stamp)
    }
  }

  @Test("A record name splits at its last colon: keys may hold colons and any text")
  func recordNames() {
    #expect(RecordName.split("a:b:reminders") == ("a:b", "reminders"))
    #expect(RecordName.split("日本:é:t") == ("日本:é", "t"))
    #expect(RecordName.split("e\u{301}:t") == ("e\u{301}", "t"))
    #expect(RecordName.split("nocolon") == ("nocolon", ""))
  }

  @Test("Text as PostgreSQL prints jsonb: spaces, escapes and surrogate pairs")
  func readsServerText() throws {
    let text = #"""
       [ {"owner": "bob", "zone": "z", "recordName": "k:t", "status": "serverRecordChanged",
        "serverRecord": {"owner": "bob", "zone": "z", "recordName": "k:t", "recordType": "t", "deleted": false,
        "version": 9, "fields": {"title": {"value": "caf\u00e9 \ud83d\ude00 \"q\"\n", "stamp": "00000000000a0000"},
        "ratio": {"value": {"real": 1.50}, "stamp": "00000000000a0000"}}} } ]
      """#
    let results = try WireJSON.decode([RecordResult].self, from: text)
    #expect(results.count == 1)
    #expect(results[0].status == .serverRecordChanged)
    #expect(results[0].serverRecord?.fields["title"]?.value.databaseValue == .text("café 😀 \"q\"\n"))
    #expect(results[0].serverRecord?.fields["ratio"]?.value.databaseValue == .real(1.5))
  }

  @Test(
    "Malformed or misshapen JSON is an error that says what and where",
    arguments: [
      ("", "a value was expected"),
      (#"{"owner": "a""#, "not closed"),
      (#"{"owner": "a"} x"#, "after the document"),
      (#"{"owner": 1, "zone": "z", "recordName": "n"}"#, "owner: a string was expected"),
      (#"{"owner": "a", "zone": "z"}"#, "has no 'recordName'"),
      (#"["\ud800x"]"#, "a record id must be a JSON object"),
      (String(repeating: "[", count: 100), "nested too deeply"),
    ])
  func errors(text: String, message: String) {
    #expect {
      try WireJSON.decode(RecordID.self, from: text)
    } throws: { error in
      (error as? WireJSONError)?.description.contains(message) ?? false
    }
  }
}
