import Foundation
import RemindersKit
import SQLiteData
import Synchronization

extension CommandContext {
  /// The database a sync command works on: a device with an account starts one (its data comes
  /// from the server); without an account only an existing one is opened, and none is made.
  func databaseForSync() throws -> DatabasePool {
    try SyncLogin.cloudDatabase() == nil ? existingDatabase() : database()
  }

  /// The user the database last synced as; nil when it never synced.
  func syncedUserName() throws -> String? {
    try syncedAccount()?.user
  }

  /// The account the database's synced rows belong to, nil when it has not synced.
  func syncedAccount() throws -> CloudAccount? {
    guard AppSync.hasSynced(path: databasePath) else { return nil }
    return try existingDatabase().read { db in
      try db.isMetadatabaseAttached ? SyncEngine.currentAccount(db) : nil
    }
  }

  /// The sync engine of the database, or an error that says how to start syncing.
  func requireSyncEngine() throws -> SyncEngine {
    guard let engine = syncEngine else {
      throw CommandError.failure(
        "this database does not sync: log in with `reminders account login --server URL --user NAME` "
          + "(see `reminders server --help` to set up a server)")
    }
    return engine
  }
}

/// Runs a request to the sync server from a command; its refusals become the command's error
/// message.
func syncCall<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
  do {
    return try runBlocking(body)
  } catch let error as SharingError {
    // Something that is not there exits as `not found` does everywhere (3).
    if case .notFound = error { throw CommandError.notFound(error.description + nextStep(after: error)) }
    throw CommandError.failure(error.description + nextStep(after: error))
  } catch let error as CloudError {
    throw CommandError.failure(error.description)
  }
}

/// Runs async work from a command, which the command line runs synchronously.
func runBlocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
  let semaphore = DispatchSemaphore(value: 0)
  let result = LockedResult<T>()
  Task {
    do { result.set(.success(try await body())) } catch { result.set(.failure(error)) }
    semaphore.signal()
  }
  semaphore.wait()
  return try result.get()
}

/// The result of `runBlocking`'s task, handed from its thread to the waiting one.
private final class LockedResult<T: Sendable>: Sendable {
  private let value = Mutex<Result<T, any Error>?>(nil)
  func set(_ result: Result<T, any Error>) { value.withLock { $0 = result } }
  func get() throws -> T { try value.withLock { $0 }!.get() }
}

/// What a person can do after the server refused a sharing request.
private func nextStep(after error: SharingError) -> String {
  switch error {
  case .notFound:
    " Check the id with `reminders shares`, or ask the list's owner for a new invitation."
  case .notOwner:
    " Only the list's owner can change its sharing; `reminders unshare LIST` leaves a list shared with you."
  case .unknownUser:
    " Check the name; the server's administrator adds people with `reminders server add-user`."
  case .notShareable, .notSynchronized, .readOnly:
    ""
  }
}
