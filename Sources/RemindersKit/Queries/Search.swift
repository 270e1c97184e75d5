import Foundation
import SQLiteData

/// Full-text search over reminders' titles, notes and tags.
public enum Search {
  /// The condition a reminder meets when it matches the query: every word is found (through the
  /// trigram index for words of three characters or more, with LIKE for shorter ones) and it has
  /// every `#tag` (for a `#tag` still being typed, a tag that starts with it). An empty query
  /// matches nothing.
  public static func matches(_ query: SearchQuery, _ reminder: Reminder.TableColumns)
    -> SQLQueryExpression<Bool>
  {
    guard !query.isEmpty else { return SQLQueryExpression("0") }
    var conditions: [QueryFragment] = []
    if !query.terms.isEmpty {
      let text = ReminderText.columns
      var parts: [QueryFragment] = []
      if let pattern = query.matchPattern { parts.append(text.match(pattern).queryFragment) }
      for term in query.shortTerms {
        let forms = SearchQuery.forms(of: term).map { form in
          let pattern = likePattern(containing: form)
          return
            (text.title.like(pattern, escape: likeEscape) || text.notes.like(pattern, escape: likeEscape)
            || text.tags.like(pattern, escape: likeEscape)).queryFragment
        }
        parts.append(forms.map { "(" + $0 + ")" }.joined(separator: " OR "))
      }
      let found = SQLQueryExpression<Bool>(parts.map { "(" + $0 + ")" }.joined(separator: " AND "))
      let texts = ReminderText.where { _ in found }
      conditions.append(reminder.rowid.in(texts.select(\.rowid)).queryFragment)
    }
    for (index, tag) in query.tags.enumerated() {
      // The tag still being typed matches the tags it starts, so results do not vanish mid-word.
      let isBeingTyped = index == query.tags.count - 1 && query.partialTag == tag
      let titles = Tag.where {
        isBeingTyped ? $0.title.like(likePattern(prefix: tag), escape: likeEscape) : $0.title.eq(tag)
      }
      .select(\.title)
      conditions.append(
        reminder.id.in(ReminderTag.where { $0.tagID.in(titles) }.select(\.reminderID)).queryFragment)
    }
    return SQLQueryExpression(conditions.map { "(" + $0 + ")" }.joined(separator: " AND "))
  }

  /// The matching reminders, completed ones last (and left out when `showCompleted` is false),
  /// then by title: `@FetchAll(Search.rows(query, showCompleted: false)) var rows`.
  public static func rows(_ query: SearchQuery, showCompleted: Bool, today: LocalDay = .today)
    -> Select<ReminderRow, Reminder, RemindersList>
  {
    let select = ReminderRow.select(
      where: { reminder in
        showCompleted
          ? matches(query, reminder) : matches(query, reminder) && !reminder.isSettledCompleted
      },
      ordering: .title, today: today)
    return query.isEmpty ? select.none : select
  }

  /// How many matching reminders are completed: the header's "N Completed".
  public static func completedCount(_ query: SearchQuery) -> Select<Int, Reminder, ()> {
    Reminder.where { matches(query, $0) && $0.isCompleted }.count()
  }

  /// The completed matching reminders that "clear completed" deletes: those due before the cutoff
  /// of `age` (reminders without a due date only for ``ClearCompletedAge/all``).
  public static func clearable(_ query: SearchQuery, olderThan age: ClearCompletedAge)
    -> Select<Reminder, Reminder, ()>
  {
    let reminder = Reminder.columns
    var condition = matches(query, reminder) && reminder.isCompleted
    if let cutoff = age.cutoff { condition = condition && reminder.dueDate.lt(cutoff) }
    return Reminder.where { _ in condition }
  }

  // MARK: - LIKE patterns

  static let likeEscape: Character = "\\"

  /// `%text%`, with `%`, `_` and the escape character in the text escaped.
  static func likePattern(containing text: String) -> String {
    "%" + escapeLike(text) + "%"
  }

  /// `text%`, escaped.
  static func likePattern(prefix text: String) -> String {
    escapeLike(text) + "%"
  }

  private static func escapeLike(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if character == likeEscape || character == "%" || character == "_" { escaped.append(likeEscape) }
      escaped.append(character)
    }
    return escaped
  }
}

/// Which completed reminders "clear completed" deletes, by how long ago they were due.
public enum ClearCompletedAge: String, CaseIterable, Hashable, Sendable {
  case oneMonth
  case sixMonths
  case oneYear
  case all

  /// "Older Than 1 Month", …, "All Completed".
  public var title: String {
    switch self {
    case .oneMonth: "Older Than 1 Month"
    case .sixMonths: "Older Than 6 Months"
    case .oneYear: "Older Than 1 Year"
    case .all: "All Completed"
    }
  }

