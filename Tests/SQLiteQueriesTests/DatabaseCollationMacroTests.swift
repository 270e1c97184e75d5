import Testing

@Suite("@DatabaseCollation expansion and diagnostics")
struct DatabaseCollationMacroTests {
  @Test func expansionNamesTheCollationAndReadsText() {
    let expansion = MacroExpansion(
      """
      @DatabaseCollation("by_length")
      func byLength(_ lhs: String, _ rhs: String) -> CollationOrder { CollationOrder(lhs.count, rhs.count) }
      """)
    #expect(expansion.messages == [])
    #expect(expansion.code.contains(#""by_length""#))
    #expect(
      expansion.code.contains(
        "byLength(SQLiteQueries._collationText(lhs), SQLiteQueries._collationText(rhs))"))
    #expect(expansion.code.contains("var $byLength:"))
  }

  @Test func staticCollationsAreCalledOnTheirType() {
    let expansion = MacroExpansion(
      """
      enum Orders {
        @DatabaseCollation static func bytes(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> CollationOrder { .same }
      }
      """)
    #expect(expansion.messages == [])
    #expect(expansion.code.contains("Orders.bytes(lhs, rhs)"))
    #expect(expansion.code.contains("static var $bytes:"))
  }

  @Test func keywordNamesAreCalledInBackticks() {
    let expansion = MacroExpansion(
      "@DatabaseCollation func `default`(_ lhs: String, _ rhs: String) -> CollationOrder { .same }")
    #expect(expansion.messages == [])
    #expect(expansion.code.contains("`default`(SQLiteQueries._collationText(lhs)"))
    #expect(expansion.code.contains(#""default""#))
  }

  @Test func unsupportedSignaturesAreExplained() {
    #expect(
      MacroExpansion("@DatabaseCollation func order(_ lhs: Int, _ rhs: Int) -> CollationOrder { .same }")
        .messages == [
          "A @DatabaseCollation function takes two texts of one type: String, UnsafeRawBufferPointer, Span<UInt8> or UTF8Span"
        ])
    #expect(
      MacroExpansion("@DatabaseCollation var order: Int { 0 }").messages == [
        "@DatabaseCollation applies to a function of two texts that returns a CollationOrder"
      ])
    #expect(
      MacroExpansion(
        """
        struct Engine {
          @DatabaseCollation func reversed(_ lhs: String, _ rhs: String) -> CollationOrder { .same }
        }
        """
      ).messages == [
        "@DatabaseCollation needs a global or static function: SQLite calls it without an instance"
      ])
  }
}
