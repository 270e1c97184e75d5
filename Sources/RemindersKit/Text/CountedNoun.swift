extension String.StringInterpolation {
  /// A number and a noun agreeing with it, for messages: `"\(count: 1, "list")"` is "1 list",
  /// `"\(count: 3, "list")"` is "3 lists", and a noun whose plural is not its "s" form says it:
  /// `"\(count: 2, "match", plural: "matches")"`.
  public mutating func appendInterpolation(count number: Int, _ noun: String, plural: String? = nil) {
    appendLiteral("\(number) \(number == 1 ? noun : plural ?? noun + "s")")
  }
}
