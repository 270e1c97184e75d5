import Foundation
import SQLiteData

/// A tag with the number of reminders that have it.
@Selection
public struct TagUsage: Hashable, Identifiable, Sendable {
  public var remindersCount: Int
  public var tag: Tag

  public var id: Tag.ID { tag.id }
}

extension TagUsage {
  /// The tags at least one reminder has, by title: the sidebar's "Tags". Counts come from
  /// `tagCounts`, kept by triggers, so this reads a row per tag. Built once: the sidebar fetches
  /// it after every commit.
  public static let inUse: Select<TagUsage, Tag, TagCount> = {
    Tag
      .order(by: \.title)
      .join(TagCount.all) { $0.title.eq($1.tagID) }
      .where { $1.remindersCount.gt(0) }
      .select { TagUsage.Columns(remindersCount: $1.remindersCount, tag: $0) }
  }()

  /// Every tag, by title, with how many reminders have it (none for unused tags).
  public static var all: Select<TagUsage, Tag, TagCount?> {
    Tag
      .order(by: \.title)
      .leftJoin(TagCount.all) { $0.title.eq($1.tagID) }
      .select { TagUsage.Columns(remindersCount: $1.remindersCount.ifnull(0), tag: $0) }
  }
}

/// The tags picker's choices: the three most used tags, then every other tag by title.
///
///     @Fetch(TagPicker()) var picker = TagPicker.Value()
public struct TagPicker: FetchKeyRequest {
  /// How many of the most used tags come first.
  public static let topCount = 3

  public struct Value: Hashable, Sendable {
    /// The most used tags, most used first (ties by title); only tags in use.
    public var top: [TagUsage] = []
    /// Every other tag, by title.
    public var rest: [TagUsage] = []

    public init(top: [TagUsage] = [], rest: [TagUsage] = []) {
      self.top = top
      self.rest = rest
    }

    /// `top` then `rest`: the picker's order.
    public var all: [TagUsage] { top + rest }
  }

  public init() {}

  public func fetch(_ db: Database) throws -> Value {
    let tags = try TagUsage.all.fetchAll(db)
    return Self.split(tags)
  }

  /// Splits tags (in title order) into the most used and the rest.
  static func split(_ tags: [TagUsage]) -> Value {
    // A stable sort keeps title order among tags used equally often.
    let top = Array(
      tags.enumerated()
        .filter { $0.element.remindersCount > 0 }
        .sorted { ($0.element.remindersCount, -$0.offset) > ($1.element.remindersCount, -$1.offset) }
        .prefix(topCount)
        .map(\.element))
    let topIDs = Set(top.map(\.id))
    return Value(top: top, rest: tags.filter { !topIDs.contains($0.id) })
  }
}

extension Tag {
  /// Every tag by title.
  public static var ordered: Select<Tag, Tag, ()> { Tag.order(by: \.title) }

  /// The tags of a reminder, by title.
  public static func of(reminder id: Reminder.ID) -> Select<Tag, Tag, ()> {
    Tag
      .where { $0.title.in(ReminderTag.where { $0.reminderID.eq(id) }.select(\.tagID)) }
      .order(by: \.title)
  }

  /// Tags whose title starts with `prefix` (without regard to case), by title: suggestions
  /// while a `#tag` is typed.
  public static func suggestions(forPrefix prefix: String, limit: Int = 8) -> Select<Tag, Tag, ()> {
    Tag
      .where { $0.title.like(Search.likePattern(prefix: prefix), escape: Search.likeEscape) }
      .order(by: \.title)
      .limit(limit)
  }
}
