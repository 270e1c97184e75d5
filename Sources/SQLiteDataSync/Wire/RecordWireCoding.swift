import Foundation
import SQLiteEngine

// How records and the server's replies are spelled in JSON. A record's id is flat beside its
// other members (`{"owner", "zone", "recordName", "status", …}`); stamps are 16 hex digits.

extension HLCStamp: WireCodable {
  func write(to json: inout JSONWriter) { json.stamp(self) }
  init(wire json: JSONValue) throws {
    guard case .string(let text) = json, let stamp = HLCStamp(hex: text) else {
      throw WireJSONError("a stamp is 16 hex digits")
    }
    self = stamp
  }
}

/// Integers are numbers and text is a string; a real and a blob are tagged objects
/// (`{"real": 1.5}`, `{"blob": "<base64>"}`), so that no value changes class on the round trip.
extension FieldValue: WireCodable {
  func write(to json: inout JSONWriter) {
    switch databaseValue {
    case .null: json.null()
    case .integer(let value): json.integer(value)
    case .text(let value): json.string(value)
    case .real(let value):
      json.beginObject()
      json.key("real")
      json.double(value)
      json.endObject()
    case .blob(let value):
      json.beginObject()
      json.key("blob")
      json.string(value.base64EncodedString())
      json.endObject()
    }
  }

  init(wire json: JSONValue) throws(WireJSONError) {
    switch json {
    case .null: self.init(.null)
    case .integer(let value): self.init(.integer(value))
    case .string(let value): self.init(.text(value))
    case .object(let members):
      switch (members["real"], members["blob"]) {
      case (.integer(let value)?, nil): self.init(.real(Double(value)))
      case (.double(let value)?, nil): self.init(.real(value))
      case (.string(let text)?, nil):
        guard let value = ["Infinity": Double.infinity, "-Infinity": -.infinity, "NaN": .nan][text] else {
          throw WireJSONError("a real is a number, Infinity, -Infinity or NaN, not '\(text)'")
        }
        self.init(.real(value))
      case (nil, .string(let base64)?):
        guard let data = Data(base64Encoded: base64) else { throw WireJSONError("a blob is base64") }
        self.init(.blob(data))
      default:
        throw WireJSONError("a field value object must be {\"real\": …} or {\"blob\": …}")
      }
    default:
      throw WireJSONError("not a field value: expected null, an integer, a string or a tagged object")
    }
  }
}

extension RecordField: WireCodable {
  func write(to json: inout JSONWriter) {
    json.beginObject()
    json.key("stamp")
    stamp.write(to: &json)
    json.key("value")
    value.write(to: &json)
    json.endObject()
  }

  init(wire json: JSONValue) throws {
    let object = try JSONObject(json, "a field")
    self.init(value: try object.decode("value"), stamp: try object.decode("stamp"))
  }

  /// A record's fields from their JSON text, `{"column": {"stamp": …, "value": …}, …}`, read
  /// straight from the bytes: every record pulled, and the base of every record sent, is read
  /// this way, and a document tree for each cost more than the rest of applying it.
  static func fields(fromJSON text: String) throws -> [String: RecordField] {
    try JSONReader.read(text) { reader in
      var fields: [String: RecordField] = [:]
      try reader.readObject { reader, column throws(WireJSONError) in
        var value: FieldValue?
        var stamp: HLCStamp?
        try reader.readObject { reader, key throws(WireJSONError) in
          switch key {
          case "value": value = try FieldValue(wire: reader.value())
          case "stamp": stamp = try reader.stamp()
          default: _ = try reader.value()
          }
        }
        guard let value, let stamp else {
          throw reader.error("the field '\(column)' needs a value and a stamp")
        }
        fields[column] = RecordField(value: value, stamp: stamp)
      }
      return fields
    }
  }
}

extension RecordID: WireCodable {
  func write(to json: inout JSONWriter) {
    json.beginObject()
    writeMembers(to: &json)
    json.endObject()
  }

  /// The id's members, inside an object that has others too.
  func writeMembers(to json: inout JSONWriter) {
    json.key("owner")
    json.string(owner)
    json.key("zone")
    json.string(zone)
    json.key("recordName")
    json.string(recordName)
  }

  init(wire json: JSONValue) throws { try self.init(JSONObject(json, "a record id")) }

  fileprivate init(_ object: JSONObject) throws {
    self.init(
      owner: try object.decode("owner"), zone: try object.decode("zone"),
      recordName: try object.decode("recordName"))
  }
}

extension ServerRecord: WireCodable {
  func write(to json: inout JSONWriter) {
    json.beginObject()
    writeMembers(to: &json)
    if let version {
      json.key("version")
      json.integer(version)
    }
    if let modifiedBy {
      json.key("modifiedBy")
      json.string(modifiedBy)
    }
    json.endObject()
  }

