/// `==` for values of a type that is `Equatable`, nil for other types: for generic code that
/// cannot require the conformance (a live value of any `Sendable` type). The conformance is looked
/// up once per type and process (the casts below search the runtime's conformance records and
/// read the protocol's requirements, tens of thousands of instructions each time): comparing two
/// values then boxes and casts neither.
func equality<Value>(of _: Value.Type) -> (@Sendable (Value, Value) -> Bool)? {
  oncePerType(Comparison<Value>.self) {
    guard let equatable = Value.self as? any Equatable.Type,
      let comparison = equatable.comparison as? any ValueComparison<Value>
    else { return Comparison(nil) }
    return Comparison { comparison.areEqual($0, $1) }
  }.areEqual
}

/// `==` of one type, or nil.
private final class Comparison<Value>: Sendable {
  let areEqual: (@Sendable (Value, Value) -> Bool)?
  init(_ areEqual: (@Sendable (Value, Value) -> Bool)?) { self.areEqual = areEqual }
}

/// `==` of one type, for values known only by a generic parameter.
private protocol ValueComparison<Value>: Sendable {
  associatedtype Value
  func areEqual(_ lhs: Value, _ rhs: Value) -> Bool
}

private struct EquatableComparison<Value: Equatable>: ValueComparison {
  func areEqual(_ lhs: Value, _ rhs: Value) -> Bool { lhs == rhs }
}

extension Equatable {
  /// This type's `==`, as a ``ValueComparison`` of its values.
  fileprivate static var comparison: any Sendable { EquatableComparison<Self>() }
}
