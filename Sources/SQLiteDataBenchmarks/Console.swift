import Foundation

/// Unbuffered output, so that each table row shows as soon as its workload is done, even when
/// standard output is a pipe.
enum Console {
  static func print(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  static func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
