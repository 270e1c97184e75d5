import Dispatch
import SQLiteEngine

/// The one serial queue on which the fetch wrappers receive new values, as views on other
/// platforms receive them on the main actor. One queue means a commit that changes several live
/// values announces them one at a time: an observer tracking several of them hears of the commit
/// once, never twice from two threads at the same moment.
let liveValueQueue = DispatchQueue(label: "SQLiteData.live-values", qos: .userInitiated)

extension ValueObservationScheduler where Self == DispatchQueueScheduler {
  /// The fetch wrappers' default (see `DependencyValues.liveValueScheduler`): the first value at
  /// once on the caller, later values on the queue shared by every live value of the process, in
  /// commit order.
  public static var liveValues: Self { .immediate(thenOnQueue: liveValueQueue) }
}
