import Ambient

/// The command line's equivalent of the red "not set" screen a SwiftUI `DependencyProvider`
/// shows: one line on standard error, `AppDependency is not set.`, white on red when standard
/// error is a terminal, and a non-zero exit.
///
/// Thrown where a screen needs the ``AppDependency`` that was never installed; `items` runs
/// that way when `ITEMS_WITHOUT_APP_DEPENDENCY=1` (see ``CommandRunner``).
struct NotSetScreen: Error, Equatable {
  /// What the screen says, from Ambient's `ProviderFallback`. Always shown: a command line has
  /// no empty screen to fall back to.
  let fallback: ProviderFallback

  init<Missing>(missing type: Missing.Type) {
    fallback = ProviderFallback(missing: type, isVisible: true)
  }

  /// `line` as the screen shows it: white on red on a terminal, plain text otherwise (a file,
  /// a pipe, a test), so scripts read exactly the words.
  static func paint(_ line: String, onTerminal: Bool) -> String {
    onTerminal ? "\u{1B}[1;37;41m\(line)\u{1B}[0m" : line
  }
}
