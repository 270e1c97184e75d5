/// A raw-representable type that is not `QueryBindable` itself, stored as its raw value:
/// `@Column(as: Ranking.RawRepresentation.self) var ranking: Ranking`, and, optional,
/// `@Column(as: Ranking?.RawRepresentation.self)`. (Declaring the type `QueryBindable` does the
/// same without a representation.)
public struct _RawRepresentation<Value: RawRepresentable & Sendable>: QueryBindable
where Value.RawValue: QueryBindable, Value.RawValue.QueryOutput == Value.RawValue {
  public var queryOutput: Value
  public init(queryOutput: Value) { self.queryOutput = queryOutput }
  public var queryBinding: QueryBinding { queryOutput.rawValue.queryBinding }

  public init(decoder: inout QueryDecoder) throws {
    let index = decoder.currentIndex
    let rawValue = try Value.RawValue(decoder: &decoder)
    guard let value = Value(rawValue: rawValue) else {
      throw QueryDecodingError(
        message: "Expected column \(index) to hold a \(Value.self), but found the raw value \(rawValue)")
    }
    queryOutput = value
  }
}

extension RawRepresentable where Self: Sendable, RawValue: QueryBindable, RawValue.QueryOutput == RawValue {
  /// This type stored as its raw value.
  public typealias RawRepresentation = _RawRepresentation<Self>
}

extension Optional
where
  Wrapped: RawRepresentable & Sendable, Wrapped.RawValue: QueryBindable,
  Wrapped.RawValue.QueryOutput == Wrapped.RawValue
{
  /// The wrapped type stored as its raw value, or NULL.
  public typealias RawRepresentation = _RawRepresentation<Wrapped>?
}
