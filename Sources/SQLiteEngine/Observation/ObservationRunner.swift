import Dispatch
import Foundation
import Synchronization

/// Runs one observation: fetches, listens to commits, fetches again when one touches the region,
/// one fetch at a time, and delivers the values in order.
final class ObservationRunner<Value: Sendable>: Sendable {
  private let observation: ValueObservation<Value>
  private let writer: any DatabaseWriter
  private let scheduler: any ValueObservationScheduler
  private let onError: @Sendable (any Error) -> Void
  private let onChange: @Sendable (Value) -> Void
  /// Fetches run here, one at a time, so that values come out in commit order.
  private let queue = DispatchQueue(label: "SQLiteData.ValueObservation")

  private struct State {
    /// What the last fetch read; nil until a fetch has told.
    var region: DatabaseRegion?
    var isFetching = false
    var needsFetch = false
    var isCancelled = false
    var lastValue: Value?
    var observations: [CommitObservation] = []
  }

  private let state = Mutex(State())

  init(
    observation: ValueObservation<Value>, writer: any DatabaseWriter,
    scheduler: any ValueObservationScheduler,
    onError: @escaping @Sendable (any Error) -> Void, onChange: @escaping @Sendable (Value) -> Void
  ) {
    self.observation = observation
    self.writer = writer
    self.scheduler = scheduler
    self.onError = onError
    self.onChange = onChange
  }

  func start() {
    // The first fetch of an immediate delivery claims the fetch slot before listening: a commit
    // heard in between then asks for one more fetch after it, instead of starting a second
    // fetch that would run (and deliver) alongside it.
    let immediately = scheduler.deliversInitialValueImmediately
    if immediately { state.withLock { $0.isFetching = true } }
    // Listen before the first fetch, so that no commit falls between the two.
    let observations = [
      writer.observeCommits { [weak self] changes in self?.databaseDidChange(changes) },
      writer.observeOtherConnectionsCommits { [weak self] changes in self?.databaseDidChange(changes) },
    ].compactMap { $0 }
    // Cancelled while it started: what it listens to stops too.
    let isCancelled = state.withLock { state in
      state.observations = observations
      return state.isCancelled
    }
    if isCancelled { for observation in observations { observation.cancel() } }
    if immediately {
      let result = fetch()
      deliver(result, immediately: true)
      queue.async { self.fetchDidEnd() }
    } else {
      requestFetch()
    }
  }

  func cancel() {
    let observations = state.withLock { state in
      state.isCancelled = true
      return state.observations
    }
    for observation in observations { observation.cancel() }
  }

  /// A commit that touches the region asks for a fetch. Before the first fetch has told what it
  /// reads, every commit does: it may have landed after that fetch's snapshot, and judged against
  /// a region not known yet it would be lost.
  private func databaseDidChange(_ changes: DatabaseChanges) {
    let isRelevant = state.withLock { !$0.isCancelled && ($0.region.map(changes.modifies) ?? true) }
    if isRelevant { requestFetch() }
  }

  /// Fetches now, or once the fetch in flight ends (several requests make one more fetch).
  private func requestFetch() {
    let startsFetch = state.withLock { state in
      guard !state.isCancelled else { return false }
      if state.isFetching {
        state.needsFetch = true
        return false
      }
      state.isFetching = true
      return true
    }
    guard startsFetch else { return }
    queue.async {
      let result = self.fetch()
      self.deliver(result, immediately: false)
      self.fetchDidEnd()
    }
  }

  private func fetchDidEnd() {
    let again = state.withLock { state in
      state.isFetching = false
      defer { state.needsFetch = false }
      return state.needsFetch && !state.isCancelled
    }
    if again { requestFetch() }
  }

  /// Reads the value and the region it depends on. A failed fetch keeps the region it had, so
  /// that the observation hears about the table coming back.
  private func fetch() -> Result<Value, any Error> {
    do {
      let (value, region) = try writer.read { db in try db.recordingRegion { try observation.fetch(db) } }
      state.withLock { $0.region = region }
      return .success(value)
    } catch {
      return .failure(error)
    }
  }

  private func deliver(_ result: Result<Value, any Error>, immediately: Bool) {
    switch result {
    case .success(let value):
      let isNew = state.withLock { state in
        guard !state.isCancelled else { return false }
        if let isDuplicate = observation.isDuplicate, let lastValue = state.lastValue,
          isDuplicate(lastValue, value)
        {
          return false
        }
        state.lastValue = value
        return true
      }
      guard isNew else { return }
      if immediately {
        onChange(value)
      } else {
        scheduler.schedule { [weak self] in
          guard let self, !self.state.withLock({ $0.isCancelled }) else { return }
          self.onChange(value)
        }
      }
    case .failure(let error):
      // Forget the last value, so that the same value after an error is delivered again.
      state.withLock { $0.lastValue = nil }
      if immediately {
        onError(error)
      } else {
        scheduler.schedule { [weak self] in
          guard let self, !self.state.withLock({ $0.isCancelled }) else { return }
          self.onError(error)
        }
      }
    }
  }
}
