import Foundation

/// Where programs keep their data, as the XDG base directory specification says:
/// `$XDG_DATA_HOME` when it is an absolute path, else `$HOME/.local/share`. `environment` reads a
/// variable, so that a program can refuse one that is not text.
public func xdgDataHome(environment: (String) throws -> String?) rethrows -> String {
  if let xdg = try environment("XDG_DATA_HOME"), xdg.hasPrefix("/") { return xdg }
  let home = try environment("HOME") ?? NSHomeDirectory()
  return (home as NSString).appendingPathComponent(".local/share")
}
