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

  @Test("Fields read straight from their text equal the same fields read as a document")
  func fieldsReadDirectly() throws {
    let stamp = HLCStamp(milliseconds: 1_764_000_000_000, counter: 7)
    let fields: [String: RecordField] = [
      "title": RecordField(value: FieldValue(.text(Self.awkwardText)), stamp: stamp),
      "count": RecordField(value: FieldValue(.integer(.min)), stamp: stamp),
      "ratio": RecordField(value: FieldValue(.real(0.1 + 0.2)), stamp: .zero),
      "far": RecordField(value: FieldValue(.real(-.infinity)), stamp: stamp),
      "photo": RecordField(value: FieldValue(.blob(Data([0, 1, 254, 255]))), stamp: stamp),
      "notes": RecordField(value: FieldValue(.null), stamp: HLCStamp(rawValue: -1)),
    ]
    let encoded = WireJSON.encode(fields)
    #expect(try RecordField.fields(fromJSON: encoded) == fields)
    // As PostgreSQL prints jsonb: spaces, members in its order, escapes, a member not known here.
    let server = #"""
       { "title" : {"value": "caf\u00e9 \ud83d\ude00 \"q\"\n", "stamp": "00000000000A0000", "note": [1, {"x": null}]},
        "ratio": {"stamp": "00000000000a0000", "value": {"real": 1.50}} ,"empty":{"value":"","stamp":"0000000000000000"}}
      """#
    let read = try RecordField.fields(fromJSON: server)
    #expect(read == (try WireJSON.decode([String: RecordField].self, from: server)))
    #expect(
      read["title"]
        == RecordField(value: FieldValue(.text("café 😀 \"q\"\n")), stamp: HLCStamp(rawValue: 0xA0000)))
    #expect(read["ratio"]?.value.databaseValue == .real(1.5))
    #expect(read["empty"]?.value.databaseValue == .text(""))
    #expect(try RecordField.fields(fromJSON: " {} ") == [:])
  }

  @Test(
    "Fields that are not fields are an error that says which and why",
    arguments: [
      (#"{"a": {"value": 1}}"#, "the field 'a' needs a value and a stamp"),
      (#"{"a": {"stamp": "0000000000000000"}}"#, "the field 'a' needs a value and a stamp"),
      (#"{"a": {"value": 1, "stamp": "000000000000000"}}"#, "a stamp is 16 hex digits"),
      (#"{"a": {"value": 1, "stamp": "000000000000000g"}}"#, "a stamp is 16 hex digits"),
      (#"{"a": {"value": 1, "stamp": 5}}"#, "a stamp is 16 hex digits"),
      (#"{"a": {"value": true, "stamp": "0000000000000000"}}"#, "not a field value"),
      (#"{"a": {"value": {"real": "x"}, "stamp": "0000000000000000"}}"#, "a real is a number"),
      (#"{"a": 1}"#, "an object was expected"),
      (#"[]"#, "an object was expected"),
      (#"{"a": {"value": 1, "stamp": "0000000000000000"}} {}"#, "after the document"),
      (#"{"a": {"value": 1, "stamp": "0000000000000000"}"#, "not closed"),
    ])
  func fieldErrors(text: String, message: String) {
    #expect {
      try RecordField.fields(fromJSON: text)
    } throws: { error in
      (error as? WireJSONError)?.description.contains(message) ?? false
    }
  }

  @Test("A record keeps its fields' text until its fields change, and is sent with it")
  func encodedFieldsKept() throws {
    let stamp = HLCStamp(milliseconds: 1_764_000_000_000)
    var record = ServerRecord(
      id: RecordID(owner: "alice", zone: "z", recordName: "R:reminders"), recordType: "reminders",
      fields: ["title": RecordField(value: FieldValue(.text("Milk")), stamp: stamp)])
    let plain = record
    let serverText = #"{"title": {"stamp": "\#(stamp.hex)", "value": "Milk"}}"#
    record.encodedFields.text = serverText
    #expect(record == plain)
    #expect(WireJSON.encode(record).contains(#""fields":\#(serverText)"#))
    #expect(try WireJSON.decode(ServerRecord.self, from: WireJSON.encode(record)) == plain)
    record.version = 3
    #expect(record.encodedFields.text == serverText)
    record.fields["title"]?.value = FieldValue(.text("Bread"))
    #expect(record.encodedFields.text == nil)
    #expect(WireJSON.encode(record).contains("Bread"))
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
