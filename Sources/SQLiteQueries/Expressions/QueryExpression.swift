/// Something that renders as SQL and stands for a value of type `QueryValue`: a phantom type
/// that keeps query building type-safe (a `QueryExpression<Bool>` is a condition).
public protocol QueryExpression<QueryValue> {
  associatedtype QueryValue
  var queryFragment: QueryFragment { get }
}

/// The optional types, for APIs that treat `T` and `T?` alike.
public protocol _OptionalProtocol {
  associatedtype Wrapped
  var _wrapped: Wrapped? { get }
}

extension Optional: _OptionalProtocol {
  public var _wrapped: Wrapped? { self }
}
