/// The left side of an assignment in `SET`: one column, or the columns of a group assigned one
/// row value together, `("a", "b") = (…)`. Assignments stay (column, value) pairs; a group's
/// columns are kept in one string that no column name can be.
enum AssignmentTarget {
  private static let groupPrefix = "\u{0}group:"
  private static let separator: Character = "\u{0}"

  /// The target of a row value assigned to several columns.
  static func columns(_ names: [String]) -> String {
    groupPrefix + names.joined(separator: String(separator))
  }

  /// The columns a target assigns.
  static func names(_ target: String) -> [String] {
    guard target.hasPrefix(groupPrefix) else { return [target] }
    return target.dropFirst(groupPrefix.count).split(separator: separator).map(String.init)
  }

  /// `"a"`, or `("a", "b")`.
  static func render(_ target: String) -> QueryFragment {
    guard target.hasPrefix(groupPrefix) else { return QueryFragment(quote: target) }
    return "(" + names(target).map { QueryFragment(quote: $0) }.joined(separator: ", ") + ")"
  }
}

/// `"a" = 1, ("b", "c") = (…)`.
func assignments(_ pairs: [(column: String, value: QueryFragment)]) -> QueryFragment {
  pairs.map { AssignmentTarget.render($0.column) + " = " + $0.value }.joined(separator: ", ")
}
