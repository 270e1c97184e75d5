import Testing

@Suite("@Table and @Selection diagnostics and fix-its")
struct TableMacroDiagnosticsTests {
  @Test func aWellFormedTableHasNoDiagnostics() {
    let expansion = MacroExpansion(
      """
      @Table struct Item {
        let id: Int
        var title = ""
        @Column(as: [String].JSONRepresentation.self) var tags: [String] = []
        var bytes: [UInt8] = []
        @Ephemeral var isSelected = false
        @Ephemeral var cache: [String: Int]?
        var count: Int { 0 }
      }
      """)
    #expect(expansion.messages == [])
    #expect(expansion.code.contains("extension Item: SQLiteQueries.QueryDecodable"))
  }

  @Test func classesAndActorsBecomeStructs() {
    let table = MacroExpansion("@Table class Item { var id = 0 }")
    #expect(
      table.messages == ["@Table applies to a struct, whose rows are values: declare 'Item' as a struct"])
    #expect(table.applying("Replace 'class' with 'struct'") == "@Table struct Item { var id = 0 }")
    let selection = MacroExpansion("@Selection actor Row { var a = 0 }")
    #expect(
      selection.messages == [
        "@Selection applies to a struct, whose rows are values: declare 'Row' as a struct"
      ])
    #expect(selection.applying("Replace 'actor' with 'struct'") == "@Selection struct Row { var a = 0 }")
    let enumeration = MacroExpansion("@Table enum Kind { case a }")
    #expect(
      enumeration.messages == [
        "A case of a @Table enum holds one value, stored in its own column: give 'a' one associated value"
      ])
    #expect(enumeration.fixIts == [])
  }

  @Test func selectionEnumsNeedOneValuePerCase() {
    let wellFormed = MacroExpansion("@Selection enum Kind { case link(URL), note(String) }")
    #expect(wellFormed.messages == [])
    #expect(wellFormed.code.contains("var note: String? {"))
    let expansion = MacroExpansion(
      "@Selection enum Kind { case none; case pair(Int, Int); case note(String) }")
    #expect(
      expansion.messages == [
        "A case of a @Selection enum holds one value, stored in its own column: give 'none' one associated value",
        "A case of a @Selection enum holds one value, stored in its own column: give 'pair' one associated value",
      ])
  }

  @Test func uninferableTypesSuggestAnAnnotationOrEphemeral() {
    let expansion = MacroExpansion(
      """
      @Table struct RemindersList {
        let id: Int
        var color = Self.defaultColor
      }
      """)
    #expect(
      expansion.messages == [
        "'color' needs a type annotation to be a column, as in 'var color: Int = …'; or mark it @Ephemeral if it is not stored"
      ])
    #expect(expansion.fixIts == ["Add a type annotation", "Mark 'color' @Ephemeral"])
    #expect(
      expansion.applying("Add a type annotation") == """
        @Table struct RemindersList {
          let id: Int
          var color: <#Type#> = Self.defaultColor
        }
        """)
    #expect(
      expansion.applying("Mark 'color' @Ephemeral") == """
        @Table struct RemindersList {
          let id: Int
          @Ephemeral var color = Self.defaultColor
        }
        """)
  }

  @Test func collectionsSuggestAJSONRepresentation() {
    let array = MacroExpansion("@Table struct Note { let id: Int\n  var tags: [String] = [] }")
    #expect(
      array.messages == [
        "'tags' is a [String], which no single column stores: store it as JSON with "
          + "@Column(as: [String].JSONRepresentation.self), or mark it @Ephemeral"
      ])
    #expect(
      array.applying("Store 'tags' as JSON")
        == "@Table struct Note { let id: Int\n  @Column(as: [String].JSONRepresentation.self) var tags: [String] = [] }"
    )

    let named = MacroExpansion(
      #"@Table struct Note { let id: Int; @Column("labels") var tags: Set<String> }"#)
    #expect(
      named.applying("Store 'tags' as JSON")
        == #"@Table struct Note { let id: Int; @Column("labels", as: Set<String>.JSONRepresentation.self) var tags: Set<String> }"#
    )

    let optional = MacroExpansion("@Selection struct Row { var counts: [String: Int]? }")
    #expect(
      optional.applying("Store 'counts' as JSON")
        == "@Selection struct Row { @Column(as: [String: Int].JSONRepresentation?.self) var counts: [String: Int]? }"
    )

    let tuple = MacroExpansion("@Table struct Point { let id: Int; var xy: (Int, Int) }")
    #expect(
      tuple.messages == [
        "'xy' is a (Int, Int), which no column stores: give it a type SQL stores, or mark it @Ephemeral with a "
          + "default value if it is not stored"
      ])
    #expect(MacroExpansion("@Table struct Job { let id: Int; var run: () -> Void }").messages.count == 1)
  }

  @Test func onePrimaryKey() {
    let expansion = MacroExpansion(
      """
      @Table struct Pair {
        @Column(primaryKey: true) var a: Int
        @Column("bee", primaryKey: true) var b: Int
        @Column(primaryKey: true) var c: Int
      }
      """)
    #expect(
      expansion.messages == [
        "A table has one primary key: 'a', 'b', 'c' are all marked @Column(primaryKey: true)"
      ])
    #expect(expansion.fixIts == ["Remove 'primaryKey: true' from 'b'", "Remove 'primaryKey: true' from 'c'"])
    #expect(
      expansion.applying("Remove 'primaryKey: true' from 'b'") == """
        @Table struct Pair {
          @Column(primaryKey: true) var a: Int
          @Column("bee") var b: Int
          @Column(primaryKey: true) var c: Int
        }
        """)
    #expect(
      expansion.applying("Remove 'primaryKey: true' from 'c'")?.contains("  @Column var c: Int") == true)
  }

  @Test func propertiesTheDatabaseCannotFill() {
    let constant = MacroExpansion("@Table struct Log { let id: Int; let createdAt = Date() }")
    #expect(
      constant.messages == [
        "'createdAt' is a 'let' with a value, which the value read from the database cannot replace: declare it 'var'"
      ])
    #expect(
      constant.applying("Replace 'let' with 'var'")
        == "@Table struct Log { let id: Int; var createdAt = Date() }")

    let ephemeral = MacroExpansion("@Table struct Log { let id: Int; @Ephemeral var cache: [String: Int] }")
    #expect(
      ephemeral.messages == ["@Ephemeral 'cache' is not read from the database, so it needs a default value"])
    #expect(
      ephemeral.applying("Add a default value")
        == "@Table struct Log { let id: Int; @Ephemeral var cache: [String: Int] = <#value#> }")
  }

  @Test func otherMistakes() {
    let both = MacroExpansion("@Table @Selection struct Row { var a: Int }")
    #expect(
      both.messages == ["'Row' is either a @Table or a @Selection: a table already selects its columns"])
    #expect(both.applying("Remove '@Selection'") == "@Table struct Row { var a: Int }")
    #expect(!both.code.contains("TableColumns"))

    let representation = MacroExpansion(
      "@Table struct Log { let id: Int; @Column(as: Date.UnixTimeRepresentation) var at: Date }")
    #expect(
      representation.messages == ["@Column(as:) takes a type: write 'Date.UnixTimeRepresentation.self'"])
    #expect(
      representation.applying("Add '.self'")
        == "@Table struct Log { let id: Int; @Column(as: Date.UnixTimeRepresentation.self) var at: Date }")

    // Two properties may read one column name, as upstream allows: a view over a join selects
    // both tables' "id" (its columns are then numbered, "id_1" and "id_2").
    #expect(
      MacroExpansion(#"@Table struct Log { let id: Int; var a: Int; @Column("a") var b: Int }"#).messages
        == [])
    #expect(
      MacroExpansion("@Table struct Log { let id: Int; var (a, b): (Int, Int) }").messages == [
        "A column is one property: declare '(a, b)' as one property per value"
      ])
  }
}
