import Foundation

/// Writes runtime warnings where a developer sees them without crashing anything.
enum StandardError {
  static func write(_ text: String) {
    var line = text
    if !line.hasSuffix("\n") { line += "\n" }
    FileHandle.standardError.write(Data(line.utf8))
  }
}
