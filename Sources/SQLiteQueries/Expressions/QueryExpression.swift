/// Something that renders as SQL and stands for a value of type `QueryValue` (a phantom type
/// that keeps query building type-safe).
public protocol QueryExpression<QueryValue> {
  associatedtype QueryValue
  var queryFragment: QueryFragment { get }
}

/// A Swift value that can be bound into a query.
public protocol QueryBindable: QueryExpression, Sendable {
  var queryBinding: QueryBinding { get }
}

extension QueryBindable where QueryValue == Self {
  public var queryFragment: QueryFragment { QueryFragment(segments: [.binding(queryBinding)]) }
}
