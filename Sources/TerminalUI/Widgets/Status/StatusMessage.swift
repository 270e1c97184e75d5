/// A message shown in the status line until a given time.
public struct StatusMessage: Hashable, Sendable {
  public var text: String
  public var style: Style
  public var expiry: ContinuousClock.Instant

  public init(_ text: String, style: Style = .statusBar, until expiry: ContinuousClock.Instant) {
    self.text = text
    self.style = style
    self.expiry = expiry
  }
}

/// Transient messages, newest first. Time is always passed in, never read from a clock, so what
/// shows is a pure function of the messages and the moment of drawing.
public struct StatusMessages: Hashable, Sendable {
  public private(set) var messages: [StatusMessage] = []

  public init() {}

  public mutating func post(_ message: StatusMessage) {
    messages.insert(message, at: 0)
  }

  public mutating func post(
    _ text: String, style: Style = .statusBar, until expiry: ContinuousClock.Instant
  ) {
    post(StatusMessage(text, style: style, until: expiry))
  }

  /// The newest message still showing at `now`.
  public func current(at now: ContinuousClock.Instant) -> StatusMessage? {
    messages.first { $0.expiry > now }
  }

  /// Forgets messages that have expired by `now`.
  public mutating func removeExpired(at now: ContinuousClock.Instant) {
    messages.removeAll { $0.expiry <= now }
  }

  /// When the message showing at `now` stops showing, for scheduling the redraw that removes it.
  public func nextChange(after now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
    messages.filter { $0.expiry > now }.map(\.expiry).min()
  }
}
