@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension CommandRunner.Outcome {
  /// Prints the outcome to the process's standard output and error, each followed by a
  /// newline; a stream that cannot be written is skipped (see ``StandardStream``).
  func emit() {
    if !output.isEmpty { StandardStream.output.write(output + "\n") }
    if !errorOutput.isEmpty {
      let line = isNotSetScreen
        ? NotSetScreen.paint(errorOutput, onTerminal: StandardStream.error.isTerminal)
        : errorOutput
      StandardStream.error.write(line + "\n")
    }
  }
}
