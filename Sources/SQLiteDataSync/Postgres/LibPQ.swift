import CLibPQ
import Glibc

/// PostgreSQL's client library, opened when the first connection is made. A program that never
/// syncs (most runs of the app, every command-line command on a database that does not sync)
/// then neither loads libpq nor what libpq needs (TLS, Kerberos, LDAP: some twenty libraries, 5 MB
/// of memory and a few milliseconds at every launch).
///
/// The functions are the ones `libpq-fe.h` declares, called through pointers looked up once.
struct LibPQ: Sendable {
  typealias Connection = OpaquePointer
  typealias Result = OpaquePointer
  typealias Text = UnsafePointer<CChar>
  typealias Texts = UnsafePointer<Text?>

  let connectdbParams: @convention(c) (Texts?, Texts?, Int32) -> Connection?
  let status: @convention(c) (Connection?) -> ConnStatusType
  let finish: @convention(c) (Connection?) -> Void
  let socket: @convention(c) (Connection?) -> Int32
  let errorMessage: @convention(c) (Connection?) -> UnsafeMutablePointer<CChar>?
  let sendQueryParams:
    @convention(c) (
      Connection?, Text?, Int32, UnsafePointer<Oid>?, Texts?, UnsafePointer<Int32>?, UnsafePointer<Int32>?,
      Int32
    ) -> Int32
  let isBusy: @convention(c) (Connection?) -> Int32
  let consumeInput: @convention(c) (Connection?) -> Int32
  let getResult: @convention(c) (Connection?) -> Result?
  let exec: @convention(c) (Connection?, Text?) -> Result?
  let resultStatus: @convention(c) (Result?) -> ExecStatusType
  let resultErrorMessage: @convention(c) (Result?) -> UnsafeMutablePointer<CChar>?
  let resultErrorField: @convention(c) (Result?, Int32) -> UnsafeMutablePointer<CChar>?
  let ntuples: @convention(c) (Result?) -> Int32
  let nfields: @convention(c) (Result?) -> Int32
  let getisnull: @convention(c) (Result?, Int32, Int32) -> Int32
  let getvalue: @convention(c) (Result?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
  let clear: @convention(c) (Result?) -> Void
  let notifies: @convention(c) (Connection?) -> UnsafeMutablePointer<PGnotify>?
  let freemem: @convention(c) (UnsafeMutableRawPointer?) -> Void
  let setNoticeProcessor:
    @convention(c) (Connection?, PQnoticeProcessor?, UnsafeMutableRawPointer?) -> PQnoticeProcessor?

  /// The library, loaded on first use; the error says what is missing and how to install it.
  static func load() throws(CloudError) -> LibPQ {
    try loaded.get()
  }

  private static let loaded: Swift.Result<LibPQ, CloudError> = {
    // The name the runtime package installs (Debian's libpq5), then the development link.
    let names = ["libpq.so.5", "libpq.so"]
    guard let library = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
      let reason = dlerror().map { String(cString: $0) } ?? "not found"
      return .failure(
        .unavailable(
          "PostgreSQL's client library could not be loaded (\(reason)); sync needs it: install libpq5 (apt-get install libpq5)"
        ))
    }
    func function<F>(_ name: String) throws(CloudError) -> F {
      guard let symbol = dlsym(library, name) else {
        throw .unavailable("PostgreSQL's client library has no \(name): it is too old for sync")
      }
      return unsafeBitCast(symbol, to: F.self)
    }
    do throws(CloudError) {
      return .success(
        LibPQ(
          connectdbParams: try function("PQconnectdbParams"),
          status: try function("PQstatus"),
          finish: try function("PQfinish"),
          socket: try function("PQsocket"),
          errorMessage: try function("PQerrorMessage"),
          sendQueryParams: try function("PQsendQueryParams"),
          isBusy: try function("PQisBusy"),
          consumeInput: try function("PQconsumeInput"),
          getResult: try function("PQgetResult"),
          exec: try function("PQexec"),
          resultStatus: try function("PQresultStatus"),
          resultErrorMessage: try function(
            "PQresultErrorMessage"),
          resultErrorField: try function("PQresultErrorField"),
          ntuples: try function("PQntuples"),
          nfields: try function("PQnfields"),
          getisnull: try function("PQgetisnull"),
          getvalue: try function("PQgetvalue"),
          clear: try function("PQclear"),
          notifies: try function("PQnotifies"),
          freemem: try function("PQfreemem"),
          setNoticeProcessor: try function("PQsetNoticeProcessor")))
    } catch {
      return .failure(error)
    }
  }()
}
