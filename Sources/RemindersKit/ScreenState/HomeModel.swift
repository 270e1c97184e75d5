import Foundation
import Observation
import SQLiteData

/// The home screen (the sidebar): the smart lists' counts, the lists with their counts of
/// incomplete reminders and their sharing, the tags in use, and the changes waiting to be sent,
/// all one live request.
@MainActor
@Observable
public final class HomeModel {
  @ObservationIgnored
  @Fetch(HomeRequest(day: .today)) public var screen = HomeRequest.Value()

  public var stats: Stats { screen.stats }
  public var lists: [ReminderListState] { screen.lists }
  public var tags: [TagUsage] { screen.tags }

  public init() {}

  /// True when the database holds no lists at all: the screen offers the sample data.
  public var isEmpty: Bool { lists.isEmpty }

  /// The list new reminders go to when no list is selected: the first one.
  public var firstList: RemindersList? { lists.first?.remindersList }

  public func list(_ id: RemindersList.ID) -> RemindersList? {
    lists.first { $0.id == id }?.remindersList
  }

  /// Counts again for a new day: the Today count changes at midnight, with no commit to say so.
  public func refreshDay() async throws {
    try await $screen.load(HomeRequest(day: .today))
  }
}
