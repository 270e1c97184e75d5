import Synchronization

/// A statement's rendered SQL and bindings, kept once made. The clauses it was rendered from are
/// values that do not change; the statement that holds it makes a new one when they do.
final class RenderedQuery: Sendable {
  private let rendered = Mutex<QueryFragment?>(nil)

  /// The fragment rendered by `render` the first time.
  func fragment(_ render: () -> QueryFragment) -> QueryFragment {
    if let fragment = rendered.withLock({ $0 }) { return fragment }
    // Rendered outside the lock: two threads may both render it, and either copy is the same.
    let fragment = render()
    rendered.withLock { $0 = fragment }
    return fragment
  }
}
