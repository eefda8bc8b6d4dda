import AmbientRuntime

/// Where a `@Dependency` was declared: the place a failure message names.
///
/// One per declaration, interned for the life of the process (``interned(fileID:filePath:line:column:key:)``),
/// so the values a wrapper reads can carry an unretained pointer to it, which costs nothing on
/// a read and can never dangle, even in values a getter captured and used after its owner is
/// gone. Only a cache miss, which may build a value and report an issue, publishes the site in
/// a thread-local for the build.
@usableFromInline
final class ReadSite: @unchecked Sendable {
  // @unchecked: immutable; `StaticString` is plain data.
  /// Where the `@Dependency` is declared.
  let declaration: SourceLocation
  /// The key's identity, when the wrapper was given one (`@Dependency(Database.self)`).
  let keyIdentity: ObjectIdentifier?
  /// That key's name, as messages print it: formatted once, when the site is interned.
  let keyName: String?

  var fileID: StaticString { declaration.fileID }
  var filePath: StaticString { declaration.filePath }
  var line: UInt { declaration.line }
  var column: UInt { declaration.column }

  private init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt, key: (any Any.Type)?) {
    declaration = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    keyIdentity = key.map(ObjectIdentifier.init)
    keyName = key.map(typeName)
  }

  /// Every site created so far, by ``registryKey``; never shrinks, so lookups need no
  /// ``ConcurrentTable/withReading(_:)``.
  private static let registry = ConcurrentTable<ReadSite>(slot: ambient_site_registry_slot())

  /// The one site for this declaration and key, created on first use, as an unretained
  /// pointer (sites live as long as the process, so interning counts no references). The key
  /// is part of the identity: one generic declaration (`@Dependency(K.self)` in `Holder<K>`)
  /// reads a different key per specialisation, and its messages must name the one being read.
  @usableFromInline
  static func interned(
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt, key: (any Any.Type)?
  ) -> SitePointer {
    // Every `@Dependency` runs this when its owner is created (three per model with three): the
    // common case, a site interned before with its path at the same address, is found in the
    // direct-mapped cache in front of the registry (`ambient_site_cache`) with one load and
    // checked here alone, so it saves no registers and makes no call for the registry's probing.
    // What the cache buys, in instructions per operation (callgrind), against looking every
    // declaration up in the registry: "model creation, three @Dependency properties" 1,052 → 858.
    // Sound because an entry holds nothing or an interned site, stored with release (below) after
    // the site was made, and loaded with acquire: a thread that finds a site there sees it as its
    // maker wrote it. Sites are never freed, and one that another declaration left in the entry
    // fails the check: a miss.
    let siteKey = registryKey(filePath: filePath, line: line, column: column, key: key)
    let cacheEntry = ambient_site_cache_entry(siteKey)
    if let raw = ambient_atomic_load_acquire(cacheEntry) {
      let cached = SitePointer(raw: raw)
      if cached.borrowing({ $0.isDeclaredAtSameAddress(filePath: filePath, line: line, column: column, key: key) }) {
        return cached
      }
    }
    let site = internedOutOfLine(
      siteKey, fileID: fileID, filePath: filePath, line: line, column: column, key: key)
    // Sound because the site was made before this release store publishes it (readers acquire).
    // Two declarations whose keys share an entry take turns in it: each miss goes to the
    // registry, and the answer is the same.
    ambient_atomic_store_release(cacheEntry, site.raw)
    return site
  }

  /// The rest of ``interned(fileID:filePath:line:column:key:)``: a declaration not found in the
  /// cache (not interned yet, its entry taken by another, or its path at another address),
  /// looked up from `firstKey`, the declaration's registry key, which the caller already made.
  @inline(never)
  private static func internedOutOfLine(
    _ firstKey: UInt, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt,
    key: (any Any.Type)?
  ) -> SitePointer {
    var siteKey = firstKey
    // The registry publishes through static storage, found without a lazy-initialisation check;
    // before its first insertion the slot is empty and there is nothing to find.
    // Sound because the slot is static storage, and the registry is never freed and removes
    // nothing, so no block a reader finds there is freed (see `ConcurrentTable.rawElement`).
    let registrySlot = ambient_site_registry_slot()
    if ambient_atomic_load_acquire(registrySlot) != nil {
      // Linear probing over keys: a different declaration whose key collides takes the next one.
      while let raw = ConcurrentTable<ReadSite>.rawElement(siteKey, in: registrySlot) {
        let found = SitePointer(raw: raw)
        if found.borrowing({ $0.isDeclared(filePath: filePath, line: line, column: column, key: key) }) { return found }
        siteKey = next(after: siteKey)
      }
    }
    while true {
      let site = registry.element(for: siteKey) {
        ReadSite(fileID: fileID, filePath: filePath, line: line, column: column, key: key)
      }
      if site.isDeclared(filePath: filePath, line: line, column: column, key: key) {
        return SitePointer(site)
      }
      siteKey = next(after: siteKey)
    }
  }

  private static func registryKey(filePath: StaticString, line: UInt, column: UInt, key: (any Any.Type)?) -> UInt {
    let path = filePath.hasPointerRepresentation ? UInt(bitPattern: filePath.utf8Start) : 0
    let keyBits = key.map { UInt(bitPattern: ObjectIdentifier($0)) } ?? 0
    return next(after: ((path &* 31 &+ line) &* 1_000_003 &+ column) ^ keyBits &- 1)
  }

  /// The probe after `siteKey`, skipping 0 (a table's free-entry mark).
  private static func next(after siteKey: UInt) -> UInt { siteKey &+ 1 == 0 ? 1 : siteKey &+ 1 }

  /// Whether this is the site of that declaration, with the path at the same address: the
  /// quick check; ``isDeclared(filePath:line:column:key:)`` also compares the paths' text.

  private func isDeclaredAtSameAddress(filePath: StaticString, line: UInt, column: UInt, key: (any Any.Type)?) -> Bool {
    self.line == line && self.column == column && keyIdentity == key.map(ObjectIdentifier.init)
      && self.filePath.hasPointerRepresentation && filePath.hasPointerRepresentation
      && self.filePath.utf8Start == filePath.utf8Start
  }

  private func isDeclared(filePath: StaticString, line: UInt, column: UInt, key: (any Any.Type)?) -> Bool {
    guard self.line == line, self.column == column else { return false }
    guard keyIdentity == key.map(ObjectIdentifier.init) else { return false }
    if self.filePath.hasPointerRepresentation, filePath.hasPointerRepresentation {
      return self.filePath.utf8Start == filePath.utf8Start
        || self.filePath.withUTF8Buffer { mine in filePath.withUTF8Buffer { mine.elementsEqual($0) } }
    }
    return "\(self.filePath)" == "\(filePath)"
  }

  /// The site `pointer` points to.
  static func at(_ pointer: SitePointer?) -> ReadSite? { pointer?.site }

  var location: String { "\(fileID):\(line)" }

  /// How the user wrote the dependency, as in `\.apiClient`: read from the declaration's
  /// source line when it is on disk (tests and previews run where the sources are), otherwise
  /// built from the key's type.
  func dependencyDescription(key fallbackKey: any Any.Type) -> String {
    if let keyName { return "\(keyName).self" }
    if let written = writtenArgument { return written }
    return "\(typeName(fallbackKey)).self"
  }

  /// The `@Dependency(…)` argument as written on the declaration's line, read from disk once:
  /// traces ask for it on every watched read.
  private var writtenArgument: String? {
    written.withValue { cached in
      if let cached { return cached }
      let argument = SourceText.dependencyArgument(filePath: "\(filePath)", line: Int(line))
      cached = .some(argument)
      return argument
    }
  }

  /// ``writtenArgument`` once read: `nil` until then, `.some(nil)` when the source had none.
  private let written = LockIsolated<String??>(nil)

  /// The site of the build in progress on this thread, if a `@Dependency` read started it.
  static var current: ReadSite? { ambient_read_site_get().map { SitePointer(raw: $0).site } }

  /// Runs `body` (a build on a cache miss) with the site at `pointer` published as the
  /// current one, so that the key's getters can name it when they report.
  static func publishing<R>(_ pointer: SitePointer?, _ body: () throws -> R) rethrows -> R {
    let previous = ambient_read_site_exchange(pointer?.raw)
    defer { ambient_read_site_exchange(previous) }
    return try body()
  }
}

