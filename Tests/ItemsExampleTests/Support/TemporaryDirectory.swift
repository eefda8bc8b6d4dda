import Foundation

/// Runs `body` with a fresh directory of its own, removed afterwards whatever happens.
func withTemporaryDirectory<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: (URL) async throws -> R
) async throws -> R {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("ItemsExampleTests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  return try await body(directory)
}

/// The names in a directory, sorted: to check that nothing but the store is left behind.
func contents(of directory: URL) throws -> [String] {
  try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
}

func write(_ text: String, to url: URL) throws {
  try Data(text.utf8).write(to: url)
}

func text(at url: URL) throws -> String {
  String(decoding: try Data(contentsOf: url), as: UTF8.self)
}
