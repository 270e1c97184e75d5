#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `wcwidth` and ncurses' wide-character functions answer for the `LC_CTYPE` locale, and in the
/// default "C" locale every character beyond ASCII is unknown to them. The toolkit therefore makes
/// sure, once, that the character type locale is a UTF-8 one, preferring the user's.
enum TerminalLocale {
  /// True once `LC_CTYPE` names a UTF-8 locale.
  static let isUTF8: Bool = {
    if codesetIsUTF8() { return true }
    for candidate in ["", "C.UTF-8", "C.utf8", "en_US.UTF-8"] {
      if setlocale(LC_CTYPE, candidate) != nil, codesetIsUTF8() { return true }
    }
    return false
  }()

  static func ensureUTF8() {
    _ = isUTF8
  }

  private static func codesetIsUTF8() -> Bool {
    guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
    let name = String(cString: codeset).uppercased()
    return name == "UTF-8" || name == "UTF8"
  }
}
