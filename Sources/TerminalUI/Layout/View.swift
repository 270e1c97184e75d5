/// Something that draws itself into a region of a canvas. Views are values built from the
/// application's state each frame; drawing is a pure function of that state and the region.
public protocol View {
  func render(in rect: Rect, on canvas: inout Canvas)
}

/// Draws nothing, leaving the region as it was (for an empty side of a stack).
public struct EmptyView: View {
  public init() {}

  public func render(in rect: Rect, on canvas: inout Canvas) {}
}

extension Canvas {
  /// Draws a view into a region of this canvas.
  public mutating func render(_ view: some View, in rect: Rect) {
    view.render(in: rect.intersection(bounds), on: &self)
  }

  /// Draws a view over the whole canvas.
  public mutating func render(_ view: some View) {
    view.render(in: bounds, on: &self)
  }
}
