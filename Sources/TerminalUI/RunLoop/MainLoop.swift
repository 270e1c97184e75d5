import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The run loop of a full-screen program. It owns ncurses on the main actor and is built on the
/// main dispatch queue (the main actor's executor), so work from other threads arrives with
/// `post` (or any `@MainActor` task) in order with key presses and signals.
///
/// It waits on standard input, on a pipe that signals are relayed through (`SIGWINCH` resizes,
/// `SIGINT`/`SIGTERM`/`SIGHUP` end the loop, `SIGTSTP` and Ctrl-Z suspend, `SIGCONT` redraws),
/// and on the main queue; it draws only when something changed, at most one frame per
/// `frameInterval` on average (`FramePacer`). The terminal is restored when `run` returns, and by `CrashGuard` if the program
/// crashes.
///
/// Observable values the views read should change on the main actor, between frames: Swift
/// Observation starts watching what a frame read only once the frame is drawn, so a change made
/// by another thread while it is drawn goes unseen until the next one. (With SQLiteData, set
/// `liveValueScheduler` to `.mainActor` at launch.)
@MainActor
public final class MainLoop {
  public let terminal: CursesTerminal
  public let host: ApplicationHost
  /// When frames may be drawn: about 60 a second, a few at once after a quiet moment.
  public var pacer = FramePacer(interval: .milliseconds(16))
  private var sources: [any DispatchSourceProtocol] = []
  private var escapeTimer: DispatchWorkItem?
  /// When the frame already scheduled is drawn; nil when none is.
  private var frameDeadline: ContinuousClock.Instant?
  private var exitReason: ExitReason?
  private var completion: CheckedContinuation<Void, Never>?
  private var isSuspended = false

  /// Prepares to run an application; fails with a clear message when there is no terminal.
  public init(application: any Application, options: TerminalOptions = TerminalOptions())
    throws(TerminalError)
  {
    terminal = try CursesTerminal(options: options)
    host = ApplicationHost(backend: terminal, application: application)
    host.onInvalidate = { [unowned self] promptly in scheduleFrame(promptly: promptly) }
    host.onRequest = { [unowned self] request in
      switch request {
      case .suspend: suspend()
      }
    }
  }

  /// Runs work on the main actor, in the order posted, from any thread.
  public nonisolated static func post(_ work: @escaping @Sendable @MainActor () -> Void) {
    DispatchQueue.main.async { MainActor.assumeIsolated(work) }
  }

  /// Takes the terminal, runs until the application quits or a signal ends it, and gives the
  /// terminal back.
  public func run() async throws(TerminalError) -> ExitReason {
    try terminal.start()
    CrashGuard.install()
    _ = SignalRelay.install()
    startSources()
    host.invalidate()
    renderFrame()
    if exitReason == nil {
      await withCheckedContinuation { completion = $0 }
    }
    stopSources()
    SignalRelay.uninstall()
    terminal.stop()
    CrashGuard.uninstall()
    return exitReason ?? .quit
  }

  /// Ends the loop as if the application had quit.
  public func quit() {
    finish(.quit)
  }

  /// Marks the screen out of date; a frame follows within the pacer's interval.
  public func invalidate() {
    host.invalidate()
  }

  /// Redraws at a given moment (when a status message expires, say).
  public func redraw(at instant: ContinuousClock.Instant) {
    let delay = ContinuousClock.now.duration(to: instant)
    DispatchQueue.main.asyncAfter(deadline: .now() + delay.dispatchInterval) { [weak self] in
      MainActor.assumeIsolated { self?.host.invalidate() }
    }
  }

  /// Gives the terminal back to the shell and stops the process until it is continued (`fg`),
  /// then redraws.
  public func suspend() {
    guard !isSuspended else { return }
    // Stopped where nothing can continue it, the program would hang with the terminal given
    // back: it keeps running and the application says why.
    guard JobControl.canStopThisJob else {
      host.application.suspendIsUnavailable()
      host.invalidate()
      return
    }
    isSuspended = true
    terminal.suspend()
    // What Ctrl-Z does in a cooked terminal: stop the whole job (a script that started this
    // program, a pipeline) so the shell sees it stopped. This process ignores that stop and
    // stops itself with SIGSTOP, which takes effect before `raise` returns, so nothing is drawn
    // until the job is continued.
    SignalRelay.ignoring(SIGTSTP) { _ = kill(0, SIGTSTP) }
    raise(SIGSTOP)
    terminal.resume()
    isSuspended = false
    // The stop and continue signals of this very suspension are done with; others still count.
    for signal in SignalRelay.drain() where signal != SIGTSTP && signal != SIGCONT {
      handleSignal(signal)
    }
    readAvailableInput()
    host.invalidate()
  }

