// Steps 1 and 2 of the read path (README.md): what a `@Dependency` read does with the values its
// owner captured and the values bound where it reads.

extension Dependency {
  /// The read behind ``wrappedValue``, given the wrapper's reader, overrides and site as plain
  /// data.
  ///
  /// Sound because the borrowed reader and overrides stay valid for the whole read: the wrapper
  /// owns them, and it stays where it was read from while the read runs. Its owner is kept alive
  /// by the caller, and the only code a read runs is the key path's getters and, when a default
  /// is missing, that value's build. A getter (a `DependencyValues` property) could replace the
  /// wrapper only by assigning its owner's private overrides (`_name`) from inside the read of
  /// that very wrapper; a build binds the values it reads (a copy, retained by the binding), so
  /// even a build that replaced this very wrapper could not free what the read still uses. What
  /// the read returns is the reader's own copy, owned by the caller.
  @inlinable @inline(never)
  static func read(
    _ reader: DependencyReader<Value>.Unretained, captured: Unmanaged<Overrides>?, site: SitePointer?
  ) -> Value {
    // The same read twice: with a reader whose context is known to be `nil` (the common case),
    // the copy of the reader calls nothing; otherwise it retains the context for the call.
    if reader.isContextFree { return read(reader.contextFreeReader, captured: captured, site: site) }
    return read(reader.reader, captured: captured, site: site)
  }

  /// The read behind ``wrappedValue``, with the reader rebuilt.
  // Sound because every set of overrides passed on unretained here is kept alive by an owner that
  // outlives the read: the captured ones by the wrapper (above), the current ones by their binding
  // (below), a flattened copy by `withExtendedLifetime`.
  @inlinable
  static func read(
    _ reader: DependencyReader<Value>, captured: Unmanaged<Overrides>?, site: SitePointer?
  ) -> Value {
    // The common cases (nothing overridden at the read, or the same scope as at creation)
    // read the captured values as they are: no allocation, no lock, and the current values
    // are only looked at, in place, or not at all while no overrides are bound anywhere in the
    // process (`BoundOverrides.swift` says why that needs no lookup).
    if DependencyValues.noOverridesBound { return read(reader, captured, over: nil, site: site) }
    // Sound because the binding retains the values it holds, and stays bound until this
    // synchronous read returns (`boundValues`): its overrides may be borrowed until then.
    guard let bound = DependencyValues.boundValues,
      let current = bound.pointee._overrides.map({ Unmanaged.passUnretained($0) }),
      current.toOpaque() != captured?.toOpaque()
    else {
      return read(reader, captured, over: nil, site: site)
    }
    // Another scope is current: its overrides win, then the captured ones; no merged copy.
    // (Unless values read through `@Dependency(\.self)` were bound with `$_current.withValue`
    // as they were, with a layer of their own: merged then, as they are rare.)
    // Sound because the merged copy is kept alive by `withExtendedLifetime` for the whole read.
    if bound.pointee._captured != nil {
      let flattened = bound.pointee.flattenedOverrides
      return withExtendedLifetime(flattened) {
        read(reader, flattened.map { Unmanaged.passUnretained($0) }, over: captured, site: site)
      }
    }
    return read(reader, current, over: captured, site: site)
  }

  /// Reads through `reader` the values made of `overrides` over `captured`, each borrowed, not
  /// retained.
  // Sound because the caller keeps both alive for the whole call (each caller says how): an
  // owning reference elsewhere while each closure runs is all a guaranteed reference needs.
  @inlinable
  static func read(
    _ reader: DependencyReader<Value>,
    _ overrides: Unmanaged<Overrides>?,
    over captured: Unmanaged<Overrides>?,
    site: SitePointer?
  ) -> Value {
    let read = reader.read
    guard let overrides else {
      guard let captured else { return read(DependencyValues(overrides: nil, site: site)) }
      return captured._withUnsafeGuaranteedRef { read(DependencyValues(overrides: $0, site: site)) }
    }
    // Sound because: see this function's comment; the caller keeps both alive.
    return overrides._withUnsafeGuaranteedRef { overrides in
      guard let captured else { return read(DependencyValues(overrides: overrides, site: site)) }
      return captured._withUnsafeGuaranteedRef { captured in
        read(DependencyValues(reading: overrides, over: captured, site: site))
      }
    }
  }
}

extension DependencyValues {
  /// What a `@Dependency` keeps of the current values: their overrides pinned to their root,
  /// and the declaration's site; and whether the declaration is made while a derived default is
  /// built (the wrapper then reads once, so that the build records it). Not generic and not
  /// inlined, so every wrapper shares one copy.
  @usableFromInline
  static func captureForDeclaration(
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt, key: (any Any.Type)?
  ) -> (Overrides?, SitePointer, isInDerivedBuild: Bool) {
    let site = ReadSite.interned(fileID: fileID, filePath: filePath, line: line, column: column, key: key)
    let captured = current.pinnedToRoot.flattenedOverrides
    return (captured, site, captured?.tracer?.isRecordingInputs ?? false)
  }
}

/// Lets `withDependencies(from:)` find the values a model captured, whatever their `Value`.
protocol CapturedDependencies {
  var capturedValues: DependencyValues { get }
}

extension Dependency: CapturedDependencies {}
