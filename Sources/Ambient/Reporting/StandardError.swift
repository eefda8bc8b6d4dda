import AmbientRuntime

/// Writes runtime warnings where a developer sees them, without crashing anything.
///
/// A warning that cannot be written (standard error closed, full, or a pipe nobody reads) is
/// dropped: losing a warning is better than stopping the program that would have printed it.
/// `FileHandle.write` traps on those errors, so this goes to `write(2)` directly.
enum StandardError {
  static func write(_ text: String) {
    var line = text
    if !line.hasSuffix("\n") { line += "\n" }
    line.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return }
      ambient_write_or_drop(2, base, bytes.count)
    }
  }
}
