import Foundation
import SQLiteEngine

/// A column value on its way to or from the server, keeping SQLite's storage class.
///
/// In JSON, integers are numbers and text is a string; a real and a blob are tagged objects
/// (`{"real": 1.5}`, `{"blob": "<base64>"}`), so that no value changes class on the round trip.
public struct FieldValue: Hashable, Sendable {
  public var databaseValue: DatabaseValue
  public init(_ databaseValue: DatabaseValue) { self.databaseValue = databaseValue }

  /// A total order on values, used only to break ties between equal stamps, so that every
  /// replica picks the same winner: by storage class, then by value.
  static func tieBreakPrecedes(_ lhs: FieldValue, _ rhs: FieldValue) -> Bool {
    switch (lhs.databaseValue, rhs.databaseValue) {
    case (.integer(let a), .integer(let b)): return a < b
    case (.real(let a), .real(let b)): return a < b
    case (.text(let a), .text(let b)): return Array(a.utf8).lexicographicallyPrecedes(b.utf8)
    case (.blob(let a), .blob(let b)): return a.lexicographicallyPrecedes(b)
    case (let a, let b): return Self.rank(a) < Self.rank(b)
    }
  }

  private static func rank(_ value: DatabaseValue) -> Int {
    switch value {
    case .null: 0
    case .integer: 1
    case .real: 2
    case .text: 3
    case .blob: 4
    }
  }
}

extension FieldValue: Codable {
  private enum TagKey: String, CodingKey {
    case real
    case blob
  }

  public init(from decoder: any Decoder) throws {
    if let container = try? decoder.container(keyedBy: TagKey.self) {
      if let real = try container.decodeIfPresent(Double.self, forKey: .real) {
        self.init(.real(real))
      } else if let base64 = try container.decodeIfPresent(String.self, forKey: .blob),
        let data = Data(base64Encoded: base64)
      {
        self.init(.blob(data))
      } else {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: decoder.codingPath,
            debugDescription: "a field value object must be {\"real\": …} or {\"blob\": …}"))
      }
      return
    }
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self.init(.null)
    } else if let integer = try? container.decode(Int64.self) {
      self.init(.integer(integer))
    } else if let text = try? container.decode(String.self) {
      self.init(.text(text))
    } else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "not a field value: expected null, an integer, a string or a tagged object"))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    switch databaseValue {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .integer(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .text(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .real(let value):
      var container = encoder.container(keyedBy: TagKey.self)
      try container.encode(value, forKey: .real)
    case .blob(let value):
      var container = encoder.container(keyedBy: TagKey.self)
      try container.encode(value.base64EncodedString(), forKey: .blob)
    }
  }
}
