import SQLiteData

/// A tag is its title, compared without regard to case.
@Table
public struct Tag: Hashable, Identifiable, Sendable {
  @Column(primaryKey: true)
  public var title: String
  public var id: String { title }

  public init(title: String) { self.title = title }
}
