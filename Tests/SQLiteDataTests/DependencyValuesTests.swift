import Foundation
import SQLiteData
import Testing

@Suite struct DependencyValuesTests {
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
