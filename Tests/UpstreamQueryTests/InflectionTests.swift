import SQLiteData
import Testing

/// Upstream's `InflectionTests`, through what a user sees of it: the table names `@Table` gives
/// types (upstream tests its `pluralized()` helper on the same words).
@Suite("Upstream: table name inflection")
struct InflectionTests {
  @Table struct Bee { var id: Int }
  @Table struct Boy { var id: Int }
  @Table struct Buzz { var id: Int }
  @Table struct Category { var id: Int }
  @Table struct Person { var id: Int }
  @Table struct Placebo { var id: Int }
  @Table struct Pox { var id: Int }
  @Table struct Status { var id: Int }
  @Table struct Zoo { var id: Int }

  @Test func basics() {
    #expect(Bee.tableName == "bees")
    #expect(Boy.tableName == "boys")
    #expect(Buzz.tableName == "buzzes")
    #expect(Category.tableName == "categories")
    #expect(Person.tableName == "persons")
    #expect(Placebo.tableName == "placebos")
    #expect(Pox.tableName == "poxes")
    #expect(Status.tableName == "statuses")
    #expect(User.tableName == "users")
    #expect(Zoo.tableName == "zoos")
  }
}
