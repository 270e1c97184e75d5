/// A list data source over an array of identifiable items.
public struct ArrayListSource<Item: Identifiable>: ListDataSource where Item.ID: Sendable {
  public var items: [Item]
  public var row: (Item) -> ListRow
  private let indices: [Item.ID: Int]

  public init(_ items: [Item], row: @escaping (Item) -> ListRow) {
    self.items = items
    self.row = row
    var indices: [Item.ID: Int] = [:]
    for (index, item) in items.enumerated() where indices[item.id] == nil { indices[item.id] = index }
    self.indices = indices
  }

  public var count: Int { items.count }
  public func id(at index: Int) -> Item.ID { items[index].id }
  public func index(of id: Item.ID) -> Int? { indices[id] }
  public func rows(in range: Range<Int>) -> [ListRow] { items[range].map(row) }
}