/// An unretained pointer to a ``ReadSite``; plain data, so copying values that carry it
/// counts no references. Made only from an interned site, which is never freed.
@usableFromInline
struct SitePointer: @unchecked Sendable {
  // @unchecked: sites are immutable and immortal (interned for the process), so the pointer is
  // valid and its target safe to read from any thread.
  // Sound because every pointer was made by `init(_:)` from an interned site, and the registry
  // holds every site for the process: the address stays valid however long it is kept.
  @usableFromInline let raw: UnsafeRawPointer

  // Sound because only ever given a word that holds what `init(_:)` made: a site cache entry, a
  // registry element, or the site a thread published for a build.
  init(raw: UnsafeRawPointer) { self.raw = raw }

  // Sound because the site is interned, so its address is valid without a retain of its own.
  init(_ site: ReadSite) { raw = UnsafeRawPointer(bitPattern: UInt(bitPattern: ObjectIdentifier(site)))! }

  /// The site this points to.
  // Sound because the registry's reference keeps the site alive; the caller retains its copy.
  var site: ReadSite { Unmanaged<ReadSite>.fromOpaque(raw).takeUnretainedValue() }

  /// Calls `body` with the site this points to, counting no reference: every `@Dependency`
  /// initialisation looks at a site this way. Retained and released around the check instead,
  /// "model creation, three @Dependency properties" cost 1,062 instructions instead of 858.
  // Sound because the registry's reference, never given up, is the owning reference a
  // guaranteed reference needs while `body` runs.
  func borrowing<R>(_ body: (ReadSite) -> R) -> R {
    Unmanaged<ReadSite>.fromOpaque(raw)._withUnsafeGuaranteedRef(body)
  }
}
