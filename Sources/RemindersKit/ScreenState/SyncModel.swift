import Dispatch
import Foundation
import Observation
import SQLiteData

/// The sync engine's state on the main actor, for the status line: the engine changes it on its
/// own threads, and this model takes each change over between frames. Nil engine: the database
/// does not sync, and the model stays idle.
@MainActor
@Observable
public final class SyncModel {
  public private(set) var state = SyncState()

  @ObservationIgnored public let engine: SyncEngine?
  @ObservationIgnored private let dependencies = DependencySnapshot()

  public init(engine: SyncEngine?) {
    self.engine = engine
    follow()
  }

  /// Whether the database syncs.
  public var syncs: Bool { engine != nil }

  /// The status line's words, with `pending` changes waiting; nil when the database does not sync.
  public func summary(pending: Int) -> String? {
    guard engine != nil else { return nil }
    return state.summary(
      pending: pending, now: dependencies.values.date.now, calendar: dependencies.values.calendar,
      timeZone: dependencies.values.timeZone)
  }

  /// Sends and fetches now, without waiting for the next commit or notification; the outcome
  /// shows in ``state`` as the engine reports it.
  public func syncNow() {
    guard let engine else { return }
    Task.detached { try? await engine.syncChanges() }
  }

  /// Copies the engine's state, and again after each change of it.
  private func follow() {
    guard let engine else { return }
    let (status, isSynchronizing, refused) = withObservationTracking {
      (engine.status, engine.isSynchronizing, engine.refusedChangeCount)
    } onChange: { [weak self] in
      // Called before the change is stored, on the engine's thread: read it on the main actor.
      DispatchQueue.main.async { MainActor.assumeIsolated { self?.follow() } }
    }
    state = state.updated(status: status, isSynchronizing: isSynchronizing, at: dependencies.values.date.now)
    state.refusedChanges = refused
  }
}
