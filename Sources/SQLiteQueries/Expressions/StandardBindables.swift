import Foundation

extension Bool: QueryBindable {
  public typealias QueryValue = Self
  public var queryBinding: QueryBinding { .bool(self) }
}

extension Double: QueryBindable {
  public typealias QueryValue = Self
  public var queryBinding: QueryBinding { .double(self) }
}

extension Float: QueryBindable {
  public typealias QueryValue = Self
  public var queryBinding: QueryBinding { .double(Double(self)) }
}

extension Int: QueryBindable {
  public typealias QueryValue = Self
  public var queryBinding: QueryBinding { .int(Int64(self)) }
}

extension Int8: QueryBindable {
  public typealias QueryValue = Self
  public var queryBinding: QueryBinding { .int(Int64(self)) }
}

extension Int16: QueryBindable {
  public typealias QueryValue = Self
  public var queryBinding: QueryBinding { .int(Int64(self)) }
}

extension Int32: QueryBindable {
  public typealias QueryValue = Self
  public var queryBinding: QueryBinding { .int(Int64(self)) }
}

extension Int64: QueryBindable {
  public typealias QueryValue = Self
  public var queryBinding: QueryBinding { .int(self) }
}

extension UInt8: QueryBindable {
  public typealias QueryValue = Self
  public var queryBinding: QueryBinding { .int(Int64(self)) }
}

extension UInt16: QueryBindable {
  public typealias QueryValue = Self
  public var queryBinding: QueryBinding { .int(Int64(self)) }
}

extension UInt32: QueryBindable {
  public typealias QueryValue = Self
  public var queryBinding: QueryBinding { .int(Int64(self)) }
}

extension UInt64: QueryBindable {
  public typealias QueryValue = Self
  public var queryBinding: QueryBinding { .uint(self) }
}

extension String: QueryBindable {
  public typealias QueryValue = Self
  public var queryBinding: QueryBinding { .text(self) }
}

extension Array: QueryExpression where Element == UInt8 {
  public typealias QueryValue = Self
}

extension Array: QueryBindable where Element == UInt8 {
  public var queryBinding: QueryBinding { .blob(self) }
}

extension Data: QueryBindable {
  public typealias QueryValue = Self
  public var queryBinding: QueryBinding { .blob([UInt8](self)) }
}

extension Date: QueryBindable {
  public typealias QueryValue = Self
  public var queryBinding: QueryBinding { .date(self) }
}

extension UUID: QueryBindable {
  public typealias QueryValue = Self
  public var queryBinding: QueryBinding { .uuid(self) }
}

extension URL: QueryBindable {
  public typealias QueryValue = Self
  public var queryBinding: QueryBinding { .text(absoluteString) }
}

extension Optional: QueryExpression where Wrapped: QueryBindable {
  public typealias QueryValue = Self
  public var queryFragment: QueryFragment { QueryFragment(segments: [.binding(queryBinding)]) }
}

extension Optional: QueryBindable where Wrapped: QueryBindable {
  public var queryBinding: QueryBinding { self?.queryBinding ?? .null }
}
