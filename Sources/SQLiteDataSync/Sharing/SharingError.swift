/// Why a sharing request was refused, by this device or by the server.
public enum SharingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The record cannot be shared: its table is not synchronized, is private, or the record has
  /// a parent (only root records are shared; their descendants come along).
  case notShareable(String)
  /// The record has not reached the server yet: sync, then share.
  case notSynchronized(String)
  /// No such share or invitation (never made, stopped, used or expired).
  case notFound(String)
  /// Only the owner of a share may change it.
  case notOwner(String)
  /// No user of that name on the server.
  case unknownUser(String)
  /// The record is in a share this user may only read: the local change was refused.
  case readOnly(String)

  public var description: String {
    switch self {
    case .notShareable(let reason): "This record cannot be shared: \(reason)."
    case .notSynchronized(let record): "\(record) has not reached the server yet: sync, then share it."
    case .notFound(let reason): "Not found: \(reason)."
    case .notOwner(let reason): "Refused: \(reason)."
    case .unknownUser(let reason): "Unknown user: \(reason)."
    case .readOnly(let reason): "Read-only: \(reason)."
    }
  }
}
