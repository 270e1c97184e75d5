/// What a cached statement is kept under when not its SQL: a type and a number that, together,
/// decide the SQL (see ``Database/cachedStatement(key:sql:)``). Cheap to hash, unlike the text.
public struct StatementCacheKey: Hashable, Sendable {
  private let type: ObjectIdentifier
  private let variant: Int

  public init(_ type: Any.Type, variant: Int = 0) {
    self.type = ObjectIdentifier(type)
    self.variant = variant
  }
}
