import AmbientRuntime

/// Where a `@Dependency` was declared, and what it reads: the place a failure message names.
///
/// The wrapper publishes a pointer to its site in a thread-local for the duration of a read,
/// so that a default value built on a cache miss (and any issue it reports) knows where it
/// was used without a task-local binding on every read.
struct ReadSite: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
  /// What the `@Dependency` reads.
  let name: DependencyName

  /// How the user wrote the dependency, as in `@Dependency(\.apiClient)`.
  var dependencyDescription: String { name.description }

  var location: String { "\(fileID):\(line)" }

  /// The site of the read in progress on this thread, if a `@Dependency` started it.
  static var current: ReadSite? {
    ambient_read_site_get()?.assumingMemoryBound(to: ReadSite.self).pointee
  }

  /// Runs `body` with this site published as the current one.
  @inline(__always)
  func publish<R>(_ body: () throws -> R) rethrows -> R {
    try withUnsafePointer(to: self) { pointer in
      let previous = ambient_read_site_exchange(pointer)
      defer { ambient_read_site_exchange(previous) }
      return try body()
    }
  }
}
