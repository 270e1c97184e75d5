import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Why a file could not be read or written, in the system's words ("Is a directory", "Permission
/// denied", "No space left on device"): Foundation's own description is only an error number
/// ("NSCocoaErrorDomain error 256").
func fileErrorReason(_ error: any Error) -> String {
  let nsError = error as NSError
  if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
    underlying.domain == NSPOSIXErrorDomain
  {
    return String(cString: strerror(Int32(underlying.code)))
  }
  if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
  return error.localizedDescription
}

/// A system call's error, described in the system's words.
struct SystemError: Error, CustomStringConvertible {
  let errno: Int32
  var description: String { String(cString: strerror(errno)) }
}
