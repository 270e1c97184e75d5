import Foundation
import SQLiteEngine

// Each standard value binds as itself and reads back with the engine's column readers.

extension Bool: QueryBindable {
  public var queryBinding: QueryBinding { .bool(self) }
}

extension Double: QueryBindable {
  public var queryBinding: QueryBinding { .double(self) }
}

extension Float: QueryBindable {
  public var queryBinding: QueryBinding { .double(Double(self)) }
}

extension Int: QueryBindable {
  public var queryBinding: QueryBinding { .int(Int64(self)) }
}

extension Int8: QueryBindable {
  public var queryBinding: QueryBinding { .int(Int64(self)) }
}

extension Int16: QueryBindable {
  public var queryBinding: QueryBinding { .int(Int64(self)) }
}

extension Int32: QueryBindable {
  public var queryBinding: QueryBinding { .int(Int64(self)) }
}

extension Int64: QueryBindable {
  public var queryBinding: QueryBinding { .int(self) }
}

extension UInt8: QueryBindable {
  public var queryBinding: QueryBinding { .int(Int64(self)) }
}

extension UInt16: QueryBindable {
  public var queryBinding: QueryBinding { .int(Int64(self)) }
}

extension UInt32: QueryBindable {
  public var queryBinding: QueryBinding { .int(Int64(self)) }
}

extension UInt64: QueryBindable {
  public var queryBinding: QueryBinding { .uint(self) }
}

extension String: QueryBindable {
  public var queryBinding: QueryBinding { .text(self) }
}

extension Array: QueryExpression, QueryDecodable, QueryRepresentable, QueryBindable
where Element == UInt8 {
  public typealias QueryValue = Self
  public var queryBinding: QueryBinding { .blob(self) }
}

extension Data: QueryBindable {
  public var queryBinding: QueryBinding { .blob([UInt8](self)) }
}

extension Date: QueryBindable {
  public var queryBinding: QueryBinding { .date(self) }
}

extension UUID: QueryBindable {
  public var queryBinding: QueryBinding { .uuid(self) }
}

extension URL: QueryBindable {
  public var queryBinding: QueryBinding { .text(absoluteString) }
}

// MARK: - Optional

extension Optional: QueryExpression where Wrapped: QueryExpression {
  public typealias QueryValue = Wrapped.QueryValue?

  /// `nil` is SQL's NULL; a wrapped expression renders as itself.
  public var queryFragment: QueryFragment {
    if let self { return self.queryFragment }
    // A missing column group is NULL in each of its columns.
    let width = (Wrapped.self as? any QueryRepresentable.Type)?.columnWidth ?? 1
    return width == 1 ? "NULL" : Array(repeating: QueryFragment("NULL"), count: width).joined(separator: ", ")
  }
}

extension Optional: QueryDecodable where Wrapped: QueryRepresentable {
  /// Inlinable, so that a table decoding an optional column does it specialized for the column's
  /// type, with no generic metadata looked up per value.
  @inlinable
  public init(decoder: inout QueryDecoder) throws {
    if Wrapped.columnWidth == 1 {
      guard !decoder.nextIsNull() else {
        decoder.skip(1)
        self = nil
        return
      }
    } else if decoder.nextAreNull(Wrapped.columnWidth) {
      // A row of an outer-joined table that matched nothing: every column is NULL.
      decoder.skip(Wrapped.columnWidth)
      self = nil
      return
    }
    self = try Wrapped(decoder: &decoder)
  }
}

extension Optional: QueryRepresentable where Wrapped: QueryRepresentable {
  public typealias QueryOutput = Wrapped.QueryOutput?

  @inlinable
  public init(queryOutput: Wrapped.QueryOutput?) {
    self = queryOutput.map { Wrapped(queryOutput: $0) }
  }

  @inlinable
  public var queryOutput: Wrapped.QueryOutput? { self?.queryOutput }

  public static var columnWidth: Int { Wrapped.columnWidth }
}

extension Optional: QueryBindable where Wrapped: QueryBindable {
  public var queryBinding: QueryBinding { self?.queryBinding ?? .null }
}

// MARK: - Raw values

/// An enum (or other raw-representable type) that declares `QueryBindable` binds and decodes as
/// its raw value: `enum Priority: Int, QueryBindable { case low = 1, medium, high }`.
extension QueryBindable
where Self: RawRepresentable, RawValue: QueryBindable, RawValue.QueryOutput == RawValue {
  public var queryBinding: QueryBinding { rawValue.queryBinding }

  @inlinable
  public init(decoder: inout QueryDecoder) throws {
    let index = decoder.currentIndex
    let rawValue = try RawValue(decoder: &decoder)
    guard let value = Self(rawValue: rawValue) else {
      throw QueryDecodingError(
        message: "Expected column \(index) to hold a \(Self.self), but found the raw value \(rawValue)")
    }
    self = value
  }
}

/// A value that could not be decoded.
public struct QueryDecodingError: Error, CustomStringConvertible, Sendable {
  public let message: String
  public init(message: String) { self.message = message }
  public var description: String { message }
}
