/// `==` for values of a type that is `Equatable`, nil for other types; found once, from a value,
/// for generic code that cannot require the conformance (a live value of any `Sendable` type).
func equality<Value>(of value: Value) -> (@Sendable (Value, Value) -> Bool)? {
  guard value is any Equatable else { return nil }
  return { lhs, rhs in (lhs as? any Equatable)?.isEqual(to: rhs) ?? false }
}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one.
  fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}
