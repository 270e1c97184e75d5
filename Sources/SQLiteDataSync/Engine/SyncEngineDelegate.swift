/// What the app is told about the engine's account.
public protocol SyncEngineDelegate: AnyObject, Sendable {
  /// The server account changed. By default the engine deletes the local synchronized data on
  /// sign-out and on a switch to another account, so that one person's data never ends up in
  /// another's; an app that implements this decides itself (and can call `deleteLocalData()`).
  func syncEngine(_ syncEngine: SyncEngine, accountChanged changeType: AccountChangeType) async
}

/// How the account changed: CloudKit's `CKSyncEngine.Event.AccountChange.ChangeType`.
public enum AccountChangeType: Hashable, Sendable {
  /// The device signed in, and had no account before: data created meanwhile is uploaded.
  case signIn(currentUser: String)
  /// The server no longer accepts the device's credentials.
  case signOut(previousUser: String)
  /// The credentials now belong to another user, or to another server.
  case switchAccounts(previousUser: String, currentUser: String)
}

/// The seeds spell the delegate's parameter `CKSyncEngine.Event.AccountChange.ChangeType`.
public enum CKSyncEngine {
  public enum Event {
    public enum AccountChange {
      public typealias ChangeType = AccountChangeType
    }
  }
}
