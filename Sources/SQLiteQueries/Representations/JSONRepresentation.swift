import Foundation
import SQLiteEngine

/// A `Codable` value stored as JSON text: `@Column(as: [String].JSONRepresentation.self)`.
public struct _CodableJSONRepresentation<Value: Codable & Sendable>: QueryBindable {
  public var queryOutput: Value
  public init(queryOutput: Value) { self.queryOutput = queryOutput }

  public var queryBinding: QueryBinding {
    // An optional value that is nil is NULL, not the JSON text `null`, so that `IS NULL` finds it.
    if let optional = queryOutput as? any _OptionalProtocol, optional._wrapped == nil { return .null }
    do {
      return .json(String(decoding: try jsonEncoder.encode(queryOutput), as: UTF8.self))
    } catch {
      return .invalid(QueryBindingError(message: "Could not encode \(Value.self) as JSON: \(error)"))
    }
  }

  public init(decoder: inout QueryDecoder) throws {
    let index = decoder.currentIndex
    if Value.self is any _OptionalProtocol.Type, decoder.nextIsNull() {
      decoder.skip(1)
      queryOutput = try jsonDecoder.decode(Value.self, from: Data("null".utf8))
      return
    }
    let text = try decoder.decode(String.self)
    do {
      queryOutput = try jsonDecoder.decode(Value.self, from: Data(text.utf8))
    } catch {
      throw QueryDecodingError(message: "Expected column \(index) to hold JSON for \(Value.self): \(error)")
    }
  }
}

/// An array stored as JSON is written as an array literal where its column is expected:
/// `values: { ["Hello", "World"] }`, `$0.notes = ["Goodnight", "Moon"]`.
extension _CodableJSONRepresentation: ExpressibleByArrayLiteral, _ArrayLiteralRepresentation
where Value: RangeReplaceableCollection {
  public init(arrayLiteral elements: Value.Element...) { self.init(queryOutput: Value(elements)) }
  public init(elements: [Value.Element]) { self.init(queryOutput: Value(elements)) }
}

/// A column type written as an array literal, so that an update's column takes one too.
public protocol _ArrayLiteralRepresentation: QueryBindable {
  associatedtype Element
  init(elements: [Element])
}

extension SQLQueryExpression: ExpressibleByArrayLiteral where QueryValue: _ArrayLiteralRepresentation {
  public init(arrayLiteral elements: QueryValue.Element...) {
    self.init(QueryValue(elements: elements).queryFragment)
  }
}

extension Decodable where Self: Encodable & Sendable {
  /// Stores the value as JSON text.
  public typealias JSONRepresentation = _CodableJSONRepresentation<Self>
}

/// Dates inside JSON use the same text as date columns.
private let jsonEncoder: JSONEncoder = {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  encoder.dateEncodingStrategy = .custom { date, encoder in
    var container = encoder.singleValueContainer()
    try container.encode(DatabaseDateFormat.string(from: date))
  }
  return encoder
}()

private let jsonDecoder: JSONDecoder = {
  let decoder = JSONDecoder()
  decoder.dateDecodingStrategy = .custom { decoder in
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let date = DatabaseDateFormat.date(from: text) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a date: \(text)")
    }
    return date
  }
  return decoder
}()
