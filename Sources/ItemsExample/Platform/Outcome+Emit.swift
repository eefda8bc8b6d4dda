#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension CommandRunner.Outcome {
  /// Prints the outcome to the process's standard output and error, each followed by a
  /// newline, and returns the exit status.
  ///
  /// Output that cannot be written (standard output full or closed) is a failure: status 1,
  /// and one line on standard error saying why. A broken pipe is status 1 without the line:
  /// the reader left on purpose (`items | head -1`), as a shell's `SIGPIPE` would end it. An
  /// error line that cannot be written is dropped: there is nowhere left to report it.
  func emit() -> Int32 {
    var outcome = self
    if !output.isEmpty {
      do {
        try StandardStream.output.write(output + "\n")
      } catch {
        outcome.status = 1
        if error.code != EPIPE {
          let reason = FailureReason.posix(error.code).description
          outcome.errorOutput = "items: error: \(ItemsError.outputUnwritable(reason: reason))"
        }
      }
    }
    if !outcome.errorOutput.isEmpty {
      // Only the not-set screen is painted, and only where a person sees it.
      let onTerminal = isNotSetScreen && StandardStream.error.isTerminal
      try? StandardStream.error.write(NotSetScreen.paint(outcome.errorOutput, onTerminal: onTerminal) + "\n")
    }
    return outcome.status
  }
}
