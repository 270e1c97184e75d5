import Synchronization

/// `==` for values of a type that is `Equatable`, nil for other types: for generic code that
/// cannot require the conformance (a live value of any `Sendable` type). The conformance is looked
/// up once per type and process (the casts below search the runtime's conformance records and
/// read the protocol's requirements, tens of thousands of instructions each time): comparing two
/// values then boxes and casts neither.
func equality<Value>(of _: Value.Type) -> (@Sendable (Value, Value) -> Bool)? {
  let type = ObjectIdentifier(Value.self)
  // Stored under this very type below. Not cast back with `as!`: a cast from an existential asks
  // the runtime about bridging conformances, the search this cache is for.
  if let known = comparisons.withLock({ $0[type] }) {
    return unsafeDowncast(known, to: Comparison<Value>.self).areEqual
  }
  var areEqual: (@Sendable (Value, Value) -> Bool)?
  if let equatable = Value.self as? any Equatable.Type,
    let comparison = equatable.comparison as? any ValueComparison<Value>
  {
    areEqual = { comparison.areEqual($0, $1) }
  }
  comparisons.withLock { $0[type] = Comparison(areEqual) }
  return areEqual
}

/// The `==` of each type asked for so far (nil for a type that is not `Equatable`), by type.
private let comparisons = Mutex<[ObjectIdentifier: any AnyObject & Sendable]>([:])

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
