import SQLiteData
import Testing

/// Upstream's `OverloadFavorabilityTests`: with the query builder imported, plain Swift values
/// keep the standard library's methods. Upstream's latest version has the file commented out;
/// this is its previous, live one.
@Suite("Upstream: overload favorability")
struct OverloadFavorabilityTests {
  @Test func basics() {
    do {
      let result = 42.signum()
      #expect(result == 1)
    }
    do {
      let result = 4.2.sign
      #expect(result == .plus)
    }
    do {
      let result = "a".contains("a")
      #expect(result == true)
    }
    do {
      let result = "abc".hasPrefix("a") && "abc".hasSuffix("c")
      #expect(result == true)
    }
    do {
      let result = "a".uppercased()
      #expect(result == "A")
    }
    do {
      let result = "A".lowercased()
      #expect(result == "a")
    }
    do {
      let result = [1, 2, 3].count
      #expect(result == 3)
    }
  }
}
