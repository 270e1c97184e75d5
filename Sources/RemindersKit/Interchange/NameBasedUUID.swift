import Foundation

extension UUID {
  /// The name-based UUID (version 5, RFC 9562) of `name` in `namespace`: the same name always
  /// gives the same id. An iCalendar UID that is not a UUID becomes one this way, so that
  /// importing the same file again updates its to-dos instead of adding them twice.
  init(name: String, namespace: UUID) {
    var bytes = withUnsafeBytes(of: namespace.uuid) { Array($0) }
    bytes += Array(name.utf8)
    var hash = SHA1.digest(bytes)
    hash[6] = (hash[6] & 0x0F) | 0x50  // version 5
    hash[8] = (hash[8] & 0x3F) | 0x80  // the RFC's variant
    self.init(
      uuid: (
        hash[0], hash[1], hash[2], hash[3], hash[4], hash[5], hash[6], hash[7], hash[8], hash[9], hash[10],
        hash[11], hash[12], hash[13], hash[14], hash[15]
      ))
  }
}

/// SHA-1, for name-based UUIDs alone (which the RFC defines with it): not for anything that needs
/// a secure hash.
enum SHA1 {
  static func digest(_ message: [UInt8]) -> [UInt8] {
    var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
    var padded = message + [0x80]
    padded += [UInt8](repeating: 0, count: (64 - (padded.count + 8) % 64) % 64)
    let bitCount = UInt64(message.count) * 8
    padded += (0..<8).map { UInt8(truncatingIfNeeded: bitCount >> (56 - 8 * $0)) }
    var words = [UInt32](repeating: 0, count: 80)
    for block in stride(from: 0, to: padded.count, by: 64) {
      for index in 0..<16 {
        let start = block + index * 4
        words[index] = padded[start..<start + 4].reduce(0) { $0 << 8 | UInt32($1) }
      }
      for index in 16..<80 {
        words[index] = (words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16]).rotated(
          1)
      }
      var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
      for index in 0..<80 {
        let (f, k): (UInt32, UInt32) =
          switch index {
          case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
          case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
          case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
          default: (b ^ c ^ d, 0xCA62_C1D6)
          }
        let next = a.rotated(5) &+ f &+ e &+ k &+ words[index]
        (e, d, c, b, a) = (d, c, b.rotated(30), a, next)
      }
      state[0] &+= a
      state[1] &+= b
      state[2] &+= c
      state[3] &+= d
      state[4] &+= e
    }
    return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) } }
  }
}

extension UInt32 {
  fileprivate func rotated(_ count: UInt32) -> UInt32 { self << count | self >> (32 - count) }
}
