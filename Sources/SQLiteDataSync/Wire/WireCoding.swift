import Foundation

/// A value the sync engine writes as JSON: to the server, and into the metadatabase.
protocol WireEncodable {
  func write(to json: inout JSONWriter)
}

/// A value the sync engine reads back from JSON.
protocol WireDecodable {
  init(wire json: JSONValue) throws
}

typealias WireCodable = WireEncodable & WireDecodable

/// JSON as the server and the metadatabase store it.
enum WireJSON {
  static func encode<T: WireEncodable>(_ value: T) -> String {
    var writer = JSONWriter()
    value.write(to: &writer)
    return writer.text
  }

  static func decode<T: WireDecodable>(_ type: T.Type, from text: String) throws -> T {
    try T(wire: try JSONValue(parsing: text))
  }
}

/// The members of a JSON object, read by name with the type each must have.
struct JSONObject {
  let members: [String: JSONValue]
  let what: String

  init(_ value: JSONValue, _ what: String) throws {
    guard case .object(let members) = value else { throw WireJSONError("\(what) must be a JSON object") }
    self.members = members
    self.what = what
  }

  func decode<T: WireDecodable>(_ key: String, as type: T.Type = T.self) throws -> T {
    guard let value = members[key] else { throw WireJSONError("\(what) has no '\(key)'") }
    do {
      return try T(wire: value)
    } catch let error as WireJSONError {
      throw WireJSONError("\(what).\(key): \(error.description)")
    }
  }

  /// A member that may be missing or null.
  func decodeIfPresent<T: WireDecodable>(_ key: String, as type: T.Type = T.self) throws -> T? {
    guard let value = members[key], value != .null else { return nil }
    return try decode(key, as: type)
  }
}

extension String: WireCodable {
  func write(to json: inout JSONWriter) { json.string(self) }
  init(wire json: JSONValue) throws {
    guard case .string(let text) = json else { throw WireJSONError("a string was expected") }
    self = text
  }
}

extension Int64: WireCodable {
  func write(to json: inout JSONWriter) { json.integer(self) }
  init(wire json: JSONValue) throws {
    guard case .integer(let value) = json else { throw WireJSONError("an integer was expected") }
    self = value
  }
}

extension Bool: WireCodable {
  func write(to json: inout JSONWriter) { json.bool(self) }
  init(wire json: JSONValue) throws {
    guard case .bool(let value) = json else { throw WireJSONError("true or false was expected") }
    self = value
  }
}

extension UUID: WireCodable {
  func write(to json: inout JSONWriter) { json.string(uuidString.lowercased()) }
  init(wire json: JSONValue) throws {
    guard case .string(let text) = json, let uuid = UUID(uuidString: text) else {
      throw WireJSONError("a UUID was expected")
    }
    self = uuid
  }
}

extension Array: WireEncodable where Element: WireEncodable {
  func write(to json: inout JSONWriter) {
    json.beginArray()
    for element in self { element.write(to: &json) }
    json.endArray()
  }
}

extension Array: WireDecodable where Element: WireDecodable {
  init(wire json: JSONValue) throws {
    guard case .array(let elements) = json else { throw WireJSONError("an array was expected") }
    self = try elements.enumerated().map { index, element in
      do {
        return try Element(wire: element)
      } catch let error as WireJSONError {
        throw WireJSONError("[\(index)]: \(error.description)")
      }
    }
  }
}

/// Objects keyed by data (column names, record names), written in key order so that the same
/// value always gives the same text.
extension Dictionary: WireEncodable where Key == String, Value: WireEncodable {
  func write(to json: inout JSONWriter) {
    json.beginObject()
    for key in keys.sorted() {
      json.key(key)
      self[key]!.write(to: &json)
    }
    json.endObject()
  }
}

extension Dictionary: WireDecodable where Key == String, Value: WireDecodable {
  init(wire json: JSONValue) throws {
    guard case .object(let members) = json else { throw WireJSONError("an object was expected") }
    self = try members.mapValues { try Value(wire: $0) }
  }
}
