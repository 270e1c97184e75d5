import Dispatch
import Observation
import Synchronization

/// Keeps an `observe` closure running; cancelling it, or letting the last reference go, stops it.
public final class ObservationToken: Sendable {
  private let cancelled = Atomic<Bool>(false)

  init() {}

  deinit {
    cancel()
  }

  public var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

  public func cancel() {
    cancelled.store(true, ordering: .releasing)
  }
}

/// Runs `body` now and again whenever an `@Observable` value it read changes, on the main actor,
/// for as long as the returned token is kept. Changes made together (before the main actor runs
/// again) lead to one run, which sees them all.
@MainActor
public func observe(_ body: @escaping @MainActor () -> Void) -> ObservationToken {
  let token = ObservationToken()
  ObservationLoop(token: token, body: body).run()
  return token
}

/// One `observe` call: runs the body with tracking, and re-arms the tracking after every change.
@MainActor
private final class ObservationLoop: Sendable {
  private weak let token: ObservationToken?
  private let body: @MainActor () -> Void

  init(token: ObservationToken, body: @escaping @MainActor () -> Void) {
    self.token = token
    self.body = body
  }

  func run() {
    guard let token, !token.isCancelled else { return }
    withObservationTracking {
      body()
    } onChange: { [self] in
      // Called on the thread that made the change, before the change is stored; the body runs
      // again afterwards on the main actor and sees the new value.
      DispatchQueue.main.async { MainActor.assumeIsolated { self.run() } }
    }
  }
}
