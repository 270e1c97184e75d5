/// The direction a stack or split lays its children out in.
public enum Axis: Hashable, Sendable {
  case horizontal
  case vertical
}

extension Rect {
  /// The rectangle cut along an axis into consecutive pieces of the given sizes.
  public func split(_ axis: Axis, sizes: [LayoutSize], spacing: Int = 0) -> [Rect] {
    let length = axis == .horizontal ? width : height
    let lengths = LayoutSize.distribute(length, among: sizes, spacing: spacing)
    var position = axis == .horizontal ? x : y
    return lengths.map { piece in
      defer { position += piece + max(0, spacing) }
      switch axis {
      case .horizontal: return Rect(x: position, y: y, width: piece, height: height)
      case .vertical: return Rect(x: x, y: position, width: width, height: piece)
      }
    }
  }
}
