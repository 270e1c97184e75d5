import DependenciesTestSupport
import Foundation
import SQLiteData
import Testing

/// A test file as upstream writes it: the `.dependency` trait from `DependenciesTestSupport`.
@Suite("Seeds: upstream's test imports", .dependency(\.defaultDatabase, try appDatabase()))
struct UpstreamImportTests {
  @Dependency(\.defaultDatabase) var database

  @Test func theTraitComesFromDependenciesTestSupport() throws {
    #expect(try database.read { try Item.fetchCount($0) } == 0)
  }
}
