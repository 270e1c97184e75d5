/// What a cached statement is kept under when not its SQL: a type and a number that, together,
/// decide the SQL (see ``Database/cachedStatement(key:sql:)``). Cheap to hash, unlike the text.
public struct StatementCacheKey: Hashable, Sendable {
  @usableFromInline let type: ObjectIdentifier
  @usableFromInline let variant: Int

  @inlinable
  public init(_ type: Any.Type, variant: Int = 0) {
    self.type = ObjectIdentifier(type)
    self.variant = variant
  }

  // Inlinable: compared once per statement run, for a loop that runs the same one.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.type == rhs.type && lhs.variant == rhs.variant
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(type)
    hasher.combine(variant)
  }
}
