extension String.StringInterpolation {
  /// A number and a noun agreeing with it, for messages: `"\(count: 1, "list")"` is "1 list",
  /// `"\(count: 3, "list")"` is "3 lists". For nouns whose plural adds an "s".
  public mutating func appendInterpolation(count number: Int, _ noun: String) {
    appendLiteral("\(number) \(noun)\(number == 1 ? "" : "s")")
  }
}
