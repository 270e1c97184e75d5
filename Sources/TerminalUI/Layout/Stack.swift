/// Children laid out one after another along an axis.
public struct Stack: View {
  /// One child and the share of the stack it takes.
  public struct Item {
    public var size: LayoutSize
    public var view: any View

    public init(_ size: LayoutSize, _ view: any View) {
      self.size = size
      self.view = view
    }

    public static func fixed(_ length: Int, _ view: any View) -> Item {
      Item(.fixed(length), view)
    }

    public static func flexible(_ view: any View, weight: Int = 1, minimum: Int = 0) -> Item {
      Item(.flexible(weight: weight, minimum: minimum), view)
    }
  }

  public var axis: Axis
  public var spacing: Int
  public var items: [Item]

  public init(_ axis: Axis, spacing: Int = 0, _ items: [Item]) {
    self.axis = axis
    self.spacing = spacing
    self.items = items
  }

  public static func vertical(spacing: Int = 0, _ items: [Item]) -> Stack {
    Stack(.vertical, spacing: spacing, items)
  }

  public static func horizontal(spacing: Int = 0, _ items: [Item]) -> Stack {
    Stack(.horizontal, spacing: spacing, items)
  }

  public func render(in rect: Rect, on canvas: inout Canvas) {
    let rects = rect.split(axis, sizes: items.map(\.size), spacing: spacing)
    for (item, itemRect) in zip(items, rects) where !itemRect.isEmpty {
      item.view.render(in: itemRect, on: &canvas)
    }
  }
}