  /// Runs `body` with the terminal handed back to the shell (for an editor or a pager), then
  /// takes it again and redraws.
  public func withTerminalSuspended<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
    terminal.suspend()
    defer {
      terminal.resume()
      host.invalidate()
    }
    return try body()
  }

  private func startSources() {
    let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
    input.setEventHandler { [unowned self] in MainActor.assumeIsolated { readAvailableInput() } }
    input.resume()
    sources.append(input)
    if let signalFD = SignalRelay.readEnd {
      let signals = DispatchSource.makeReadSource(fileDescriptor: signalFD, queue: .main)
      signals.setEventHandler { [unowned self] in
        MainActor.assumeIsolated {
          for signal in SignalRelay.drain() { handleSignal(signal) }
        }
      }
      signals.resume()
      sources.append(signals)
    }
  }

  private func stopSources() {
    for source in sources { source.cancel() }
    sources = []
    escapeTimer?.cancel()
    escapeTimer = nil
  }

  private func readAvailableInput() {
    let input = terminal.readInput()
    guard !input.isEmpty else { return }
    escapeTimer?.cancel()
    escapeTimer = nil
    host.receive(input)
    if host.isHoldingEscape {
      let timer = DispatchWorkItem { [weak self] in
        MainActor.assumeIsolated {
          guard let self else { return }
          self.escapeTimer = nil
          self.host.escapeDelayElapsed()
          self.checkFinished()
        }
      }
      escapeTimer = timer
      DispatchQueue.main.asyncAfter(
        deadline: .now() + terminal.options.escapeDelay.dispatchInterval, execute: timer)
    }
    checkFinished()
  }

  private func handleSignal(_ signal: Int32) {
    switch signal {
    case SIGWINCH:
      terminal.updateSize()
      readAvailableInput()
      host.invalidate()
    case SIGINT:
      finish(.interrupted)
    case SIGTERM, SIGHUP:
      finish(.terminated(signal: signal))
    case SIGTSTP:
      suspend()
    case SIGCONT:
      // Continued after a stop the loop did not make itself: the screen may be anything.
      terminal.resume()
      host.invalidate()
    default:
      break
    }
  }

  private func checkFinished() {
    if host.isFinished, exitReason == nil {
      finish(host.wasInterrupted ? .interrupted : .quit)
    }
  }

  private func finish(_ reason: ExitReason) {
    guard exitReason == nil else { return }
    exitReason = reason
    host.finish()
    completion?.resume()
    completion = nil
  }

  /// Draws on the next turn of the main queue, after what is queued there (keys read together, a
  /// live value's delivery). A frame for an observed change waits when the pacer says frames come
  /// too fast; one for a key never does, and brings a waiting frame forward.
  private func scheduleFrame(promptly: Bool) {
    let now = ContinuousClock.now
    let delay = promptly ? .zero : pacer.delay(at: now)
    if let frameDeadline, frameDeadline <= now + delay { return }
    frameDeadline = now + delay
    let draw: @Sendable () -> Void = { [weak self] in MainActor.assumeIsolated { self?.renderFrame() } }
    if delay == .zero {
      DispatchQueue.main.async(execute: draw)
    } else {
      DispatchQueue.main.asyncAfter(deadline: .now() + delay.dispatchInterval, execute: draw)
    }
  }

  private func renderFrame() {
    frameDeadline = nil
    guard exitReason == nil else { return }
    if host.needsRender { pacer.drew(at: .now) }
    host.renderIfNeeded()
    checkFinished()
  }
}

extension Duration {
  /// The duration for dispatch's timers.
  var dispatchInterval: DispatchTimeInterval {
    let (seconds, attoseconds) = components
    return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
  }
}
