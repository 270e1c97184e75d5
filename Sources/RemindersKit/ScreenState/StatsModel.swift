import Foundation
import Observation
import SQLiteData

/// The stats screen: one live request for everything it shows, fetched again after every commit
/// to the tables it reads.
@MainActor
@Observable
public final class StatsModel {
  @ObservationIgnored
  @Fetch(StatsScreenRequest.current) public var value = StatsScreenRequest.Value()

  public init() {}

  /// Why the figures could not be read, if they could not.
  public var loadError: (any Error)? { $value.loadError }

  /// Counts again for a new day: the days charted and the overdue count move at midnight.
  public func refreshDay() async throws {
    try await $value.load(StatsScreenRequest.current)
  }
}
