import Foundation
import RemindersKit
import SQLiteData
import SQLiteDataTestSupport
import Testing

@MainActor
@Suite("Screen state")
struct ScreenStateTests {
  @Test(.fixedSample()) func detailWindowLoadsTheScreensRows() async throws {
    let model = DetailModel(kind: .smart(.all))
    #expect(model.count == 8)
    print(model.loadedRows.rows.map(\.reminder.title), model.loadError as Any)
    #expect(model.row(at: 0) != nil)
  }
}
