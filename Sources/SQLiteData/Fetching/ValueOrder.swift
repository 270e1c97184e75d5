import SQLiteEngine
import Synchronization

/// Where a live value stands among those its wrapper receives: the query it answers, then the
/// fetch that read it.
///
/// This is the one rule by which live values are kept: a wrapper keeps a value only when it comes
/// after the last one it kept. So the newer commit wins, whichever thread or path brought the
/// value (a shared observation's fetch, or the wrapper's own first fetch beside it), and the late
/// values of a query the wrapper has replaced are dropped.
struct ValueOrder: Comparable, Sendable {
  /// Each query a wrapper observes is numbered after the one before.
  var query: Int
  /// The fetch's number, drawn by ``FetchNumbers`` as its read begins.
  var fetch: Int

  static func < (lhs: Self, rhs: Self) -> Bool { (lhs.query, lhs.fetch) < (rhs.query, rhs.fetch) }

  /// Before every value of `query`, and after every value of the queries before it.
  static func start(ofQuery query: Int) -> Self { ValueOrder(query: query, fetch: -1) }
}

/// Numbers the fetches of one observation in the order their reads begin, so that a fetch
/// numbered after another read a database at least as new, as long as the other's read began
/// before this one was numbered (see ``SharedObservation`` for how its fetches keep to that).
final class FetchNumbers: Sendable {
  private let next = Atomic(0)

  /// The number of a fetch whose read begins now.
  func draw() -> Int { next.wrappingAdd(1, ordering: .sequentiallyConsistent).oldValue }

  /// `fetch`, its result numbered once its read has begun.
  func numbering<Fetched>(
    _ fetch: @escaping @Sendable (Database) throws -> Fetched
  ) -> @Sendable (Database) throws -> (Int, Fetched) {
    { db in (self.draw(), try fetch(db)) }
  }
}
