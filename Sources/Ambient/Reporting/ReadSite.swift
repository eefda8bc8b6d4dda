import AmbientRuntime

/// Where a `@Dependency` was declared: the place a failure message names.
///
/// Each wrapper owns one (its ``DependencyRecord``, allocated when its owner is created) and
/// hands the values it reads an unretained pointer to it, which costs nothing on a read. Only a
/// cache miss, which may build a value and report an issue, publishes the site in a
/// thread-local for the build.
@usableFromInline
class ReadSite: @unchecked Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
  /// The key, when the wrapper was given one (`@Dependency(Database.self)`).
  let key: (any Any.Type)?

  @usableFromInline
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt, key: (any Any.Type)?) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
    self.key = key
  }

  /// An unretained pointer, valid while the wrapper that owns the site is alive.
  var pointer: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) }

  /// The site `pointer` points to.
  static func at(_ pointer: SitePointer?) -> ReadSite? { at(pointer?.raw) }

  /// The site `pointer` points to.
  static func at(_ pointer: UnsafeRawPointer?) -> ReadSite? {
    pointer.map { Unmanaged<ReadSite>.fromOpaque($0).takeUnretainedValue() }
  }

  var location: String { "\(fileID):\(line)" }

  /// How the user wrote the dependency, as in `\.apiClient`: read from the declaration's
  /// source line when it is on disk (tests and previews run where the sources are), otherwise
  /// built from the key's type.
  func dependencyDescription(key fallbackKey: any Any.Type) -> String {
    if let key { return "\(typeName(key)).self" }
    if let written = SourceText.dependencyArgument(filePath: "\(filePath)", line: Int(line)) { return written }
    return "\(typeName(fallbackKey)).self"
  }

  /// The site of the build in progress on this thread, if a `@Dependency` read started it.
  static var current: ReadSite? { at(ambient_read_site_get()) }

  /// Runs `body` (a build on a cache miss) with the site at `pointer` published as the
  /// current one, so that the key's getters can name it when they report.
  static func publishing<R>(_ pointer: SitePointer?, _ body: () throws -> R) rethrows -> R {
    let previous = ambient_read_site_exchange(pointer?.raw)
    defer { ambient_read_site_exchange(previous) }
    return try body()
  }
}

/// An unretained pointer to a ``ReadSite``; plain data, so copying values that carry it
/// counts no references. Valid while the wrapper that owns the site is alive.
@usableFromInline
struct SitePointer: @unchecked Sendable {
  @usableFromInline let raw: UnsafeRawPointer
}
