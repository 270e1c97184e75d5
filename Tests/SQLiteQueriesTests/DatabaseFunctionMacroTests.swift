import Testing

@Suite("@DatabaseFunction expansion and diagnostics")
struct DatabaseFunctionMacroTests {
  @Test func scalarExpansion() {
    let expansion = MacroExpansion(
      """
      @DatabaseFunction("full_name", isDeterministic: true)
      public func fullName(first: String, last: String = "") throws -> String { first + last }
      """)
    #expect(expansion.messages == [])
    #expect(
      expansion.code == #"""
        public func fullName(first: String, last: String = "") throws -> String { first + last }

        public nonisolated struct __macro_local_8fullNamefMu_: SQLiteQueries.ScalarDatabaseFunction {
          public init() {
          }
          public var name: Swift.String {
              "full_name"
          }
          public var argumentCount: Swift.Int {
              (String).columnWidth + (String).columnWidth
          }
          public var isDeterministic: Swift.Bool {
              true
          }
          public func callAsFunction(first: some SQLiteQueries.QueryExpression<String>, last: some SQLiteQueries.QueryExpression<String> = (String)(queryOutput: "")) -> SQLiteQueries.SQLQueryExpression<String> {
          SQLiteQueries._databaseFunctionCall(name, [first, last])
          }
          public func callAsFunction(_ first: some SQLiteQueries.QueryExpression<String>, _ last: some SQLiteQueries.QueryExpression<String>) -> SQLiteQueries.SQLQueryExpression<String> {
            SQLiteQueries._databaseFunctionCall(name, [first, last])
          }
          public func invoke(_ decoder: inout SQLiteQueries.QueryDecoder) throws -> SQLiteQueries.QueryBinding {
          let first = try SQLiteQueries._databaseFunctionArgument((String).self, &decoder)
          let last = try SQLiteQueries._databaseFunctionArgument((String).self, &decoder)
          return SQLiteQueries._databaseFunctionResult((String).self, try fullName(first: first, last: last))
          }
        }

        /// `fullName`, callable from SQL: add it with `db.add(function:)`.
        public var $fullName: __macro_local_8fullNamefMu_ {
            __macro_local_8fullNamefMu_()
        }
        """#)
  }

  @Test func aggregateAndStaticExpansion() {
    let expansion = MacroExpansion(
      """
      enum Stats {
        @DatabaseFunction(as: (([Date.UnixTimeRepresentation]) -> Int).self)
        static func latestYear(_ dates: some Sequence<Date>) -> Int { 0 }
      }
      """)
    #expect(expansion.messages == [])
    #expect(expansion.code.contains(": SQLiteQueries.AggregateDatabaseFunction {"))
    #expect(
      expansion.code.contains(
        "return try SQLiteQueries._databaseFunctionArgument(([Date.UnixTimeRepresentation]).self, &decoder)"))
    #expect(
      expansion.code.contains("SQLiteQueries._databaseFunctionResult((Int).self, Stats.latestYear(dates))"))
    #expect(expansion.code.contains("static var $latestYear:"))
  }

  @Test func unsupportedSignaturesAreExplained() {
    #expect(
      MacroExpansion("@DatabaseFunction func load() async -> Int { 0 }").messages == [
        "A database function runs inside a SQLite statement, so it cannot be async"
      ])
    #expect(
      MacroExpansion("@DatabaseFunction func first<T>(_ x: T) -> T { x }").messages == [
        "A database function cannot be generic: SQL needs the argument types (a sequence of values is declared 'some Sequence<T>')"
      ])
    #expect(
      MacroExpansion("@DatabaseFunction func bump(_ x: inout Int) {}").messages == [
        "A database function cannot change its arguments: 'x' cannot be inout"
      ])
    #expect(
      MacroExpansion("@DatabaseFunction func sum(_ xs: Int...) -> Int { 0 }").messages == [
        "A database function takes a fixed number of arguments: make 'xs' an array, or declare it 'some Sequence<…>' for an aggregate"
      ])
    #expect(
      MacroExpansion("@DatabaseFunction func run(_ body: () -> Int) -> Int { body() }").messages == [
        "SQL cannot pass a closure: 'body' needs a type SQL stores, such as Int or String"
      ])
    #expect(
      MacroExpansion("@DatabaseFunction func total(_ xs: some Sequence<Int>, _ y: Int) -> Int { 0 }").messages
        == [
          "An aggregate database function takes one parameter, the values of the group: 'some Sequence<T>'"
        ])
    #expect(
      MacroExpansion("@DatabaseFunction var answer: Int { 42 }").messages == [
        "@DatabaseFunction applies to a function: declare a 'func' whose arguments and result SQL passes"
      ])
    #expect(
      MacroExpansion(
        "@DatabaseFunction(as: ((Int) -> Int).self) func add(_ a: Int, _ b: Int) -> Int { a + b }"
      )
      .messages == ["'as:' names 1 parameter type(s) for a function of 2: give one per parameter"])
    #expect(
      MacroExpansion("func outer() { @DatabaseFunction func inner() -> Int { 1 } }").messages == [
        "@DatabaseFunction needs a function at file scope or a static one: move 'inner' out of its enclosing function"
      ])
  }

  @Test func fixIts() {
    let asynchronous = MacroExpansion("@DatabaseFunction func load() async -> Int { 0 }")
    #expect(asynchronous.fixIts == ["Remove 'async'"])
    #expect(asynchronous.applying("Remove 'async'") == "@DatabaseFunction func load() -> Int { 0 }")

    let instance = MacroExpansion(
      """
      struct Helpers {
        @DatabaseFunction func twice(_ x: Int) -> Int { x * 2 }
      }
      """)
    #expect(
      instance.messages == [
        "@DatabaseFunction needs a static function inside a type: SQL calls it without an instance"
      ])
    #expect(
      instance.applying("Make 'twice' static") == """
        struct Helpers {
          @DatabaseFunction static func twice(_ x: Int) -> Int { x * 2 }
        }
        """)

    let isolated = MacroExpansion("@DatabaseFunction @MainActor func refresh() {}")
    #expect(
      isolated.messages == [
        "A database function runs on the connection's thread, so it cannot be isolated to the main actor"
      ])
    #expect(isolated.applying("Remove '@MainActor'") == "@DatabaseFunction func refresh() {}")
  }
}
