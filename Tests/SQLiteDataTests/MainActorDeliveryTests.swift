import Foundation
import Observation
import SQLiteData
import SQLiteDataTestSupport
import Testing

/// A program that draws on the main actor delivers live values there: Swift Observation starts
/// watching what a frame read only once the frame is drawn, so a value must never change while
/// one is being drawn.
@MainActor
@Suite(
  .dependencies {
    $0.defaultDatabase = try factsDatabase()
    $0.liveValueScheduler = .mainActor
  })
struct MainActorDeliveryTests {
  @Dependency(\.defaultDatabase) var database

  @Test func aCommitWhileAFrameIsDrawnIsHeardOnceItIsDrawn() async throws {
    let model = FactsModel()
    let changes = Counter()
    let drawnCount = withObservationTracking {
      let count = model.count
      // Another connection commits while the frame is drawn, and the new value is fetched on
      // another thread meanwhile: on a background queue it would be stored now, before the
      // frame's observers exist, and the frame would never hear of it.
      try? database.write { db in try Fact.insert { Fact.Draft(body: "During a frame") }.execute(db) }
      Thread.sleep(forTimeInterval: 0.2)
      return count
    } onChange: {
      changes.increment()
    }
    #expect(drawnCount == 2)
    try await waitUntil { model.count == 3 }
    #expect(changes.value == 1)
  }
}
