import Foundation
import SQLiteData
import Testing

@Suite struct DependencyValuesTests {
  @Test func dataHomeFollowsTheXDGRule() throws {
    func dataHome(_ variables: [String: String]) -> String { xdgDataHome { variables[$0] } }
    #expect(dataHome(["XDG_DATA_HOME": "/data", "HOME": "/home/a"]) == "/data")
    // A relative XDG_DATA_HOME is ignored, as the specification says.
    #expect(dataHome(["XDG_DATA_HOME": "data", "HOME": "/home/a"]) == "/home/a/.local/share")
    #expect(dataHome(["HOME": "/home/a"]) == "/home/a/.local/share")
    // A variable the program cannot read stops it, rather than giving another place.
    struct NotText: Error {}
    #expect(throws: NotText.self) { try xdgDataHome { _ in throw NotText() } }
  }

  @Test func clocksCalendarsAndIdentifiersAreReplaceableInAScope() {
    let fixed = Date(timeIntervalSince1970: 1_800_000_000)
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = tokyo
    withDependencies {
      $0.date = .constant(fixed)
      $0.uuid = .incrementing
      $0.calendar = calendar
      $0.timeZone = tokyo
    } operation: {
      @Dependency(\.date.now) var now
      @Dependency(\.uuid) var uuid
      @Dependency(\.calendar) var scopedCalendar
      @Dependency(\.timeZone) var timeZone
      #expect(now == fixed)
      #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000000")
      #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000001")
      #expect(scopedCalendar.timeZone == tokyo)
      #expect(timeZone == tokyo)
    }
    @Dependency(\.date.now) var outside
    #expect(outside != fixed)
  }
}
