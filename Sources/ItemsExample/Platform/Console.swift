import Ambient

/// What `items` says to a person watching it work, as opposed to its results and errors.
///
/// Live: a line on standard error, only when standard error is a terminal, so scripts and
/// logs never see it. Test: `unimplemented`; a test that expects a note overrides it and
/// records the lines.
struct Console: Sendable {
  /// Shows one line of progress, such as a load that is taking a while.
  var note: @Sendable (String) -> Void
}

extension Console: DependencyKey {
  static let liveValue = Console(note: { line in
    guard StandardStream.error.isTerminal else { return }
    try? StandardStream.error.write(line + "\n")
  })

  static let testValue = Console(note: unimplemented("Console.note"))
}

extension DependencyValues {
  /// Where progress notes go.
  var console: Console {
    get { self[Console.self] }
    set { self[Console.self] = newValue }
  }
}
