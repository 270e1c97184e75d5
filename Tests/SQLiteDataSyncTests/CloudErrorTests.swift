import SQLiteData
import Testing

/// How a sync error reads: what the server said on one line, in a sentence.
@Suite struct CloudErrorTests {
  @Test func libpqMessagesReadOnOneLine() {
    let refused = CloudError.unavailable(
      "connection to server at \"127.0.0.1\", port 1 failed: Connection refused\n\tIs the server running on that host?\n"
    )
    #expect(
      refused.description
        == "The sync server is unavailable: connection to server at \"127.0.0.1\", port 1 failed: Connection refused. Is the server running on that host? Changes are kept and sent when it is back."
    )
    #expect(
      CloudError.notAuthenticated("password authentication failed for user \"bob\"").description
        == "The sync server refused the credentials: password authentication failed for user \"bob\". Check the user name and password."
    )
  }
}
