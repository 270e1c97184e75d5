/// What `Table.where` makes, under the name upstream gives it: a select of whole rows, filtered.
/// Helpers that return one (`static func searching(_:) -> Where<Reminder>`) can be combined with
/// `and`, `or` and `not`, and chained from other selects of the table.
public typealias Where<From: Table> = Select<From, From, ()>

extension Select where Columns == From, Joins == () {
  /// Rows that both statements select: their conditions joined with AND.
  ///
  ///     Reminder.where(\.isCompleted).and(Reminder.where(\.isFlagged))
  ///     // WHERE (("reminders"."isCompleted") AND ("reminders"."isFlagged"))
  public func and(_ other: Self) -> Self { combining(other, "AND") }

  /// Rows that either statement selects: their conditions joined with OR.
  public func or(_ other: Self) -> Self { combining(other, "OR") }

  /// Rows this statement does not select: `NOT (…)` of its conditions (`NOT (1)` without any).
  public func not() -> Self {
    var copy = self
    let conditions = ownClauses.wheres.isEmpty ? "1" : ownClauses.wheres.joined(separator: " AND ")
    copy.ownClauses.wheres = ["NOT (" + conditions + ")"]
    return copy
  }

  public static func && (lhs: Self, rhs: Self) -> Self { lhs.and(rhs) }
  public static func || (lhs: Self, rhs: Self) -> Self { lhs.or(rhs) }
  public static prefix func ! (statement: Self) -> Self { statement.not() }

  /// The two statements' own conditions joined by `conjunction`; the default scope, if either
  /// leaves it pending, still applies to the whole.
  private func combining(_ other: Self, _ conjunction: String) -> Self {
    let lhs = ownClauses.wheres
    let rhs = other.ownClauses.wheres
    var copy = self
    if lhs.isEmpty {
      copy.ownClauses.wheres = rhs
    } else if !rhs.isEmpty {
      copy.ownClauses.wheres = [
        "(" + lhs.joined(separator: " AND ") + QueryFragment(") " + conjunction + " (")
          + rhs.joined(separator: " AND ")
          + ")"
      ]
    }
    copy.mergesDefaultScope = mergesDefaultScope || other.mergesDefaultScope
    return copy
  }
}