  /// The instant before which a completed reminder's due date makes it old enough, counted back
  /// from `@Dependency(\.date.now)` in the user's calendar; nil for ``all``.
  public var cutoff: Date? {
    @Dependency(\.date.now) var now
    @Dependency(\.calendar) var calendar
    @Dependency(\.timeZone) var timeZone
    var localCalendar = calendar
    localCalendar.timeZone = timeZone
    let months: Int
    switch self {
    case .oneMonth: months = 1
    case .sixMonths: months = 6
    case .oneYear: months = 12
    case .all: return nil
    }
    return localCalendar.date(byAdding: .month, value: -months, to: now)
  }
}

/// A search result: the row, and where the words and tags were found in it.
public struct SearchResult: Hashable, Identifiable, Sendable {
  public var row: ReminderRow
  /// Matches in `row.reminder.title`.
  public var titleHighlights: [Range<String.Index>]
  /// Matches in `row.reminder.notes`.
  public var notesHighlights: [Range<String.Index>]
  /// Matches in `row.tags`.
  public var tagsHighlights: [Range<String.Index>]

  public var id: Reminder.ID { row.id }

  public init(row: ReminderRow, query: SearchQuery) {
    self.row = row
    titleHighlights = Highlighter.ranges(of: query.terms, in: row.reminder.title)
    notesHighlights = Highlighter.ranges(of: query.terms, in: row.reminder.notes)
    tagsHighlights = Highlighter.merged(
      Highlighter.ranges(of: query.terms, in: row.tags)
        + Highlighter.tagRanges(of: query.tags, in: row.tags))
  }
}

/// Live search, with everything the search screen shows in one read: how many reminders match,
/// a window of them (at most `limit` from `offset`, as a detail screen reads its rows), how many
/// matches are completed, and the tags that complete the `#tag` being typed. A search matching
/// a hundred thousand reminders reads the rows it shows, never all of them.
///
///     @Fetch(SearchRequest(text: "milk #someday")) var search = SearchRequest.Value()
public struct SearchRequest: FetchKeyRequest {
  public var text: String
  public var showCompleted: Bool
  /// The day rows are past due against, fixed when the request is made: the fetch may run on
  /// another thread, and a new day is a new request.
  public var today: LocalDay
  /// The first match to read, and how many.
  public var offset: Int
  public var limit: Int

  /// The window a search starts with.
  public static let defaultLimit = 200

  public init(
    text: String, showCompleted: Bool = false, today: LocalDay = .today, offset: Int = 0,
    limit: Int = SearchRequest.defaultLimit
  ) {
    self.text = text
    self.showCompleted = showCompleted
    self.today = today
    self.offset = max(offset, 0)
    self.limit = max(limit, 0)
  }

  public struct Value: Hashable, Sendable {
    /// How many reminders match (and are listed: completed ones only with `showCompleted`).
    public var count = 0
    /// The index of the first of `results`.
    public var offset = 0
    /// The window of matches, with highlights.
    public var results: [SearchResult] = []
    /// How many matches are completed, shown or not.
    public var completedCount = 0
    /// Tags for the `#tag` being typed.
    public var suggestions: [Tag] = []

    public init(
      count: Int = 0, offset: Int = 0, results: [SearchResult] = [], completedCount: Int = 0,
      suggestions: [Tag] = []
    ) {
      self.count = count
      self.offset = offset
      self.results = results
      self.completedCount = completedCount
      self.suggestions = suggestions
    }

    /// The indices of `results` among all the matches.
    public var range: Range<Int> { offset..<offset + results.count }
  }

  public func fetch(_ db: Database) throws -> Value {
    let query = SearchQuery(text)
    let suggestions = try query.partialTag.map { try Tag.suggestions(forPrefix: $0).fetchAll(db) } ?? []
    guard !query.isEmpty else { return Value(suggestions: suggestions) }
    let showCompleted = self.showCompleted
    let count =
      try Reminder.where { reminder in
        showCompleted
          ? Search.matches(query, reminder) : Search.matches(query, reminder) && !reminder.isSettledCompleted
      }
      .count().fetchOne(db) ?? 0
    // A window past the end (matches went away) slides back to show the last ones.
    let offset = min(self.offset, max(count - limit, 0))
    let rows = try Search.rows(query, showCompleted: showCompleted, today: today).limit(limit, offset: offset)
      .fetchAll(db)
    return Value(
      count: count, offset: offset, results: rows.map { SearchResult(row: $0, query: query) },
      completedCount: try Search.completedCount(query).fetchOne(db) ?? 0, suggestions: suggestions)
  }
}
