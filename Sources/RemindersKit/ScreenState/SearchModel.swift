import Foundation
import Observation
import SQLiteData

/// Search: the text typed, applied after a pause in typing (so each key does not run a query),
/// `#tag` tokens with suggestions for the one being typed, the matches with their highlights,
/// how many matches are completed, and clearing completed matches.
@MainActor
@Observable
public final class SearchModel {
  /// The text as typed.
  public private(set) var text = ""
  /// Whether completed matches are listed.
  public private(set) var showCompleted = false
  /// How long typing must pause before the search runs.
  @ObservationIgnored public var debounce: Duration

  @ObservationIgnored
  @Fetch var value = SearchRequest.Value()

  @ObservationIgnored
  @Dependency(\.defaultDatabase) var database

  @ObservationIgnored private var pending: Task<Void, Never>?
  @ObservationIgnored private let dependencies = DependencySnapshot()
  /// The text the results are for.
  public private(set) var appliedText = ""

  public init(debounce: Duration = .milliseconds(150)) {
    self.debounce = debounce
  }

  /// What the search screen shows, as a value: its results with the query they are for.
  public struct State: Hashable, Sendable {
    /// The query the results are for.
    public var query: SearchQuery
    /// Whether completed matches are listed.
    public var showCompleted: Bool
    /// True while typed text waits for its search.
    public var isPending: Bool
    public var results: SearchRequest.Value

    public init(
      query: SearchQuery, showCompleted: Bool = false, isPending: Bool = false,
      results: SearchRequest.Value = SearchRequest.Value()
    ) {
      self.query = query
      self.showCompleted = showCompleted
      self.isPending = isPending
      self.results = results
    }
  }

  /// The screen's state now.
  public var state: State {
    State(query: query, showCompleted: showCompleted, isPending: isPending, results: value)
  }

  /// How many reminders match.
  public var count: Int { value.count }
  /// The loaded window of matches (completed ones last), from `offset`.
  public var loadedResults: (offset: Int, results: [SearchResult]) { (value.offset, value.results) }
  /// Matches kept loaded beyond those on screen, so that moving a few rows needs no read.
  public static let margin = 40
  /// How many matches are completed, listed or not.
  public var completedCount: Int { value.completedCount }
  /// Tags that complete the `#tag` being typed.
  public var suggestions: [Tag] { value.suggestions }
  /// The query the results are for.
  public var query: SearchQuery { SearchQuery(appliedText) }
  /// True while typed text waits for its search.
  public var isPending: Bool { text != appliedText }

  /// Changes the text; the search follows after `debounce`.
  public func setText(_ newText: String) {
    guard newText != text else { return }
    text = newText
    pending?.cancel()
    pending = Task { [weak self, debounce] in
      try? await Task.sleep(for: debounce)
      guard !Task.isCancelled else { return }
      self?.apply()
    }
  }

  /// Runs the search for the text now, without waiting for the pause.
  public func apply() {
    pending?.cancel()
    pending = nil
    appliedText = text
    // A new search starts at its first match.
    load(offset: 0, limit: SearchRequest.defaultLimit)
  }

  /// Replaces the `#tag` being typed at the end of the text with a whole tag, and searches.
  public func complete(with tag: Tag) {
    guard let partial = SearchQuery(text).partialTag else { return }
    text = String(text.dropLast(partial.count)) + tag.title + " "
    apply()
  }

  /// Searches again for a new day: which matches are past due changes at midnight.
  public func refreshDay() {
    load()
  }

  public func toggleShowCompleted() {
    showCompleted.toggle()
    load()
  }

  /// The match at `index` among all of them, if it is loaded.
  public func result(at index: Int) -> SearchResult? {
    let value = self.value
    return value.range.contains(index) ? value.results[index - value.offset] : nil
  }

  /// Makes sure the matches at `visible` are loaded, reading a window around them when not: only
  /// the matches near the screen are ever in memory.
  public func show(_ visible: Range<Int>) {
    let current = value
    guard
      let next = RowWindow.toLoad(
        visible: visible, count: current.count, loaded: current.range, margin: Self.margin)
    else { return }
    load(offset: next.offset, limit: next.limit)
  }

  /// Reads the window at `offset` (the same one, by default, as when the day or the options
  /// change).
  private func load(offset: Int? = nil, limit: Int? = nil) {
    let current = value
    _value = Fetch(
      wrappedValue: current,
      SearchScreenRequest(
        text: appliedText, showCompleted: showCompleted, offset: offset ?? current.offset,
        limit: limit ?? max(current.results.count, SearchRequest.defaultLimit), dependencies: dependencies),
      database: database)
  }
}

/// `SearchRequest` run under the dependencies of the screen that made it (what "today" is, for
/// past due dates).
struct SearchScreenRequest: FetchKeyRequest {
  var request: SearchRequest
  let dependencies: DependencySnapshot

  init(text: String, showCompleted: Bool, offset: Int, limit: Int, dependencies: DependencySnapshot) {
    request = SearchRequest(text: text, showCompleted: showCompleted, offset: offset, limit: limit)
    self.dependencies = dependencies
  }

  func fetch(_ db: Database) throws -> SearchRequest.Value {
    try dependencies.run { try request.fetch(db) }
  }
}
