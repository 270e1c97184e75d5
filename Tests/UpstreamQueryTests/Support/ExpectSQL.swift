import SQLiteData
import SQLiteQueries
import Testing

/// Checks that a statement renders the SQL upstream's test expects, character for character.
func expectSQL(
  _ statement: some SQLiteQueries.Statement, _ expected: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(statement.query.debugDescription == expected, sourceLocation: sourceLocation)
}

/// Checks that an expression renders the SQL upstream's test expects.
func expectFragment(
  _ expression: some QueryExpression, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(expression.queryFragment.debugDescription == expected, sourceLocation: sourceLocation)
}
