@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension CommandRunner.Outcome {
  /// Prints the outcome to the process's standard output and error, each followed by a
  /// newline; a stream that cannot be written is skipped (see ``StandardStream``).
  func emit() {
    if !output.isEmpty { StandardStream.output.write(output + "\n") }
    if !errorOutput.isEmpty {
      // Only the not-set screen is painted, and only where a person sees it.
      let onTerminal = isNotSetScreen && StandardStream.error.isTerminal
      StandardStream.error.write(NotSetScreen.paint(errorOutput, onTerminal: onTerminal) + "\n")
    }
  }
}