  /// Every member but the version and the writer, which the server sets.
  fileprivate func writeMembers(to json: inout JSONWriter) {
    id.writeMembers(to: &json)
    json.key("recordType")
    json.string(recordType)
    if let parent {
      json.key("parent")
      json.string(parent)
    }
    json.key("fields")
    if let text = encodedFields.text { json.encoded(text) } else { fields.write(to: &json) }
    json.key("deleted")
    json.bool(deleted)
    if let deletedStamp {
      json.key("deletedStamp")
      deletedStamp.write(to: &json)
    }
  }

  init(wire json: JSONValue) throws { try self.init(JSONObject(json, "a record")) }

  fileprivate init(_ object: JSONObject) throws {
    self.init(
      id: try RecordID(object), recordType: try object.decode("recordType"),
      parent: try object.decodeIfPresent("parent"), fields: try object.decode("fields"),
      deleted: try object.decode("deleted"), deletedStamp: try object.decodeIfPresent("deletedStamp"),
      version: try object.decodeIfPresent("version"), modifiedBy: try object.decodeIfPresent("modifiedBy"))
  }
}

extension RecordSave: WireCodable {
  func write(to json: inout JSONWriter) {
    json.beginObject()
    record.writeMembers(to: &json)
    json.key("baseVersion")
    if let baseVersion { json.integer(baseVersion) } else { json.null() }
    json.endObject()
  }

  init(wire json: JSONValue) throws {
    let object = try JSONObject(json, "a save")
    var record = try ServerRecord(object)
    record.version = nil
    self.init(record: record, baseVersion: try object.decodeIfPresent("baseVersion"))
  }
}

extension RecordDelete: WireCodable {
  func write(to json: inout JSONWriter) {
    json.beginObject()
    id.writeMembers(to: &json)
    json.key("baseVersion")
    if let baseVersion { json.integer(baseVersion) } else { json.null() }
    json.key("deletedStamp")
    deletedStamp.write(to: &json)
    json.endObject()
  }

  init(wire json: JSONValue) throws {
    let object = try JSONObject(json, "a delete")
    self.init(
      id: try RecordID(object), baseVersion: try object.decodeIfPresent("baseVersion"),
      deletedStamp: try object.decode("deletedStamp"))
  }
}

extension RecordStatus: WireDecodable {
  init(wire json: JSONValue) throws {
    guard case .string(let text) = json, let status = RecordStatus(rawValue: text) else {
      throw WireJSONError("not a record status")
    }
    self = status
  }
}

extension RecordResult: WireDecodable {
  init(wire json: JSONValue) throws {
    let object = try JSONObject(json, "a result")
    self.init(
      id: try RecordID(object), status: try object.decode("status"),
      version: try object.decodeIfPresent("version"),
      serverRecord: try object.decodeIfPresent("serverRecord"))
  }
}

extension ZoneChanges: WireDecodable {
  init(wire json: JSONValue) throws {
    let object = try JSONObject(json, "a page of changes")
    self.init(
      records: try object.decode("records"), version: try object.decode("version"),
      more: try object.decode("more"), exits: try object.decodeIfPresent("exits") ?? [])
  }
}

extension CloudDatabaseChanges.Zone: WireDecodable {
  init(wire json: JSONValue) throws {
    let object = try JSONObject(json, "a zone")
    self.init(
      owner: try object.decode("owner"), zone: try object.decode("zone"),
      version: try object.decode("version"))
  }
}

extension CloudDatabaseChanges: WireDecodable {
  init(wire json: JSONValue) throws {
    let object = try JSONObject(json, "the zones")
    self.init(zones: try object.decode("zones"), token: try object.decode("token"))
  }
}

extension CloudAccount: WireDecodable {
  init(wire json: JSONValue) throws {
    let object = try JSONObject(json, "the account")
    self.init(user: try object.decode("user"), serverID: try object.decode("serverID"))
  }
}

extension CKShare.Permission: WireDecodable {
  init(wire json: JSONValue) throws {
    guard case .string(let text) = json, let permission = CKShare.Permission(rawValue: text) else {
      throw WireJSONError("a permission is none, readOnly or readWrite")
    }
    self = permission
  }
}

extension CKShare.Participant: WireDecodable {
  init(wire json: JSONValue) throws {
    let object = try JSONObject(json, "a participant")
    self.init(
      userName: try object.decode("userName"), permission: try object.decode("permission"),
      isAccepted: try object.decode("isAccepted"))
  }
}

extension CKShare: WireDecodable {
  init(wire json: JSONValue) throws {
    let object = try JSONObject(json, "a share")
    self.init(
      shareID: try object.decode("shareID"), ownerName: try object.decode("ownerName"),
      zoneName: try object.decode("zoneName"), rootRecordName: try object.decode("rootRecordName"),
      publicPermission: try object.decode("publicPermission"),
      currentUserPermission: try object.decode("currentUserPermission"),
      participants: try object.decode("participants"), systemFields: try object.decode("systemFields"))
  }
}
