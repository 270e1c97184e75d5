import Foundation
import SQLiteData
import Testing

/// Upstream's `QueryFragmentTests`: hand-written SQL keeps its quoting as it is, and a fragment
/// prepares with a `?` parameter for each bound value. The `#sql` of `prepare` is given its type
/// (`Void`) by annotation: it has no `as:`, and `.query` does not say.
@Suite("Upstream: query fragments")
struct QueryFragmentTests {
  @Test func string() {
    expectFragment(
      SQLQueryExpression("'What''s the point?'", as: String.self),
      """
      'What''s the point?'
      """)
  }

  @Test func identifier() {
    expectFragment(
      SQLQueryExpression(#""What's the point?""#, as: String.self),
      """
      "What's the point?"
      """)
  }

  @Test func brackets() {
    expectFragment(
      SQLQueryExpression("[What's the point?]", as: String.self),
      """
      [What's the point?]
      """)
  }

  @Test func backticks() {
    expectFragment(
      SQLQueryExpression("`What's the point?`", as: String.self),
      """
      `What's the point?`
      """)
  }

  @Test func prepare() {
    let statement: SQLQueryExpression<Void> = #sql(
      """
      SELECT \(Reminder.id) FROM \(Reminder.self)
      WHERE \(Reminder.id) > \(1) AND \(Reminder.title) COLLATE NOCASE LIKE \(bind: "%get%")
      """
    )
    let query = statement.query

    let prepared = query.prepare { "$\($0)" }
    #expect(
      prepared.sql == """
        SELECT "reminders"."id" FROM "reminders"
        WHERE "reminders"."id" > $1 AND "reminders"."title" COLLATE NOCASE LIKE $2
        """)
    #expect(prepared.bindings == [.int(1), .text("%get%")])
  }
}
