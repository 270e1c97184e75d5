extension String {
  /// The text with its first letter in upper case: a clause written to follow "reminders: " or a
  /// colon, shown on its own as a sentence.
  public var startingASentence: String { prefix(1).uppercased() + dropFirst() }
}
