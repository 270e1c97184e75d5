import SQLiteEngine

extension SyncEngine {
  /// The account the server reports, compared with the one the local data belongs to. A first
  /// account is a sign-in; another user, or another server, a switch; refused credentials for an
  /// account that had data, a sign-out. The delegate hears of each; without one, a sign-out or
  /// a switch deletes the local synchronized data (it belongs to someone else now), unless
  /// changes wait to be sent: those are kept, and a switch is refused until the previous account
  /// signs in again or the local data is deleted.
  func currentAccount() async throws -> CloudAccount {
    guard let cloud else { throw CloudError.noAccount }
    // Checked again when the credentials may belong to someone else now (a new login).
    let credentials = cloud.credentialsGeneration
    if let account = state.withLock({ $0.accountCredentials == credentials ? $0.account : nil }) {
      return account
    }
    let stored = try await database.writeWithoutTransaction { db -> CloudAccount? in
      guard
        let row = try Row.fetchOne(
          db, sql: #"SELECT "userName", "serverID" FROM "sqlitedata_icloud_account""#),
        let user = try row.decode(String?.self, at: 0), let server = try row.decode(String?.self, at: 1)
      else { return nil }
      return CloudAccount(user: user, serverID: server)
    }
    let account: CloudAccount
    do {
      account = try await cloud.account()
    } catch CloudError.notAuthenticated(let reason) {
      if let stored { try? await accountChanged(.signOut(previousUser: stored.user)) }
      throw CloudError.notAuthenticated(reason)
    }
    if let stored, stored != account {
      try await accountChanged(.switchAccounts(previousUser: stored.user, currentUser: account.user))
    } else if stored == nil {
      try await accountChanged(.signIn(currentUser: account.user))
    }
    try await database.write { db in
      try db.execute(
        sql: #"UPDATE "sqlitedata_icloud_account" SET "userName" = ?, "serverID" = ?"#,
        arguments: [account.user, account.serverID])
    }
    state.withLock {
      $0.account = account
      $0.accountCredentials = credentials
    }
    return account
  }

  private func accountChanged(_ change: AccountChangeType) async throws {
    if let delegate {
      await delegate.syncEngine(self, accountChanged: change)
      return
    }
    if case .signIn = change { return }
    // Changes not sent yet are someone's work. Sent on after a switch, they would land in the
    // other user's account: the switch is refused. A refused login keeps them, for when it is back.
    let unsent = try pendingChangeCount()
    if unsent > 0, case .switchAccounts(let previousUser, let currentUser) = change {
      throw SyncError.unsentChanges(count: unsent, previousUser: previousUser, currentUser: currentUser)
    }
    guard unsent == 0 else { return }
    try? await eraseLocalData()
  }
}
