import SQLiteData
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

// terminalui-demo [--db FILE] [--tick] [--allow-crash] [--mouse]
//
//   --db FILE      keep the counters in FILE (default: a new file in the temporary folder); the
//                  list follows writes made to it by other processes
//   --tick         count seconds in the header, from a background thread
//   --allow-crash  bind "!" to a deliberate crash, to see the terminal restored
//   --mouse        select with clicks and scroll with the wheel

let arguments = CommandLine.arguments.dropFirst()
let databasePath = arguments.firstIndex(of: "--db").flatMap { index in
  arguments.index(after: index) < arguments.endIndex ? arguments[arguments.index(after: index)] : nil
}

/// Prints a message on standard error (the terminal has been restored by then).
func complain(_ message: String) {
  let line = Array("terminalui-demo: \(message)\n".utf8)
  _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

do {
  let database = try DemoDatabase.open(path: databasePath)
  prepareDependencies {
    $0.defaultDatabase = database
    // The screen is drawn on the main actor: live values change between frames, never during one.
    $0.liveValueScheduler = .mainActor
  }
} catch {
  complain("\(error)")
  exit(1)
}
/// Ends the demo, removing its temporary database when it made one.
func finish(_ status: Int32) -> Never {
  if databasePath == nil { DemoDatabase.removeTemporaryFiles() }
  exit(status)
}
let model = DemoModel()
let app = DemoApp(model: model, allowsCrash: arguments.contains("--allow-crash"))
let loop: MainLoop
do {
  loop = try MainLoop(application: app, options: TerminalOptions(mouse: arguments.contains("--mouse")))
} catch {
  complain("\(error)")
  finish(1)
}
app.loop = loop

if arguments.contains("--tick") {
  BackgroundThread.detach {
    while true {
      var second = timespec(tv_sec: 1, tv_nsec: 0)
      nanosleep(&second, nil)
      MainLoop.post { model.ticks += 1 }
    }
  }
}

do {
  let reason = try await loop.run()
  finish(reason.exitStatus)
} catch {
  complain("\(error)")
  finish(1)
}
